/**
 * Settings over a real `conf` on a temporary folder: defaults, typed get/update, migration of an
 * older file, and recovery from corrupt or schema-invalid files (moved aside, user told once).
 */
import { copyFile, readFile, readdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import Conf from 'conf'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { setLogSink } from '../../../src/main/log/log'
import { openSettingsConf, openSettingsStore, type MakeConf } from '../../../src/main/settings/openSettings'
import { createSettingsStore, type Settings } from '../../../src/main/settings/settingsStore'
import { tempDir } from '../../helpers/tempDir'

const FIXTURES = join(import.meta.dirname, '../../fixtures/settings')
const NOW = new Date('2026-03-04T05:06:07.089Z')
const ASIDE = 'settings.corrupt-2026-03-04T05-06-07-089Z.json'

const makeConf: MakeConf = (location) => new Conf<Record<string, unknown>>({ ...location, projectName: 'switchboard-test' })
const open = (dir: string) => openSettingsStore(dir, makeConf, { now: () => NOW })
const readJson = async (path: string): Promise<unknown> => JSON.parse(await readFile(path, 'utf8'))

let dir: { path: string; remove: () => Promise<void> }
let settingsPath: string
const logLines: string[] = []
let restoreLog: () => void
beforeAll(() => {
  restoreLog = setLogSink((line) => logLines.push(line), 'debug')
})
afterAll(() => restoreLog())
beforeEach(async () => {
  dir = await tempDir('switchboard-settings-')
  settingsPath = join(dir.path, 'settings.json')
  logLines.length = 0
})
afterEach(() => dir.remove())

describe('defaults and typed get/update', () => {
  it('starts from defaults in an empty folder and stamps the file with the schema version', async () => {
    const store = open(dir.path)
    expect(store.get()).toEqual({ schemaVersion: 1, theme: 'system' })
    expect(store.get('theme')).toBe('system')
    expect(store.takeNotices()).toEqual([])
    expect(await readJson(settingsPath)).toEqual({ schemaVersion: 1, theme: 'system' })
  })

  it('saves an update, tells listeners, and a later run reads it back', async () => {
    const store = open(dir.path)
    const seen: Settings[] = []
    store.onChange((settings) => seen.push(settings))
    expect(store.update({ theme: 'dark' })).toEqual({ schemaVersion: 1, theme: 'dark' })
    expect(seen).toEqual([{ schemaVersion: 1, theme: 'dark' }])
    expect(await readJson(settingsPath)).toEqual({ schemaVersion: 1, theme: 'dark' })
    expect(open(dir.path).get('theme')).toBe('dark')
  })

  it('saves a change of only the activity seal without waking listeners; any other change still tells them (issue 33)', async () => {
    const store = open(dir.path)
    const seen: Settings[] = []
    store.onChange((settings) => seen.push(settings))
    store.update({ activity: { retentionDays: 30 } })
    expect(seen).toHaveLength(1)
    const seal = { seq: 7, hash: 'h7', mac: 'm7' }
    store.update({ activity: { ...store.get('activity'), seal } })
    store.update({ activity: { ...store.get('activity'), seal: { ...seal, seq: 8 } } })
    expect(seen).toHaveLength(1)
    expect(store.get('activity')).toEqual({ retentionDays: 30, seal: { ...seal, seq: 8 } })
    expect(await readJson(settingsPath)).toMatchObject({ activity: { retentionDays: 30, seal: { seq: 8 } } })
    // The seal together with something the window shows: listeners are told.
    store.update({ activity: { retentionDays: 60, seal }, theme: 'dark' })
    store.update({ activity: { retentionDays: 90, seal } })
    expect(seen).toHaveLength(3)
  })

  it('rejects an invalid value with an error naming the field, and saves nothing', async () => {
    const store = open(dir.path)
    // Cast: the renderer is untrusted, so update() must check at run time what the type already forbids.
    expect(() => store.update({ theme: 'purple' } as never)).toThrow(/^Invalid settings change: theme: Invalid option: expected one of "light"\|"dark"\|"system"\. Nothing was saved\.$/)
    expect(() => store.update({ fontSize: 14 } as never)).toThrow(/Unrecognized key: "fontSize"/)
    expect(() => store.update({ schemaVersion: 2 } as never)).toThrow(/Unrecognized key: "schemaVersion"/)
    expect(store.get('theme')).toBe('system')
    expect(await readJson(settingsPath)).toEqual({ schemaVersion: 1, theme: 'system' })
  })

  it('treats an absent key or an explicit undefined as "unchanged", not as "reset to default"', () => {
    const store = open(dir.path)
    store.update({ theme: 'light' })
    expect(store.update({}).theme).toBe('light')
    expect(store.update({ theme: undefined }).theme).toBe('light')
  })

  it('keeps keys it does not know (written by a newer build) when saving', async () => {
    await writeFile(settingsPath, JSON.stringify({ schemaVersion: 1, theme: 'dark', fromNewerBuild: { a: 1 } }))
    const store = open(dir.path)
    store.update({ theme: 'light' })
    expect(await readJson(settingsPath)).toEqual({ schemaVersion: 1, theme: 'light', fromNewerBuild: { a: 1 } })
  })
})

describe('migration', () => {
  it('migrates the version-0 fixture (no schemaVersion) to version 1, keeping its values and unknown keys', async () => {
    await copyFile(join(FIXTURES, 'v0-settings.json'), settingsPath)
    const store = open(dir.path)
    expect(store.get()).toEqual({ schemaVersion: 1, theme: 'dark' })
    expect(store.takeNotices()).toEqual([])
    expect(await readJson(settingsPath)).toEqual({ schemaVersion: 1, theme: 'dark', lastSessionId: 's-2024-01' })
    expect(logLines.join('\n')).toMatch(/Settings migrated from version 0 to 1/)
    // Migrated once: the next open finds version 1 and has nothing to do.
    logLines.length = 0
    open(dir.path)
    expect(logLines.join('\n')).not.toMatch(/migrated/)
  })
})

describe('recovery from a file that cannot be used', () => {
  const cases: Array<[what: string, content: string | { fixture: string }, problem: RegExp]> = [
    ['corrupt (truncated JSON)', { fixture: 'corrupt-truncated.json' }, /because it is not valid JSON \(/],
    ['empty', '', /because it is empty\./],
    ['JSON null', 'null', /because it does not hold a JSON object\./],
    ['a JSON array', '["dark"]', /because it does not hold a JSON object\./],
    ['schema-invalid', { fixture: 'invalid-theme.json' }, /because it holds invalid values \(theme: Invalid option: expected one of "light"\|"dark"\|"system"\)\./],
    ['from a newer version', { fixture: 'newer-version.json' }, /because it was written by a newer Switchboard \(settings version 99; this version knows up to 1\)\./],
    ['with a bad schemaVersion', '{"schemaVersion":"one","theme":"dark"}', /because schemaVersion must be a whole number, not "one"\./],
  ]

  it.each(cases)('%s: moved aside intact, defaults load, the user is told once', async (_what, content, problem) => {
    if (typeof content === 'string') await writeFile(settingsPath, content)
    else await copyFile(join(FIXTURES, content.fixture), settingsPath)
    const original = await readFile(settingsPath, 'utf8')

    const store = open(dir.path)
    expect(store.get()).toEqual({ schemaVersion: 1, theme: 'system' })
    expect(await readFile(join(dir.path, ASIDE), 'utf8')).toBe(original)

    const notices = store.takeNotices()
    expect(notices).toHaveLength(1)
    expect(notices[0]!.movedTo).toBe(join(dir.path, ASIDE))
    expect(notices[0]!.message).toMatch(problem)
    expect(notices[0]!.message).toMatch(new RegExp(`The file was moved to .*${ASIDE.replace(/\./g, '\\.')} and default settings are in use\\.$`))
    expect(store.takeNotices()).toEqual([])
    expect(logLines.join('\n')).toMatch(/warn \[settings\] Your settings could not be used because/)

    // The app carries on: updates are saved to a fresh file beside the one moved aside.
    store.update({ theme: 'dark' })
    expect(await readJson(settingsPath)).toEqual({ schemaVersion: 1, theme: 'dark' })
    expect((await readdir(dir.path)).sort()).toEqual([ASIDE, 'settings.json'])
  })

  it('never overwrites an earlier file moved aside in the same millisecond', async () => {
    await writeFile(settingsPath, '{oops')
    open(dir.path)
    await writeFile(settingsPath, '{oops again')
    const store = open(dir.path)
    expect(store.takeNotices()[0]!.movedTo).toBe(join(dir.path, 'settings.corrupt-2026-03-04T05-06-07-089Z-2.json'))
    expect(await readFile(join(dir.path, ASIDE), 'utf8')).toBe('{oops')
  })

  it('shows that conf alone cannot open a corrupt file, which is why openSettingsConf checks first', async () => {
    await writeFile(settingsPath, '{oops')
    expect(() => makeConf({ cwd: dir.path, configName: 'settings', configFileMode: 0o600 })).toThrow(SyntaxError)
    expect(() => openSettingsConf(dir.path, makeConf, () => NOW)).not.toThrow()
  })

  it('createSettingsStore given a conf directly (existing callers) also moves a schema-invalid file aside', async () => {
    await copyFile(join(FIXTURES, 'invalid-theme.json'), settingsPath)
    const store = createSettingsStore(makeConf({ cwd: dir.path, configName: 'settings', configFileMode: 0o600 }), { now: () => NOW })
    expect(store.get('theme')).toBe('system')
    expect(store.takeNotices()[0]!.movedTo).toBe(join(dir.path, ASIDE))
  })

  it('refuses a conf factory that opens a different file than the one checked', () => {
    const wrong: MakeConf = ({ cwd }) => new Conf<Record<string, unknown>>({ cwd, configName: 'config', projectName: 'switchboard-test' })
    expect(() => openSettingsConf(dir.path, wrong)).toThrow(/The settings conf opened .*config\.json, but .*settings\.json was checked/)
  })
})
