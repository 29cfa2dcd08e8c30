/**
 * Plugins as the host serves them (docs/guide/plugins.md): preview (stage the source, read it,
 * refuse clashes), install all or nothing, and own what was added — `switchboard://plugins`,
 * enable/disable, uninstall. Installing copies the plugin to `<dataDir>/plugins/<name>/` and adds,
 * through the same services as the window's own forms:
 *
 * - each MCP server as an extension (stdio servers still wait for their own start consent),
 * - each agent as an agent, each hook as a command hook (waiting for approval of its command line),
 * - each skill as a personal skill, the commands as prompts of a builtin extension `plugin-<name>`.
 *
 * Any failure undoes every step done so far. The record (`<dataDir>/plugins/plugins.json`) keeps
 * exactly what was added, so uninstall removes exactly that, and the keychain entries the plugin's
 * extensions owned (`extension:<id>:<VAR>`). An update (a plugin of the same name) shows what changed
 * and replaces the old parts; if it fails, the old version is put back.
 */
import { createHash, randomUUID } from 'node:crypto'
import { mkdir, rename, rm } from 'node:fs/promises'
import { join } from 'node:path'
import { z } from 'zod'
import type { AgentInput, AgentView } from '../../../shared/agentsApi'
import type { Hook, HookInput } from '../../../shared/hooksApi'
import { PluginViewSchema, type PluginPreview, type PluginsResource, type PluginView, type MarketplaceListing } from '../../../shared/pluginsApi'
import type { SkillsResource, SkillView } from '../../../shared/skillsApi'
import type { BuiltinRegistry } from '../../builtins'
import { createPluginCommandsServer, type PluginCommand } from '../../builtins/pluginCommands'
import type { ExtensionConfig } from '../../extensions'
import { log } from '../../log/log'
import { writeFileAtomic } from '../../storage/atomicFile'
import { readJsonFile } from '../../storage/jsonFile'
import { makePrivateDir } from '../../storage/privateFiles'
import { PluginError } from './pluginFormat'
import { readPlugin, type ReadPlugin } from './pluginReader'
import { listingOf, openMarketplace, removeQuietly, stageEntry, stagePath, type Staged } from './pluginSources'

/** The extension id the local skills are served under (services/skills/skillService.ts). */
const LOCAL_SKILLS = 'skills'
/** How long a preview's staged copy waits for its install. */
const PREVIEW_TTL_MS = 30 * 60_000

/** What the plugin service uses of the others: the same calls the window's own forms make. */
export interface PluginDeps {
  dataDir: string
  extensions: {
    add(input: Record<string, unknown>, source?: 'install', from?: { source: 'import' }): Promise<unknown>
    remove(id: string): Promise<void>
    setEnabled(id: string, enabled: boolean): Promise<unknown>
    core: { manager: { config(id: string): ExtensionConfig | undefined; add(config: Record<string, unknown>): Promise<{ ok: true } | { ok: false; errors: string[] }>; remove(id: string): Promise<{ ok: true } | { ok: false; errors: string[] }> } }
  }
  agents: { save(input: AgentInput): Promise<AgentView>; remove(id: string): Promise<{ id: string }>; directory: { get(id: string): unknown } }
  hooks: { save(input: HookInput): Promise<Hook>; remove(id: string): Promise<{ id: string }>; view(): { hooks: readonly (Hook & { approved: boolean })[] } }
  skills: {
    add(input: { path: string }): Promise<{ added: { name: string; path: string }[] }>
    remove(extensionId: string, uri: string): Promise<unknown>
    setEnabled(input: { extensionId: string; uri: string; enabled: boolean; scope: 'global' }): Promise<SkillView>
    refresh(): Promise<void>
    view(): SkillsResource
  }
  secrets: { delete(name: string): Promise<boolean> }
  builtins: Pick<BuiltinRegistry, 'register' | 'has'>
}

const CommandRecord = z.object({ name: z.string(), description: z.string(), argumentHint: z.string().optional(), body: z.string() })
/** The stored record: the view's own fields, and what the install added in the detail an uninstall needs. */
const RecordSchema = PluginViewSchema.pick({ name: true, version: true, description: true, source: true, installDir: true, installedAt: true, enabled: true }).extend({
  extensions: z.array(z.object({ id: z.string(), fingerprint: z.string(), secrets: z.array(z.string()) })),
  agents: z.array(z.string()),
  hooks: z.array(z.object({ id: z.string(), name: z.string() })),
  skills: z.array(z.object({ name: z.string(), path: z.string() })),
  prompts: z.object({ extensionId: z.string(), commands: z.array(CommandRecord) }).optional(),
  /** Each part's key → a hash of what it was, for an update's "what changed". */
  parts: z.record(z.string(), z.string()),
})
type PluginRecord = z.infer<typeof RecordSchema>
const FileSchema = z.object({ version: z.literal(1), plugins: z.array(RecordSchema) })

export interface PluginService {
  view(): PluginsResource
  preview(input: { path?: string; url?: string; plugin?: string }): Promise<{ plugin?: PluginPreview; marketplace?: MarketplaceListing }>
  install(token: string): Promise<{ outcome: 'installed' | 'updated'; plugin: PluginView }>
  uninstall(name: string, confirm?: boolean): Promise<{ name: string; removed: string[] }>
  setEnabled(name: string, enabled: boolean): Promise<PluginView>
  onChange(listener: () => void): () => void
  close(): Promise<void>
}

const hash = (value: unknown) => createHash('sha256').update(JSON.stringify(value)).digest('hex').slice(0, 16)

/** What of an extension's config counts as "edited": how it starts or connects (not whether it is on). */
function fingerprintOf(config: ExtensionConfig | Record<string, unknown> | undefined): string {
  if (!config) return 'gone'
  const c = config as Record<string, unknown>
  return hash([c.type, c.command, c.args ?? [], c.env ?? {}, c.cwd, c.url, c.headers ?? {}])
}

/** Each part by key, hashed: an update compares these. */
function partsOf(read: ReadPlugin): Record<string, string> {
  const parts: Record<string, string> = {}
  for (const server of read.servers) parts[`server ${server.view.name}`] = hash(server.config)
  for (const hook of read.hooks) parts[`hook ${hook.view.name}`] = hash(hook.input)
  for (const agent of read.agents) parts[`agent ${agent.view.name}`] = hash(agent.input)
  for (const skill of read.skills) parts[`skill ${skill.name}`] = hash(skill)
  for (const command of read.commands) parts[`command /${command.view.name}`] = hash(command)
  return parts
}

export function createPluginService(deps: PluginDeps): PluginService {
  const { extensions, agents, hooks, skills, secrets, builtins } = deps
  const manager = extensions.core.manager
  const pluginsDir = join(deps.dataDir, 'plugins')
  const stagingDir = join(pluginsDir, '.staging')
  const file = join(pluginsDir, 'plugins.json')
  const read = readJsonFile(file, FileSchema)
  if (read.kind === 'damaged') log('warn', 'plugins', `plugins.json could not be read (${read.reason}); it was moved to ${read.movedTo ?? '?'}. Installed plugins' parts stay, but are no longer listed as a plugin's.`)
  let records: PluginRecord[] = read.kind === 'ok' ? read.value.plugins : []
  const listeners = new Set<() => void>()
  const previews = new Map<string, { dir: string; staged: Staged; read: ReadPlugin; created: number }>()
  let writing: Promise<void> = Promise.resolve()
  const persist = async () => {
    await makePrivateDir(pluginsDir)
    const text = JSON.stringify({ version: 1, plugins: records }, null, 2)
    writing = writing.catch(() => undefined).then(() => writeFileAtomic(file, text))
    await writing
    listeners.forEach((listener) => listener())
  }

  // The commands' servers of installed plugins, registered before the manager starts so they connect.
  const registered = new Map<string, () => void>()
  const registerPrompts = (name: string, prompts: { extensionId: string; commands: PluginCommand[] }) => {
    if (builtins.has(prompts.extensionId)) return
    registered.set(prompts.extensionId, builtins.register(prompts.extensionId, (context) => createPluginCommandsServer(context, name, prompts.commands)))
  }
  for (const record of records) if (record.prompts) registerPrompts(record.name, record.prompts)

  const installDirOf = (name: string) => join(pluginsDir, name)
  const byName = (name: string) => records.find((record) => record.name === name)

  const viewOf = (record: PluginRecord): PluginView => ({
    name: record.name,
    ...(record.version !== undefined ? { version: record.version } : {}),
    ...(record.description !== undefined ? { description: record.description } : {}),
    source: record.source,
    installDir: record.installDir,
    installedAt: record.installedAt,
    enabled: record.enabled,
    added: {
      extensions: record.extensions.map((extension) => extension.id),
      agents: record.agents,
      hooks: record.hooks,
      skills: record.skills,
      prompts: record.prompts?.commands.map((command) => command.name) ?? [],
      ...(record.prompts ? { promptsExtensionId: record.prompts.extensionId } : {}),
      secrets: record.extensions.flatMap((extension) => extension.secrets),
    },
    edited: record.extensions.filter((extension) => manager.config(extension.id) && fingerprintOf(manager.config(extension.id)) !== extension.fingerprint).map((extension) => extension.id),
  })

  /** Refuses a plugin whose parts would take names something else has already (its own earlier version aside). */
  const clashes = (plugin: ReadPlugin, previous: PluginRecord | undefined) => {
    const own = new Set([...(previous?.extensions.map((extension) => extension.id) ?? []), ...(previous?.prompts ? [previous.prompts.extensionId] : [])])
    const problems: string[] = []
    for (const id of [...plugin.servers.map((server) => server.view.extensionId), ...(plugin.promptsExtensionId ? [plugin.promptsExtensionId] : [])]) {
      if (manager.config(id) && !own.has(id)) problems.push(`The plugin names the extension id "${id}", which an installed extension has already. Remove or rename that extension first (Settings → Extensions), or rename the server in the plugin's .mcp.json.`)
    }
    for (const agent of plugin.agents) {
      if (agents.directory.get(agent.view.id) && !previous?.agents.includes(agent.view.id)) problems.push(`The plugin's agent "${agent.view.name}" would have the id "${agent.view.id}", which an agent has already. Rename or remove that agent first (Settings → Agents).`)
    }
    const ownSkills = new Set(previous?.skills.map((skill) => skill.name))
    const local = skills.view().skills.filter((skill) => skill.extensionId === LOCAL_SKILLS && skill.source === 'personal')
    for (const skill of plugin.skills) {
      if (local.some((existing) => existing.name === skill.name) && !ownSkills.has(skill.name)) problems.push(`The plugin's skill "${skill.name}" has the name of a personal skill you have already. Remove or rename that skill first (Settings → Skills).`)
    }
    if (problems.length > 0) throw new PluginError(problems.join('\n'))
  }

  const previewOf = (token: string, staged: Staged, plugin: ReadPlugin): PluginPreview => {
    const previous = byName(plugin.manifest.name)
    let update: PluginPreview['update']
    if (previous) {
      const next = partsOf(plugin)
      update = {
        ...(previous.version !== undefined ? { fromVersion: previous.version } : {}),
        added: Object.keys(next).filter((key) => !(key in previous.parts)),
        removed: Object.keys(previous.parts).filter((key) => !(key in next)),
        changed: Object.keys(next).filter((key) => key in previous.parts && previous.parts[key] !== next[key]),
      }
    }
    const { manifest } = plugin
    return {
      token,
      name: manifest.name,
      ...(manifest.version !== undefined ? { version: manifest.version } : {}),
      ...(manifest.description !== undefined ? { description: manifest.description } : {}),
      ...(manifest.author !== undefined ? { author: manifest.author } : {}),
      ...(manifest.homepage !== undefined ? { homepage: manifest.homepage } : {}),
      ...(manifest.license !== undefined ? { license: manifest.license } : {}),
      source: staged.source,
      installDir: installDirOf(manifest.name),
      servers: plugin.servers.map((server) => server.view),
      hooks: plugin.hooks.map((hook) => hook.view),
      agents: plugin.agents.map((agent) => agent.view),
      skills: plugin.skills,
      commands: plugin.commands.map((command) => command.view),
      ...(plugin.promptsExtensionId ? { promptsExtensionId: plugin.promptsExtensionId } : {}),
      notMapped: plugin.notMapped,
      ...(update ? { update } : {}),
    }
  }

  const prune = async () => {
    const now = Date.now()
    for (const [token, preview] of previews) {
      if (now - preview.created < PREVIEW_TTL_MS) continue
      previews.delete(token)
      await removeQuietly(preview.dir)
    }
  }

  /**
   * Adds every part of `plugin` (whose files are in place at its install folder); on a failure,
   * undoes what it added and throws. Returns the record.
   */
  const addParts = async (plugin: ReadPlugin, staged: Staged): Promise<PluginRecord> => {
    const name = plugin.manifest.name
    const installDir = installDirOf(name)
    const undo: (() => Promise<unknown>)[] = []
    const record: PluginRecord = {
      name,
      ...(plugin.manifest.version !== undefined ? { version: plugin.manifest.version } : {}),
      ...(plugin.manifest.description !== undefined ? { description: plugin.manifest.description } : {}),
      source: staged.source,
      installDir,
      installedAt: new Date().toISOString(),
      enabled: true,
      extensions: [],
      agents: [],
      hooks: [],
      skills: [],
      parts: partsOf(plugin),
    }
    try {
      for (const server of plugin.servers) {
        await extensions.add(server.config, 'install', { source: 'import' })
        undo.push(() => extensions.remove(server.view.extensionId))
        record.extensions.push({ id: server.view.extensionId, fingerprint: fingerprintOf(manager.config(server.view.extensionId)), secrets: server.view.secrets })
      }
      for (const agent of plugin.agents) {
        const saved = await agents.save(agent.input)
        undo.push(() => agents.remove(saved.id))
        record.agents.push(saved.id)
      }
      for (const hook of plugin.hooks) {
        const saved = await hooks.save(hook.input)
        undo.push(() => hooks.remove(saved.id))
        record.hooks.push({ id: saved.id, name: saved.name })
      }
      for (const skill of plugin.skills) {
        const { added } = await skills.add({ path: join(installDir, ...skill.folder.split('/')) })
        for (const one of added) {
          undo.push(() => rm(one.path, { recursive: true, force: true }).then(() => skills.refresh()))
          record.skills.push(one)
        }
      }
      if (plugin.promptsExtensionId && plugin.commands.length > 0) {
        const prompts = { extensionId: plugin.promptsExtensionId, commands: plugin.commands.map((command) => ({ ...command.view, body: command.body })) }
        registerPrompts(name, prompts)
        undo.push(async () => {
          registered.get(prompts.extensionId)?.()
          registered.delete(prompts.extensionId)
        })
        const added = await manager.add({ id: prompts.extensionId, name: `${name} (plugin commands)`, type: 'builtin', builtin: prompts.extensionId, trust: 'trusted' })
        if (!added.ok) throw new PluginError(`The commands of "${name}" could not be added: ${added.errors.join(' ')}`)
        undo.push(() => manager.remove(prompts.extensionId))
        record.prompts = prompts
      }
      return record
    } catch (error) {
      for (const step of undo.reverse()) await step().catch((undoError: Error) => log('warn', 'plugins', `Undoing part of "${name}" failed: ${undoError.message}`))
      throw error
    }
  }

  /** Removes what a record says was added (what is gone already is skipped); the folder and the record stay. */
  const removeParts = async (record: PluginRecord, keepSecrets: ReadonlySet<string> = new Set()): Promise<string[]> => {
    const removed: string[] = []
    const attempt = async (what: string, step: () => Promise<unknown>) => {
      try {
        await step()
        removed.push(what)
      } catch (error) {
        log('warn', 'plugins', `Removing ${what} of "${record.name}" failed: ${(error as Error).message}`)
      }
    }
    for (const extension of record.extensions) {
      if (manager.config(extension.id)) await attempt(`extension ${extension.id}`, () => extensions.remove(extension.id))
      for (const secret of extension.secrets) if (!keepSecrets.has(secret)) await attempt(`secret ${secret}`, () => secrets.delete(secret))
    }
    for (const id of record.agents) if (agents.directory.get(id)) await attempt(`agent ${id}`, () => agents.remove(id))
    const hookIds = new Set(hooks.view().hooks.map((hook) => hook.id))
    for (const hook of record.hooks) if (hookIds.has(hook.id)) await attempt(`hook ${hook.name}`, () => hooks.remove(hook.id))
    if (record.skills.length > 0) {
      await skills.refresh()
      const listed = skills.view().skills
      for (const skill of record.skills) {
        const found = listed.find((candidate) => candidate.extensionId === LOCAL_SKILLS && candidate.path === skill.path)
        await attempt(`skill ${skill.name}`, () => (found ? skills.remove(LOCAL_SKILLS, found.uri) : rm(skill.path, { recursive: true, force: true })))
      }
    }
    if (record.prompts) {
      const { extensionId } = record.prompts
      if (manager.config(extensionId)) await attempt(`extension ${extensionId}`, async () => {
        const result = await manager.remove(extensionId)
        if (!result.ok) throw new Error(result.errors.join(' '))
      })
      registered.get(extensionId)?.()
      registered.delete(extensionId)
    }
    return removed
  }

  const service: PluginService = {
    view: () => ({ plugins: records.map(viewOf) }),
    async preview(input) {
      await prune()
      let opened: Awaited<ReturnType<typeof openMarketplace>> | undefined
      if (input.url !== undefined) {
        opened = await openMarketplace(input.url)
        if (input.plugin === undefined) return { marketplace: listingOf(opened) }
      }
      const token = randomUUID()
      const dir = join(stagingDir, token)
      await makePrivateDir(dir)
      try {
        const target = join(dir, 'plugin')
        await mkdir(target)
        const staged = opened ? await stageEntry(opened, input.plugin!, target) : await stagePath(input.path!, target)
        const plugin = await readPlugin(staged.root, { installDir: '', ...(staged.fallbackName ? { fallbackName: staged.fallbackName } : {}) }).then((first) =>
          readPlugin(staged.root, { installDir: installDirOf(first.manifest.name), ...(staged.fallbackName ? { fallbackName: staged.fallbackName } : {}) }),
        )
        clashes(plugin, byName(plugin.manifest.name))
        previews.set(token, { dir, staged, read: plugin, created: Date.now() })
        return { plugin: previewOf(token, staged, plugin), ...(opened ? { marketplace: listingOf(opened) } : {}) }
      } catch (error) {
        await removeQuietly(dir)
        throw error
      }
    },
    async install(token) {
      const preview = previews.get(token)
      if (!preview) throw new PluginError('That plugin preview has expired or was used already; preview the plugin again.')
      previews.delete(token)
      const { staged, read: plugin } = preview
      const name = plugin.manifest.name
      const installDir = installDirOf(name)
      const previous = byName(name)
      const aside = `${installDir}.previous-${randomUUID().slice(0, 8)}`
      try {
        clashes(plugin, previous)
        // An update: the old parts go and the old files step aside. Their secrets stay until the update has
        // succeeded (a failed one puts the old parts back, and they need them); then those the new
        // version no longer reads are deleted.
        const keep = new Set(plugin.servers.flatMap((server) => server.view.secrets))
        const oldSecrets = previous ? previous.extensions.flatMap((extension) => extension.secrets) : []
        if (previous) await removeParts(previous, new Set(oldSecrets))
        const movedAside = await rename(installDir, aside).then(
          () => true,
          (error: NodeJS.ErrnoException) => (error.code === 'ENOENT' ? false : Promise.reject(error)),
        )
        try {
          await rename(staged.root, installDir)
          const record = await addParts(plugin, staged)
          records = [...records.filter((existing) => existing.name !== name), record]
          await persist()
          for (const secret of oldSecrets) {
            if (!keep.has(secret)) await secrets.delete(secret).catch((error: Error) => log('warn', 'plugins', `Could not delete the secret ${secret} the previous "${name}" owned: ${error.message}`))
          }
          if (movedAside) await removeQuietly(aside)
          return { outcome: previous ? 'updated' : 'installed', plugin: viewOf(record) }
        } catch (error) {
          await removeQuietly(installDir)
          if (movedAside) {
            await rename(aside, installDir).catch(() => undefined)
            // The old version's parts come back as they were recorded (each server asks for consent again).
            if (previous) {
              const old = await readPlugin(installDir, { installDir, fallbackName: name }).catch(() => undefined)
              const restored = old && (await addParts(old, { root: installDir, source: previous.source }).catch((restoreError: Error) => void log('warn', 'plugins', `Could not restore the previous "${name}": ${restoreError.message}`)))
              // The record names the parts as they are now (hooks come back with new ids).
              if (restored) {
                records = records.map((existing) => (existing === previous ? { ...restored, installedAt: previous.installedAt } : existing))
                await persist().catch(() => undefined)
              }
            }
          }
          throw error
        }
      } finally {
        await removeQuietly(preview.dir)
      }
    },
    async uninstall(name, confirm) {
      const record = byName(name)
      if (!record) throw new PluginError(`No plugin named "${name}" is installed; reload Settings → Plugins.`)
      const edited = viewOf(record).edited
      if (edited.length > 0 && !confirm) {
        throw new PluginError(`The extension${edited.length > 1 ? 's' : ''} ${edited.map((id) => `"${id}"`).join(', ')} of "${name}" ${edited.length > 1 ? 'were' : 'was'} edited since the install; uninstalling removes ${edited.length > 1 ? 'them' : 'it'} with the changes. Uninstall again with confirm to go ahead.`)
      }
      const removed = await removeParts(record)
      await rm(record.installDir, { recursive: true, force: true })
      removed.push(`folder ${record.installDir}`)
      records = records.filter((existing) => existing !== record)
      await persist()
      return { name, removed }
    },
    async setEnabled(name, enabled) {
      const record = byName(name)
      if (!record) throw new PluginError(`No plugin named "${name}" is installed; reload Settings → Plugins.`)
      const problems: string[] = []
      const attempt = (what: string, step: () => Promise<unknown>) => step().catch((error: Error) => void problems.push(`${what}: ${error.message}`))
      for (const extension of record.extensions) if (manager.config(extension.id)) await attempt(extension.id, () => extensions.setEnabled(extension.id, enabled))
      for (const id of record.agents) if (manager.config(`agent-${id}`)) await attempt(`agent ${id}`, () => extensions.setEnabled(`agent-${id}`, enabled))
      if (record.prompts && manager.config(record.prompts.extensionId)) await attempt('commands', () => extensions.setEnabled(record.prompts!.extensionId, enabled))
      const current = new Map(hooks.view().hooks.map((hook) => [hook.id, hook]))
      for (const { id } of record.hooks) {
        const hook = current.get(id)
        // A hook not approved yet runs neither way; saving it would only ask for its approval again.
        if (hook && hook.approved) await attempt(`hook ${hook.name}`, () => hooks.save({ id, name: hook.name, event: hook.event, enabled }))
      }
      if (record.skills.length > 0) {
        const listed = skills.view().skills
        for (const skill of record.skills) {
          const found = listed.find((candidate) => candidate.extensionId === LOCAL_SKILLS && candidate.path === skill.path)
          if (found) await attempt(`skill ${skill.name}`, () => skills.setEnabled({ extensionId: LOCAL_SKILLS, uri: found.uri, enabled, scope: 'global' }))
        }
      }
      record.enabled = enabled
      await persist()
      if (problems.length > 0) throw new PluginError(`"${name}" was turned ${enabled ? 'on' : 'off'}, but not every part followed: ${problems.join('; ')}.`)
      return viewOf(record)
    },
    onChange(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    async close() {
      previews.clear()
      await removeQuietly(stagingDir)
    },
  }
  return service
}
