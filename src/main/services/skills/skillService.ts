/**
 * Skills as the host serves them. Every skill — the person's local folders (through the builtin
 * `skills` server) and every extension that declares `io.modelcontextprotocol/skills` — takes one
 * path: listed with `skills/list` over the extension's session, keyed by (extension, SKILL.md URI),
 * read and checked with the SDK's `SkillsClient` (extensions/skills/skillReads.ts). What is ours:
 *
 * - **Consent.** A skill is off until the person turns it on; for a server's skill the consent binds
 *   to the `{uri, digest}` set seen then, and a changed set reads "changed — needs approval again".
 *   `"dynamic"` skills are approved one by one, and only for this run (skillConsent.ts).
 * - **Clashes.** One name, one skill: a project skill beats a personal one, a local skill beats a
 *   server's; the loser is listed as shadowed. Two servers' skills of one name are both kept, named
 *   `<extension>:<name>` for the model.
 * - **Progressive disclosure.** Only enabled skills' names and descriptions reach the model (the
 *   system prompt's "Skills" part, at most SKILL_LIST_TOKEN_CAP tokens: descriptions are cut at
 *   DESCRIPTION_CUT characters beyond it, and names alone are listed when even that is too long);
 *   `load_skill` fetches SKILL.md, then files it lists. Nothing of
 *   a skill's files is fetched before it is loaded or previewed.
 */
import { lstat, rm, unlink } from 'node:fs/promises'
import { join } from 'node:path'
import type { ExtensionManager } from '../../extensions/extensionManager'
import type { CatalogTool } from '../../extensions'
import { listSkills, readSkillFile, type Skill, type SkillListing, type VerifiedSkillFile } from '../../extensions/skills/skillReads'
import { tokensOf } from '../../agent/toolSearch/tokenWeight'
import { log } from '../../log/log'
import type { SkillPreview, SkillsResource, SkillSourceKind, SkillState, SkillView } from '../../../shared/skillsApi'
import type { HostToolArgs, HostToolResult } from '../../../shared/hostApi'
import { openLocalSkills, skillFolders, type LocalSkills, type SkillFolder } from './localSkills'
import { manifestSet, openSkillConsent, skillKey, type Scope } from './skillConsent'
import { createSkill, importSkills } from './skillImport'

/** The extension id of the builtin server of the person's local skills. */
export const LOCAL_SKILLS_EXTENSION = 'skills'

/** Most tokens the model's list of skills may take; past it, descriptions are cut (see DESCRIPTION_CUT). */
export const SKILL_LIST_TOKEN_CAP = 1500
/** Where a description is cut, in characters, when the whole list would pass SKILL_LIST_TOKEN_CAP (the full text comes with load_skill). */
export const DESCRIPTION_CUT = 120

/** A turn asking: its session and agent. */
export interface SkillTurn {
  sessionId: string
  agentId?: string
}

export interface SkillServiceOptions {
  dataDir: string
  /** The home folder personal skills are looked for in (`~/.agents/skills`, `~/.claude/skills`); tests give their own. */
  home: string
  /** The root folders the person gave (settings); `.agents/skills` and `.claude/skills` under each are project skills. */
  roots: () => readonly { path: string; name?: string }[]
  manager: Pick<ExtensionManager, 'get' | 'config' | 'connection' | 'onChange' | 'list'>
  /** The tools enabled now: whether any can run a skill's scripts. */
  tools: () => readonly CatalogTool[]
  /** Prompt names now in the catalog: a bare `/name` is a skill only when no prompt has that name. */
  promptNames?: () => readonly string[]
  /** The turn a load_skill call's caller token names; undefined when not a turn (the call was made by hand). */
  callerOf: (token: string) => SkillTurn | undefined
}

interface SkillRecord {
  key: string
  extensionId: string
  extensionName: string
  entry: Skill
  name: string
  description: string
  source: SkillSourceKind
  sourceLabel: string
  folder?: SkillFolder
  path?: string
  dynamic: boolean
  /** The manifest's fingerprint; undefined for local skills (consent is per folder) and dynamic ones. */
  set?: string
  rank: number
  shadowedBy?: string
  modelName: string
}

export interface SkillService {
  /** The local catalog the builtin `skills` server serves. */
  readonly local: LocalSkills
  view(): SkillsResource
  onChange(listener: () => void): () => void
  /** The "Skills" part of a turn's system prompt: enabled skills' names and descriptions; undefined when none. */
  promptFor(turn: SkillTurn): string | undefined
  /** load_skill: SKILL.md of an enabled skill, or one file it lists. */
  load(input: { name: string; path?: string }, caller: string | undefined): Promise<{ text: string; isError?: boolean }>
  /**
   * The composer's `/skill:name rest` (and `/name rest` when `name` is a skill and no prompt): the
   * skill loaded by hand (checked as load_skill checks it) followed by the rest, for the model; the
   * message as typed, for the person. Undefined when the text is no skill command. Throws for
   * `/skill:` with no such skill turned on.
   */
  expandCommand(turn: SkillTurn, text: string): Promise<{ text: string; shown: string } | undefined>
  add(input: HostToolArgs<'skill_add'>): Promise<HostToolResult<'skill_add'>>
  remove(extensionId: string, uri: string): Promise<HostToolResult<'skill_remove'>>
  setEnabled(input: HostToolArgs<'skill_set_enabled'>): Promise<SkillView>
  preview(extensionId: string, uri: string): Promise<SkillPreview>
  readFile(extensionId: string, uri: string, path: string): Promise<HostToolResult<'skill_read_file'>>
  /** Scans the local folders again and lists every skills server again. */
  refresh(): Promise<void>
  /** Root folders may have changed (settings): their project skills come and go with them. */
  rootsChanged(): void
  takeNotices(): string[]
  stop(): void
}

/** How often, at most, the local skill folders are scanned again in the background. */
const RESCAN_EVERY_MS = 5_000

const SCRIPT_FILE = /(^|\/)scripts\/|\.(py|sh|bash|zsh|js|mjs|cjs|ts|rb|pl|ps1|bat|cmd)$/i
const RUNNER_TOOL = /(shell|bash|terminal|exec|run_?command|run_?script|python|code_?interpreter)/i

export async function createSkillService(options: SkillServiceOptions): Promise<SkillService> {
  const { manager } = options
  const folders = () => skillFolders(options.home, options.roots())
  const local = await openLocalSkills(folders)
  const consent = openSkillConsent(options.dataDir)
  const listings = new Map<string, SkillListing>()
  const listeners = new Set<() => void>()
  /** The records, built once per change (a load or a view reads them; only listings and folders change them). */
  let built: SkillRecord[] | undefined
  const emit = () => {
    built = undefined
    for (const listener of listeners) listener()
  }

  const isLocal = (extensionId: string) => {
    const config = manager.config(extensionId)
    return config?.type === 'builtin' && config.builtin === LOCAL_SKILLS_EXTENSION
  }

  /** Every listed skill with its source, rank and (after clashes) model name. */
  const records = (): SkillRecord[] => (built ??= buildRecords())
  const buildRecords = (): SkillRecord[] => {
    const all: SkillRecord[] = []
    const folderOrder = new Map(folders().map((folder, index) => [folder.slot, index]))
    for (const [extensionId, listing] of [...listings.entries()].sort(([a], [b]) => a.localeCompare(b))) {
      const extensionName = manager.get(extensionId)?.name ?? extensionId
      const fromLocal = isLocal(extensionId)
      for (const entry of listing.skills) {
        const name = String(entry.frontmatter.name)
        const description = String(entry.frontmatter.description)
        const dynamic = entry.resources === 'dynamic'
        const located = fromLocal ? local.locate(entry.uri) : undefined
        const source: SkillSourceKind = located ? located.folder.source : 'server'
        all.push({
          key: skillKey(extensionId, entry.uri),
          extensionId,
          extensionName,
          entry,
          name,
          description,
          source,
          sourceLabel: located ? located.folder.label : `Server ${extensionName}`,
          ...(located ? { folder: located.folder, path: located.path } : {}),
          dynamic,
          ...(source === 'server' && entry.resources !== 'dynamic' ? { set: manifestSet(entry.resources) } : {}),
          rank: (source === 'project' ? 0 : source === 'personal' ? 1000 : 2000) + (located ? (folderOrder.get(located.folder.slot) ?? 999) : 0),
          modelName: name,
        })
      }
    }
    // One name, one skill: the lowest rank wins; servers' skills of one name are kept apart instead.
    const byName = new Map<string, SkillRecord[]>()
    for (const record of all) byName.set(record.name, [...(byName.get(record.name) ?? []), record])
    for (const group of byName.values()) {
      if (group.length < 2) continue
      group.sort((a, b) => a.rank - b.rank)
      const winner = group[0]!
      const servers = group.filter((record) => record.source === 'server')
      for (const record of group.slice(1)) {
        if (winner.source === 'server' && record.source === 'server') continue
        record.shadowedBy = `${winner.sourceLabel}: ${winner.name}`
      }
      if (winner.source === 'server' && servers.length > 1) for (const record of servers) record.modelName = `${record.extensionId}:${record.name}`
    }
    return all
  }

  const consented = (record: SkillRecord) => consent.consented(record.key, record.set, record.dynamic)
  const stateOf = (record: SkillRecord): SkillState => {
    if (record.shadowedBy) return 'shadowed'
    if (!record.dynamic && record.source === 'server' && consent.changed(record.key, record.set)) return 'changed'
    const global = consent.choice('global', undefined, record.key, record.dynamic)
    if (global === true && consented(record)) return 'enabled'
    if (global === false) return 'disabled'
    return 'found'
  }
  /** On for this turn: consent holds, and the session's choice, else the agent's, else the global one, is on. */
  const enabledFor = (record: SkillRecord, turn: SkillTurn | undefined): boolean => {
    if (record.shadowedBy || !consented(record)) return false
    const choice =
      (turn ? consent.choice('session', turn.sessionId, record.key, record.dynamic) : undefined) ??
      (turn?.agentId ? consent.choice('agent', turn.agentId, record.key, record.dynamic) : undefined) ??
      consent.choice('global', undefined, record.key, record.dynamic)
    return choice === true
  }

  const listLine = (record: SkillRecord, description: string) =>
    `- ${record.modelName}${record.source === 'server' ? ` (from ${record.extensionName})` : ''}: ${description.replace(/\s+/g, ' ').trim()}`

  const viewOf = (record: SkillRecord): SkillView => {
    const resources = record.entry.resources
    const manifest = resources === 'dynamic' ? undefined : resources.find((resource) => resource.uri === record.entry.uri)
    return {
      extensionId: record.extensionId,
      extensionName: record.extensionName,
      uri: record.entry.uri,
      name: record.name,
      description: record.description,
      source: record.source,
      sourceLabel: record.sourceLabel,
      ...(record.path ? { path: record.path } : {}),
      state: stateOf(record),
      ...(record.shadowedBy ? { shadowedBy: record.shadowedBy } : {}),
      dynamic: record.dynamic,
      listTokens: tokensOf(listLine(record, record.description)),
      // About four characters a token: an estimate from the manifest's size, without fetching the file.
      ...(manifest ? { bodyTokens: Math.ceil(manifest.size / 4) } : {}),
      ...(resources === 'dynamic' ? {} : { files: resources.length, bytes: resources.reduce((total, resource) => total + resource.size, 0) }),
      sessions: consent.choices('session', record.key, record.dynamic),
      agents: consent.choices('agent', record.key, record.dynamic),
    }
  }

  const find = (extensionId: string, uri: string): SkillRecord => {
    const record = records().find((candidate) => candidate.extensionId === extensionId && candidate.entry.uri === uri)
    if (!record) throw new Error(`No skill ${uri} is listed by "${extensionId}"; reload the list of skills and try again.`)
    return record
  }

  const connectionOf = (record: SkillRecord) => {
    const connection = manager.connection(record.extensionId)
    if (!connection) throw new Error(`"${record.extensionName}" is not running, so its skill "${record.name}" cannot be read now; enable or restart it in Settings → Extensions.`)
    return connection
  }

  let refreshing: Promise<void> = Promise.resolve()
  /** Lists one extension's skills again (only `skills/list`: no file is read). */
  const relist = (extensionId: string): Promise<void> => {
    refreshing = refreshing.then(async () => {
      const connection = manager.connection(extensionId)
      if (!connection) {
        if (listings.delete(extensionId)) emit()
        return
      }
      try {
        const listing = await listSkills(connection)
        if (!listing.supported) {
          if (listings.delete(extensionId)) emit()
          return
        }
        for (const invalid of listing.invalid) log('warn', 'skills', `${extensionId}: a skill entry was refused (${invalid.uri ?? 'no uri'}): ${invalid.reason}`)
        listings.set(extensionId, listing)
        emit()
      } catch (error) {
        log('warn', 'skills', `${extensionId}: skills/list failed: ${(error as Error).message}`)
      }
    })
    return refreshing
  }

  const stopFollowing = manager.onChange((event) => {
    if (event.type === 'removed') {
      if (listings.delete(event.id)) emit()
    } else if (event.type === 'status' || (event.type === 'list-changed' && event.kind === 'resources')) void relist(event.id)
  })

  let rootsSeen = JSON.stringify(options.roots())
  const rescanLocal = async () => {
    await local.reload()
    await relist(LOCAL_SKILLS_EXTENSION)
  }
  /**
   * Skill folders change while the app runs (a skill copied in, edited, deleted): scanned again in the
   * background when the skills are shown or a turn lists them, at most every few seconds; the next
   * view or turn sees the result (a changed list is announced as any change is).
   */
  let lastScan = Date.now()
  const rescanSoon = () => {
    if (Date.now() - lastScan < RESCAN_EVERY_MS) return
    lastScan = Date.now()
    void rescanLocal().catch((error: Error) => log('warn', 'skills', `could not scan the skill folders again: ${error.message}`))
  }

  const personalDir = () => folders().find((folder) => folder.slot === 'personal')!.path

  const loadText = (record: SkillRecord, file: VerifiedSkillFile): string => {
    const resources = record.entry.resources
    const root = record.entry.uri.replace(/\/SKILL\.md$/, '/')
    const files = resources === 'dynamic' ? [] : resources.map((resource) => resource.uri).filter((uri) => uri !== record.entry.uri).map((uri) => (uri.startsWith(root) ? uri.slice(root.length) : uri))
    const origin = record.source === 'server' ? `from the extension "${record.extensionName}" (a server's skill: treat it as that server's words)` : record.sourceLabel
    const notes = notesFor(record, files)
    return [
      `<skill name="${record.modelName}" source="${origin}">`,
      (file.body ?? file.text ?? '').trim(),
      '</skill>',
      files.length > 0 ? `Files of this skill (read one with load_skill("${record.modelName}", path)): ${files.join(', ')}` : '',
      ...notes,
    ]
      .filter((line) => line !== '')
      .join('\n')
  }

  const notesFor = (record: SkillRecord, files: string[]): string[] => {
    const notes: string[] = []
    if (record.entry.frontmatter['allowed-tools'] !== undefined) notes.push('Note: this skill\'s "allowed-tools" is ignored; every tool call it leads to asks for approval as usual.')
    const scripts = files.filter((file) => SCRIPT_FILE.test(file))
    if (scripts.length > 0 && !options.tools().some((tool) => RUNNER_TOOL.test(tool.name))) {
      notes.push(`Note: this skill names scripts (${scripts.slice(0, 5).join(', ')}${scripts.length > 5 ? ', …' : ''}), but no enabled tool can run them; Switchboard has no shell of its own. Tell the person if the task needs them.`)
    }
    return notes
  }

  /** SKILL.md of a record, checked; for a server's skill the entry is fetched again first (skills/get) so a change is caught before use. */
  const readManifest = async (record: SkillRecord): Promise<{ record: SkillRecord; file: VerifiedSkillFile }> => {
    if (isLocal(record.extensionId)) {
      // A local skill may have been edited since the last scan: served as it is now (consent is per folder).
      await rescanLocal()
      lastScan = Date.now()
      const now = records().find((candidate) => candidate.key === record.key)
      if (!now) throw new Error(`The skill "${record.name}" is no longer in ${record.folder?.label ?? 'its folder'}.`)
      record = now
    }
    const connection = connectionOf(record)
    // The entry as it is now (skills/get): a change is caught before anything of it is used. A server
    // that cannot answer it is read against the entry it listed, the one the person approved.
    const skill = await connection.skills.get(record.entry.uri).then(
      (got) => got.skill,
      (error: Error) => {
        log('warn', 'skills', `${record.extensionId}: skills/get ${record.entry.uri} failed (${error.message}); reading against the listed entry`)
        return record.entry
      },
    )
    const listing = listings.get(record.extensionId)
    if (listing && JSON.stringify(skill) !== JSON.stringify(record.entry)) {
      listing.skills = listing.skills.map((entry) => (entry.uri === skill.uri ? skill : entry))
      emit()
      const fresh = find(record.extensionId, skill.uri)
      if (stateOf(fresh) === 'changed') throw new Error(`Skill changed — needs approval again: "${record.name}" from ${record.extensionName} now has other files than when it was turned on; nothing of it is loaded until the person approves it again in Settings → Skills.`)
      record = fresh
    }
    return { record, file: await readSkillFile(connection, record.entry) }
  }

  const service: SkillService = {
    local,
    view: () => {
      rescanSoon()
      const all = records()
      const slotPaths = new Map(folders().map((folder) => [folder.slot, folder.path]))
      return {
        skills: all.map(viewOf).sort((a, b) => a.name.localeCompare(b.name) || a.extensionId.localeCompare(b.extensionId)),
        folders: folders().map((folder) => ({ path: folder.path, label: folder.label, exists: true })),
        problems: local.problems().map((problem) => {
          const [slot, ...rest] = problem.path.split('/')
          const base = slot ? slotPaths.get(slot) : undefined
          return { path: base ? join(base, ...rest) : problem.path, message: problem.message }
        }),
      }
    },
    onChange: (listener) => {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    promptFor: (turn) => {
      rescanSoon()
      const enabled = records()
        .filter((record) => enabledFor(record, turn))
        .sort((a, b) => a.modelName.localeCompare(b.modelName))
      if (enabled.length === 0) return undefined
      const head =
        'Skills: instructions for particular tasks. When a task fits one, first load it with the load_skill tool (by its name below) and follow it; read files it names with load_skill(name, path). A skill marked "from" an extension comes from that server.'
      let lines = enabled.map((record) => listLine(record, record.description))
      if (tokensOf([head, ...lines].join('\n')) > SKILL_LIST_TOKEN_CAP) {
        lines = enabled.map((record) => listLine(record, record.description.length > DESCRIPTION_CUT ? `${record.description.slice(0, DESCRIPTION_CUT - 1).trimEnd()}…` : record.description))
      }
      // Still too long (very many skills): names only; each description comes with load_skill.
      if (tokensOf([head, ...lines].join('\n')) > SKILL_LIST_TOKEN_CAP) {
        return [head, 'Too many skills to describe here: by name only; load one to read what it is for.', ...enabled.map((record) => `- ${record.modelName}${record.source === 'server' ? ` (from ${record.extensionName})` : ''}`)].join('\n')
      }
      return [head, ...lines].join('\n')
    },
    async load(input, caller) {
      const turn = caller ? options.callerOf(caller) : undefined
      const enabled = records().filter((record) => enabledFor(record, turn))
      const record = enabled.find((candidate) => candidate.modelName === input.name) ?? enabled.filter((candidate) => candidate.name === input.name).at(0)
      if (!record) {
        const names = enabled.map((candidate) => candidate.modelName).sort()
        return { isError: true, text: `No enabled skill is named "${input.name}". ${names.length > 0 ? `Enabled skills: ${names.join(', ')}.` : 'No skill is enabled; the person turns skills on in Settings → Skills.'}` }
      }
      if (input.path === undefined || input.path === 'SKILL.md') {
        const read = await readManifest(record)
        return { text: loadText(read.record, read.file) }
      }
      // Only the skill's own extension, only files its manifest lists (the SDK refuses others before any request).
      const file = await readSkillFile(connectionOf(record), record.entry, input.path)
      if (file.text === undefined) return { text: `${input.path} of skill "${record.modelName}" is a binary file (${file.size} bytes); it cannot be shown as text.` }
      return { text: `<skill-file skill="${record.modelName}" path="${input.path}">\n${file.text}\n</skill-file>` }
    },
    async expandCommand(turn, text) {
      const match = /^\/(skill:)?([a-z0-9][a-z0-9:-]*)(?:\s+([\s\S]*))?$/.exec(text.trim())
      if (!match) return undefined
      const [, explicit, name, rest] = match
      // By hand, the person asks for it: any skill they consented to, on in this session or not.
      const usable = records().filter((record) => !record.shadowedBy && consented(record))
      const record = usable.find((candidate) => candidate.modelName === name) ?? usable.find((candidate) => candidate.name === name)
      if (!explicit) {
        if (!record || (options.promptNames?.() ?? []).some((prompt) => prompt === name)) return undefined
      } else if (!record) {
        throw new Error(`No skill "${name}" is turned on. Turn it on in Settings → Skills, or check its name.`)
      }
      const read = await readManifest(record!)
      const loaded = loadText(read.record, read.file)
      return { text: rest?.trim() ? `${loaded}\n\n${rest.trim()}` : loaded, shown: text }
    },
    async add(input) {
      const added = input.create ? await createSkill(personalDir(), input.create) : await importSkills(personalDir(), input.path!)
      await rescanLocal()
      // Added by the person: turned on, consent given by adding it.
      for (const skill of added) {
        const record = records().find((candidate) => candidate.extensionId === LOCAL_SKILLS_EXTENSION && candidate.path === skill.path)
        if (!record) continue
        consent.consent(record.key, record.set, record.dynamic)
        consent.setChoice('global', undefined, record.key, true, record.dynamic)
      }
      await consent.save()
      emit()
      return { added }
    },
    async remove(extensionId, uri) {
      const record = find(extensionId, uri)
      if (record.source !== 'personal' || !record.path) {
        throw new Error(
          record.source === 'project'
            ? `"${record.name}" belongs to the project folder ${record.folder?.path ?? ''}; remove it there, or turn it off here.`
            : `"${record.name}" comes from the extension "${record.extensionName}"; turn it off here, or remove the extension.`,
        )
      }
      const info = await lstat(record.path)
      // A linked skill folder: only the link goes, never what it points to.
      if (info.isSymbolicLink()) await unlink(record.path)
      else await rm(record.path, { recursive: true, force: true })
      consent.forget(record.key)
      await consent.save()
      await rescanLocal()
      return { removed: record.path }
    },
    async setEnabled(input) {
      const record = find(input.extensionId, input.uri)
      const scope = input.scope as Scope
      if (input.enabled === true) {
        if (record.shadowedBy) throw new Error(`"${record.name}" is shadowed by ${record.shadowedBy}; turn that one off or remove it first.`)
        consent.consent(record.key, record.set, record.dynamic)
      }
      if (input.enabled === null && scope === 'global') throw new Error('Only a session or an agent can clear its own choice; globally a skill is on or off.')
      consent.setChoice(scope, scope === 'global' ? undefined : input.id, record.key, input.enabled, record.dynamic)
      await consent.save()
      emit()
      return viewOf(find(input.extensionId, input.uri))
    },
    async preview(extensionId, uri) {
      const { record, file } = await readManifest(find(extensionId, uri))
      const root = record.entry.uri.replace(/\/SKILL\.md$/, '/')
      const files = record.entry.resources === 'dynamic' ? [] : record.entry.resources.map((resource) => (resource.uri.startsWith(root) ? resource.uri.slice(root.length) : resource.uri))
      return { uri: record.entry.uri, name: record.name, frontmatter: file.frontmatter ?? record.entry.frontmatter, body: file.body ?? file.text ?? '', files, notes: notesFor(record, files.filter((path) => path !== 'SKILL.md')) }
    },
    async readFile(extensionId, uri, path) {
      const record = find(extensionId, uri)
      const file = await readSkillFile(connectionOf(record), record.entry, path)
      return { uri: file.uri, ...(file.text !== undefined ? { text: file.text } : {}), size: file.size, verified: file.verified }
    },
    async refresh() {
      await local.reload()
      await Promise.all(manager.list().map((extension) => relist(extension.id)))
    },
    rootsChanged: () => {
      const now = JSON.stringify(options.roots())
      if (now === rootsSeen) return
      rootsSeen = now
      void rescanLocal().catch((error: Error) => log('warn', 'skills', `could not scan the skill folders again: ${error.message}`))
    },
    takeNotices: () => consent.notices.splice(0),
    stop: () => stopFollowing(),
  }
  return service
}
