/**
 * Migrations of the stored settings object, one per version step. They work on the raw JSON object
 * (not on the current Settings type, which did not exist when the data was written) and keep keys
 * they do not know, so data from a newer minor build is not thrown away.
 */
import { SETTINGS_SCHEMA_VERSION } from './settingsSchema'

export type RawSettings = Record<string, unknown>

export interface SettingsMigration {
  readonly from: number
  readonly to: number
  /** Returns the object at version `to`; must not mutate its input. */
  migrate(old: RawSettings): RawSettings
}

/** Every step from version 0 to SETTINGS_SCHEMA_VERSION. */
export const SETTINGS_MIGRATIONS: readonly SettingsMigration[] = [
  {
    // Version 0 is a settings object without `schemaVersion`: written by hand or by a pre-release
    // build, before the file carried a version. Its fields already mean what version 1 means.
    from: 0,
    to: 1,
    migrate: (old) => ({ ...old, schemaVersion: 1 }),
  },
]

export type MigrationResult =
  | { ok: true; data: RawSettings; fromVersion: number; migrated: boolean }
  | { ok: false; problem: string; newerVersion?: number }

/** Brings a stored settings object up to `target`, step by step. Pure; never throws. */
export function migrateSettings(
  raw: RawSettings,
  migrations: readonly SettingsMigration[] = SETTINGS_MIGRATIONS,
  target: number = SETTINGS_SCHEMA_VERSION,
): MigrationResult {
  const stored = raw.schemaVersion
  const fromVersion = stored === undefined ? 0 : stored
  if (typeof fromVersion !== 'number' || !Number.isInteger(fromVersion) || fromVersion < 0) {
    return { ok: false, problem: `schemaVersion must be a whole number, not ${JSON.stringify(stored)}` }
  }
  if (fromVersion > target) {
    return {
      ok: false,
      newerVersion: fromVersion,
      problem: `it was written by a newer Switchboard (settings version ${fromVersion}; this version knows up to ${target})`,
    }
  }
  let data = raw
  for (let version = fromVersion; version < target; ) {
    const step = migrations.find((migration) => migration.from === version)
    if (!step || step.to <= version) return { ok: false, problem: `no migration from settings version ${version} (a bug in Switchboard)` }
    try {
      data = step.migrate(data)
    } catch (error) {
      return { ok: false, problem: `the migration from settings version ${version} failed: ${error instanceof Error ? error.message : String(error)}` }
    }
    version = step.to
  }
  return { ok: true, data, fromVersion, migrated: fromVersion !== target }
}
