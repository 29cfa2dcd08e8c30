/**
 * Typed settings over a `conf` instance (electron-store in the app, plain `conf` in Node and tests;
 * both write atomically with temp file + rename). Stored data is migrated to the current version and
 * validated on load; a file that cannot be used is moved aside and the person is told once.
 */
import { log } from '../log/log'
import { moveSettingsAside, type SettingsNotice } from './settingsFile'
import { migrateSettings } from './settingsMigrations'
import { SettingsPatchSchema, SettingsSchema, defaultSettings, describeSettingsIssues, type Settings, type SettingsPatch } from './settingsSchema'

export { SETTINGS_SCHEMA_VERSION, SettingsSchema, type Settings, type SettingsPatch } from './settingsSchema'
export type { SettingsNotice } from './settingsFile'

/** The part of `conf` / electron-store that the settings logic uses. */
export interface ConfLike {
  /** Reading parses the file; assigning replaces the whole file. */
  store: Record<string, unknown>
  /** Merges keys into the file (keys it does not name are kept). */
  set(object: Record<string, unknown>): void
  /** The file behind the store; conf and electron-store have it. Without it a bad store cannot be moved aside. */
  readonly path?: string
}

export interface SettingsStore {
  get(): Settings
  get<K extends keyof Settings>(key: K): Settings[K]
  /** Validates and saves a change; throws an Error naming the bad field, and then nothing is saved. */
  update(patch: SettingsPatch): Settings
  onChange(listener: (settings: Settings) => void): () => void
  /** Notices for the person (e.g. a settings file moved aside); each is returned once, then forgotten. */
  takeNotices(): SettingsNotice[]
}

export interface SettingsStoreOptions {
  /** Notices from before conf existed (openSettingsConf); they are handed out with this store's own. */
  notices?: readonly SettingsNotice[]
  now?: () => Date
}

export function createSettingsStore(conf: ConfLike, options: SettingsStoreOptions = {}): SettingsStore {
  const notices: SettingsNotice[] = [...(options.notices ?? [])]
  const loaded = load(conf, options.now ?? (() => new Date()))
  if (loaded.notice) notices.push(loaded.notice)
  for (const notice of notices) log('warn', 'settings', notice.message)

  let current = loaded.settings
  const listeners = new Set<(settings: Settings) => void>()

  function get(): Settings
  function get<K extends keyof Settings>(key: K): Settings[K]
  function get(key?: keyof Settings) {
    return key === undefined ? current : current[key]
  }

  return {
    get,
    update(patch) {
      const parsed = SettingsPatchSchema.safeParse(patch)
      if (!parsed.success) throw new Error(`Invalid settings change: ${describeSettingsIssues(parsed.error)}. Nothing was saved.`)
      // zod applies a field's default to an absent key even in a partial schema, so keep only the keys
      // the caller actually gave: an absent or `undefined` key means "unchanged", never "reset to default".
      const given = patch as Record<string, unknown>
      const changes = Object.fromEntries(Object.entries(parsed.data).filter(([key]) => Object.hasOwn(given, key) && given[key] !== undefined))
      const next = SettingsSchema.parse({ ...current, ...changes })
      try {
        conf.set(next)
      } catch (error) {
        throw new Error(`Could not save settings${conf.path ? ` to ${conf.path}` : ''}: ${messageOf(error)}. Nothing was changed.`, { cause: error })
      }
      const before = current
      current = next
      if (onlyBookkeeping(before, next, Object.keys(changes))) return current
      for (const listener of listeners) {
        try {
          listener(current)
        } catch (error) {
          log('warn', 'settings', `A settings listener failed: ${messageOf(error)}`)
        }
      }
      return current
    },
    onChange(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    takeNotices: () => notices.splice(0),
  }
}

/**
 * True when a change touches only host bookkeeping that no page shows and no listener follows: the
 * activity log's seal (activity/activityLog.ts), rewritten about once a second while tool calls run.
 * It is saved like any change (Verify reads it back) but wakes no listener, so it sends the window no
 * settings, tools or permissions notices and rechecks no roots (issue 33).
 */
function onlyBookkeeping(before: Settings, after: Settings, keys: readonly string[]): boolean {
  if (keys.length === 0 || keys.some((key) => key !== 'activity')) return false
  const { seal: _sealBefore, ...restBefore } = before.activity ?? {}
  const { seal: _sealAfter, ...restAfter } = after.activity ?? {}
  return JSON.stringify(restBefore) === JSON.stringify(restAfter)
}

/** Reads, migrates and validates the stored settings; falls back to defaults (moving the file aside) when they cannot be used. */
function load(conf: ConfLike, now: () => Date): { settings: Settings; notice?: SettingsNotice } {
  const raw = conf.store
  const migration = migrateSettings(raw)
  // jitless: zod would otherwise compile a fast path for this large object on its first parse (~5 ms
  // of each start, bench/startup.ts) that a schema read once at start never pays back.
  const parsed = migration.ok ? SettingsSchema.safeParse(migration.data, { jitless: true }) : undefined
  if (migration.ok && parsed?.success) {
    if (migration.migrated) {
      // Replace, not merge: a migration may rename or drop keys. Unknown keys survive through migration.data.
      conf.store = { ...migration.data, ...parsed.data }
      log('info', 'settings', `Settings migrated from version ${migration.fromVersion} to ${parsed.data.schemaVersion}.`)
    }
    return { settings: parsed.data }
  }
  const problem = !migration.ok ? migration.problem : `it holds invalid values (${parsed?.success === false ? describeSettingsIssues(parsed.error) : 'unknown'})`
  if (conf.path) return { settings: defaultSettings(), notice: moveSettingsAside(conf.path, problem, now()) }
  // No file to move aside (an in-memory conf): start it over so the next update does not merge into bad data.
  conf.store = {}
  return { settings: defaultSettings(), notice: { message: `Your settings could not be used because ${problem}. Default settings are in use.` } }
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}
