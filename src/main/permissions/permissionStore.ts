/**
 * Everything the person decided about permissions, and the tool pins, in one JSON file:
 * `<dir>/permissions.json`. Written atomically after every change (a crash leaves the old or the new
 * file, never half of one); read and checked with zod at start. A damaged file is moved aside with
 * a timestamp, never deleted, and the app starts with no policies, rules or pins and tells the
 * person (F22). One unreadable rule costs only that rule.
 */
import { readFile } from 'node:fs/promises'
import { makePrivateDir } from '../storage/privateFiles'
import { join } from 'node:path'
import type { z } from 'zod'
import { log } from '../log/log'
import { moveAside, writeFileAtomic } from '../storage/atomicFile'
import {
  ArgumentRuleSchema,
  DEFAULT_MODE,
  ExtensionIdKeySchema,
  PermissionFileSchema,
  PermissionModeSchema,
  PolicyKindSchema,
  ToolNameKeySchema,
  ToolPolicySchema,
  describeZodError,
  type ArgumentRule,
  type PermissionFile,
  type PermissionMode,
  type PinnedDefinition,
  type PolicyKind,
  type ToolPin,
  type ToolPolicy,
} from './permissionSchema'

export const PERMISSIONS_FILE_NAME = 'permissions.json'

/** Something the person should be told once (the host adds it to its notices). */
export interface PermissionNotice {
  message: string
  movedTo?: string
}

export interface PermissionStoreOptions {
  now?: () => Date
  /** Extra checks a rule must pass beyond its shape (argumentRules.compileRule); returns the error, if any. */
  checkRule?: (rule: ArgumentRule) => string | undefined
  /**
   * The managed policy's say on the mode (policy/): the least strict mode allowed, which mode()
   * never goes below (the person's own choice stays in the file for when the policy goes), and the
   * refusal for a mode below it.
   */
  managedMode?: { least(): PermissionMode | undefined; refusal(mode: PermissionMode): string | undefined }
}

/** From least to most strict. */
const MODE_ORDER: readonly PermissionMode[] = ['autonomous', 'smart', 'ask', 'chat-only']

/** The stricter of `mode` and the least strict mode allowed. */
export function atLeast(mode: PermissionMode, least: PermissionMode | undefined): PermissionMode {
  return least !== undefined && MODE_ORDER.indexOf(mode) < MODE_ORDER.indexOf(least) ? least : mode
}

/** What revokeAll() removed. */
export interface RevokeSummary {
  toolPolicies: number
  extensionPolicies: number
  rules: number
}

export interface PermissionStore {
  readonly path: string
  /** The mode in force: the person's choice, raised to the managed policy's least strict mode. */
  mode(): PermissionMode
  toolPolicy(toolName: string): ToolPolicy | undefined
  extensionPolicy(extensionId: string): PolicyKind | undefined
  rules(): readonly ArgumentRule[]
  pin(toolName: string): ToolPin | undefined
  /** A copy of the whole state, in the file's shape (for the settings page). */
  snapshot(): PermissionFile
  /** Notices from loading, handed out once. */
  takeNotices(): PermissionNotice[]
  /** Setters validate their input (it may come from the renderer) and throw an Error naming the field. */
  setMode(mode: unknown): Promise<void>
  setToolPolicy(toolName: string, policy: ToolPolicy | undefined): Promise<void>
  setExtensionPolicy(extensionId: string, policy: PolicyKind | undefined): Promise<void>
  /** Adds the rule, or replaces the one with the same id in place. */
  saveRule(rule: unknown): Promise<ArgumentRule>
  removeRule(id: string): Promise<boolean>
  /** Records or replaces the accepted definition of a tool; keeps `firstSeen`, drops any pending change. */
  acceptPin(toolName: string, hash: string, definition: PinnedDefinition): Promise<void>
  /** Remembers a newer definition than the accepted one (for "changed" markers), or clears it with undefined. */
  notePending(toolName: string, pending: { hash: string; definition: PinnedDefinition } | undefined): Promise<void>
  forgetPin(toolName: string): Promise<boolean>
  /** Withdraws every standing permission: "always" policies and allow rules. Restrictions, pins and the mode stay. */
  revokeAll(): Promise<RevokeSummary>
  onChange(listener: () => void): () => void
  /** Resolves when every change made so far is on disk. */
  flush(): Promise<void>
}

const empty = (): PermissionFile => ({ version: 1, mode: DEFAULT_MODE, toolPolicies: {}, extensionPolicies: {}, rules: [], pins: {} })

interface Loaded {
  mode: PermissionMode
  toolPolicies: Map<string, ToolPolicy>
  extensionPolicies: Map<string, PolicyKind>
  rules: ArgumentRule[]
  pins: Map<string, ToolPin>
  notices: PermissionNotice[]
}

async function load(path: string, options: PermissionStoreOptions, now: () => Date): Promise<Loaded> {
  const notices: PermissionNotice[] = []
  let file = empty()
  let text: string | undefined
  try {
    text = await readFile(path, 'utf8')
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw new Error(`Cannot read ${path}: ${(error as Error).message}. Check that your user may read and write it.`, { cause: error })
  }
  if (text !== undefined) {
    const problem = fileProblem(text)
    if (typeof problem === 'string') {
      const movedTo = moveAside(path, now())
      notices.push({
        message: `Your permission settings could not be used because ${problem}. ${movedTo ? `The file was moved to ${movedTo}; ` : ''}no policies, rules or tool pins are in effect, so tools will ask again.`,
        ...(movedTo ? { movedTo } : {}),
      })
    } else {
      file = problem.file
    }
  }
  const rules: ArgumentRule[] = []
  for (const raw of file.rules) {
    const parsed = ArgumentRuleSchema.safeParse(raw)
    const error = parsed.success ? (rules.some((rule) => rule.id === parsed.data.id) ? 'another rule has the same id' : options.checkRule?.(parsed.data)) : describeZodError(parsed.error)
    if (parsed.success && error === undefined) rules.push(parsed.data)
    else notices.push({ message: `An argument rule could not be used and was removed (${error}): ${JSON.stringify(raw).slice(0, 300)}` })
  }
  return {
    mode: file.mode,
    toolPolicies: new Map(Object.entries(file.toolPolicies)),
    extensionPolicies: new Map(Object.entries(file.extensionPolicies)),
    rules,
    pins: new Map(Object.entries(file.pins)),
    notices,
  }
}

/** Why the file's text cannot be used, or the parsed file. */
function fileProblem(text: string): string | { file: PermissionFile } {
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch (error) {
    return text.trim() === '' ? 'the file is empty' : `the file is not valid JSON (${(error as Error).message})`
  }
  const version = (json as { version?: unknown } | null)?.version
  if (typeof version === 'number' && version > 1) return `it was written by a newer version of Switchboard (format ${version})`
  // jitless: read once, at open (as readJsonFile does).
  const parsed = PermissionFileSchema.safeParse(json, { jitless: true })
  return parsed.success ? { file: parsed.data } : `it is not in the expected format (${describeZodError(parsed.error)})`
}

const checked = <T>(schema: z.ZodType<T>, value: unknown, what: string): T => {
  const parsed = schema.safeParse(value)
  if (!parsed.success) throw new Error(`Invalid ${what}: ${describeZodError(parsed.error)}. Nothing was saved.`)
  return parsed.data
}

/** Opens (or starts) `<dir>/permissions.json`. */
export async function openPermissionStore(dir: string, options: PermissionStoreOptions = {}): Promise<PermissionStore> {
  const now = options.now ?? (() => new Date())
  await makePrivateDir(dir)
  const path = join(dir, PERMISSIONS_FILE_NAME)
  const state = await load(path, options, now)
  let notices = state.notices
  const listeners = new Set<() => void>()
  // Writes are chained so two never race on the rename, and coalesced: changes made before a queued
  // write starts all go into that one write (fifty tools seen at start cost one fsync, not fifty).
  let writing: Promise<void> = Promise.resolve()
  let queued: Promise<void> | undefined

  const snapshot = (): PermissionFile =>
    structuredClone({
      version: 1 as const,
      mode: state.mode,
      toolPolicies: Object.fromEntries(state.toolPolicies),
      extensionPolicies: Object.fromEntries(state.extensionPolicies),
      rules: state.rules,
      pins: Object.fromEntries(state.pins),
    })

  /** Schedules a write of the current state; resolves when a write including this change is on disk. */
  const commit = (): Promise<void> => {
    for (const listener of listeners) {
      try {
        listener()
      } catch (error) {
        log('warn', 'permissions', `a permissions listener failed: ${(error as Error).message}`)
      }
    }
    if (queued) return queued
    const write = writing
      .catch(() => undefined)
      .then(() => {
        queued = undefined
        return writeFileAtomic(path, JSON.stringify(snapshot(), null, 2))
      })
    queued = write
    writing = write
    return write
  }

  return {
    path,
    mode: () => atLeast(state.mode, options.managedMode?.least()),
    toolPolicy: (toolName) => state.toolPolicies.get(toolName),
    extensionPolicy: (extensionId) => state.extensionPolicies.get(extensionId),
    rules: () => state.rules,
    pin: (toolName) => state.pins.get(toolName),
    snapshot,
    takeNotices() {
      const taken = notices
      notices = []
      return taken
    },
    async setMode(mode) {
      const next = checked(PermissionModeSchema, mode, 'mode')
      const refused = options.managedMode?.refusal(next)
      if (refused) throw new Error(refused)
      state.mode = next
      await commit()
    },
    async setToolPolicy(toolName, policy) {
      const name = checked(ToolNameKeySchema, toolName, 'tool name')
      if (policy === undefined) state.toolPolicies.delete(name)
      else state.toolPolicies.set(name, checked(ToolPolicySchema, policy, 'tool policy'))
      await commit()
    },
    async setExtensionPolicy(extensionId, policy) {
      const id = checked(ExtensionIdKeySchema, extensionId, 'extension id')
      if (policy === undefined) state.extensionPolicies.delete(id)
      else state.extensionPolicies.set(id, checked(PolicyKindSchema, policy, 'extension policy'))
      await commit()
    },
    async saveRule(raw) {
      const rule = checked(ArgumentRuleSchema, raw, 'rule')
      const problem = options.checkRule?.(rule)
      if (problem !== undefined) throw new Error(`${problem} Nothing was saved.`)
      const at = state.rules.findIndex((existing) => existing.id === rule.id)
      state.rules = at < 0 ? [...state.rules, rule] : state.rules.map((existing, index) => (index === at ? rule : existing))
      await commit()
      return rule
    },
    async removeRule(id) {
      const before = state.rules.length
      state.rules = state.rules.filter((rule) => rule.id !== id)
      if (state.rules.length === before) return false
      await commit()
      return true
    },
    async acceptPin(toolName, hash, definition) {
      const previous = state.pins.get(toolName)
      const stamp = now().toISOString()
      state.pins.set(checked(ToolNameKeySchema, toolName, 'tool name'), { hash, definition, firstSeen: previous?.firstSeen ?? stamp, acceptedAt: stamp, covers: 'title-and-annotations' })
      await commit()
    },
    async notePending(toolName, pending) {
      const pin = state.pins.get(toolName)
      if (!pin || pin.pending?.hash === pending?.hash) return
      const { pending: _old, ...rest } = pin
      state.pins.set(toolName, pending ? { ...rest, pending: { ...pending, seenAt: now().toISOString() } } : rest)
      await commit()
    },
    async forgetPin(toolName) {
      if (!state.pins.delete(toolName)) return false
      await commit()
      return true
    },
    async revokeAll() {
      const summary: RevokeSummary = { toolPolicies: 0, extensionPolicies: 0, rules: 0 }
      for (const [name, policy] of [...state.toolPolicies]) if (policy.policy === 'always' && state.toolPolicies.delete(name)) summary.toolPolicies++
      for (const [id, policy] of [...state.extensionPolicies]) if (policy === 'always' && state.extensionPolicies.delete(id)) summary.extensionPolicies++
      const kept = state.rules.filter((rule) => rule.decision !== 'allow')
      summary.rules = state.rules.length - kept.length
      state.rules = kept
      await commit()
      return summary
    },
    onChange(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    flush: () => writing.catch(() => undefined),
  }
}
