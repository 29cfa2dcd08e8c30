/** The migration runner: step by step, refusing what it cannot migrate, never throwing. */
import { describe, expect, it } from 'vitest'
import { SETTINGS_MIGRATIONS, migrateSettings, type SettingsMigration } from '../../../src/main/settings/settingsMigrations'
import { SETTINGS_SCHEMA_VERSION } from '../../../src/main/settings/settingsSchema'

// A made-up version 2 that renames `theme` to `appearance`, to exercise chained steps and key renames.
const toV2: SettingsMigration = {
  from: 1,
  to: 2,
  migrate: ({ theme, ...rest }) => ({ ...rest, appearance: theme, schemaVersion: 2 }),
}

describe('migrateSettings', () => {
  it('has a step from every version below the current one', () => {
    for (let version = 0; version < SETTINGS_SCHEMA_VERSION; version++) {
      expect(SETTINGS_MIGRATIONS.some((step) => step.from === version), `migration from ${version}`).toBe(true)
    }
  })

  it('leaves a current object alone', () => {
    const raw = { schemaVersion: SETTINGS_SCHEMA_VERSION, theme: 'dark' }
    expect(migrateSettings(raw)).toEqual({ ok: true, data: raw, fromVersion: SETTINGS_SCHEMA_VERSION, migrated: false })
  })

  it('chains steps from version 0, without mutating the input', () => {
    const raw = { theme: 'dark', extra: true }
    const result = migrateSettings(raw, [...SETTINGS_MIGRATIONS, toV2], 2)
    expect(result).toEqual({ ok: true, data: { schemaVersion: 2, appearance: 'dark', extra: true }, fromVersion: 0, migrated: true })
    expect(raw).toEqual({ theme: 'dark', extra: true })
  })

  it('refuses a version newer than it knows', () => {
    expect(migrateSettings({ schemaVersion: 7 })).toMatchObject({ ok: false, newerVersion: 7, problem: expect.stringMatching(/newer Switchboard/) })
  })

  it.each([['1'], [1.5], [-1], [null]])('refuses schemaVersion %j', (schemaVersion) => {
    expect(migrateSettings({ schemaVersion })).toMatchObject({ ok: false, problem: expect.stringMatching(/schemaVersion must be a whole number/) })
  })

  it('reports a missing step or a failing step instead of throwing', () => {
    expect(migrateSettings({ schemaVersion: 1 }, SETTINGS_MIGRATIONS, 2)).toMatchObject({ ok: false, problem: 'no migration from settings version 1 (a bug in Switchboard)' })
    const broken: SettingsMigration = { from: 0, to: 1, migrate: () => { throw new Error('boom') } }
    expect(migrateSettings({}, [broken])).toMatchObject({ ok: false, problem: 'the migration from settings version 0 failed: boom' })
  })
})
