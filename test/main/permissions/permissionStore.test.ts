/**
 * permissions.json on a real temporary folder: round trips across restarts, damaged files moved
 * aside and reported (F22), bad rules dropped one by one, revoking, validation of edits.
 */
import { copyFile, readFile, readdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { setLogSink } from '../../../src/main/log/log'
import { compileRule } from '../../../src/main/permissions/rules/argumentRules'
import { openPermissionStore, PERMISSIONS_FILE_NAME, type PermissionStoreOptions } from '../../../src/main/permissions/permissionStore'
import { tempDir } from '../../helpers/tempDir'
import { HOME } from './callFixtures'

const FIXTURES = join(import.meta.dirname, '../../fixtures/permissions')
const NOW = new Date('2026-03-04T05:06:07.089Z')
const ASIDE = 'permissions.corrupt-2026-03-04T05-06-07-089Z.json'
const HASH = 'a'.repeat(64)

const options: PermissionStoreOptions = {
  now: () => NOW,
  checkRule: (rule) => {
    const result = compileRule(rule, { homeDir: HOME, caseInsensitivePaths: false })
    return result.ok ? undefined : result.error
  },
}

let dir: { path: string; remove: () => Promise<void> }
let file: string
let restoreLog: () => void
beforeAll(() => {
  restoreLog = setLogSink(() => undefined)
})
afterAll(() => restoreLog())
beforeEach(async () => {
  dir = await tempDir('switchboard-permissions-')
  file = join(dir.path, PERMISSIONS_FILE_NAME)
})
afterEach(() => dir.remove())

const open = () => openPermissionStore(dir.path, options)
const fixture = (name: string) => copyFile(join(FIXTURES, name), file)

describe('round trip', () => {
  it('starts empty in smart mode without writing anything', async () => {
    const store = await open()
    expect(store.snapshot()).toEqual({ version: 1, mode: 'smart', toolPolicies: {}, extensionPolicies: {}, rules: [], pins: {} })
    expect(store.takeNotices()).toEqual([])
    expect(await readdir(dir.path)).toEqual([])
  })

  it('keeps mode, policies, rules and pins across a restart', async () => {
    const store = await open()
    await store.setMode('autonomous')
    await store.setToolPolicy('files__read_file', { policy: 'always', hash: HASH, grantedAt: NOW.toISOString() })
    await store.setExtensionPolicy('web', 'never')
    await store.saveRule({ id: 'notes', tool: 'files__write_file', argument: 'path', match: { glob: '~/Notes/**' }, decision: 'allow' })
    await store.acceptPin('files__read_file', HASH, { name: 'read_file', inputSchema: { type: 'object' } })
    const reopened = await open()
    expect(reopened.snapshot()).toEqual(store.snapshot())
    expect(reopened.mode()).toBe('autonomous')
    expect(reopened.toolPolicy('files__read_file')).toEqual({ policy: 'always', hash: HASH, grantedAt: NOW.toISOString() })
    expect(reopened.extensionPolicy('web')).toBe('never')
    expect(reopened.rules().map((r) => r.id)).toEqual(['notes'])
    expect(reopened.pin('files__read_file')).toMatchObject({ hash: HASH, firstSeen: NOW.toISOString() })
  })

  it('reads a full file written by this format version', async () => {
    await fixture('v1-full.json')
    const store = await open()
    expect(store.takeNotices()).toEqual([])
    expect(store.snapshot()).toEqual(JSON.parse(await readFile(join(FIXTURES, 'v1-full.json'), 'utf8')))
  })

  it('coalesces a burst of changes into few writes, all on disk after flush()', async () => {
    const store = await open()
    const writes = Array.from({ length: 50 }, (_, i) => store.acceptPin(`ext__tool_${i}`, HASH, { name: `tool_${i}`, inputSchema: {} }))
    await Promise.all(writes)
    await store.flush()
    const onDisk = JSON.parse(await readFile(file, 'utf8'))
    expect(Object.keys(onDisk.pins)).toHaveLength(50)
    expect((await readdir(dir.path)).filter((name) => name.endsWith('.tmp'))).toEqual([])
  })

  it('tells listeners about changes', async () => {
    const store = await open()
    let calls = 0
    const stop = store.onChange(() => calls++)
    await store.setMode('ask')
    stop()
    await store.setMode('smart')
    expect(calls).toBe(1)
  })
})

describe('damaged files', () => {
  it.each([
    ['corrupt-truncated.json', /not valid JSON/],
    ['wrong-shape.json', /not in the expected format \(mode: Invalid option/],
    ['newer-version.json', /written by a newer version of Switchboard \(format 2\)/],
  ])('%s is moved aside, the store starts empty, and the person is told', async (name, problem) => {
    await fixture(name)
    const original = await readFile(file, 'utf8')
    const store = await open()
    const notices = store.takeNotices()
    expect(notices).toEqual([{ message: expect.stringMatching(problem), movedTo: join(dir.path, ASIDE) }])
    expect(notices[0]!.message).toMatch(/no policies, rules or tool pins are in effect, so tools will ask again/)
    expect(store.takeNotices()).toEqual([])
    expect(store.snapshot().rules).toEqual([])
    expect(await readFile(join(dir.path, ASIDE), 'utf8')).toBe(original)
    expect(await readdir(dir.path)).toEqual([ASIDE])
    // The next change writes a fresh, valid file.
    await store.setMode('ask')
    expect((await open()).mode()).toBe('ask')
  })

  it('ignores a "__proto__" key in a hand-edited file and pollutes nothing', async () => {
    await fixture('prototype-key.json')
    const store = await open()
    expect(store.takeNotices()).toEqual([])
    expect(store.snapshot().toolPolicies).toEqual({})
    expect(store.toolPolicy('__proto__')).toBeUndefined()
    expect(({} as Record<string, unknown>).policy).toBeUndefined()
  })

  it('treats an empty file as damaged', async () => {
    await writeFile(file, '')
    expect((await open()).takeNotices()[0]!.message).toMatch(/the file is empty/)
  })

  it('drops only the rules it cannot use, and says which', async () => {
    await fixture('bad-rules.json')
    const store = await open()
    expect(store.mode()).toBe('autonomous')
    expect(store.rules().map((r) => r.id)).toEqual(['good'])
    const messages = store.takeNotices().map((n) => n.message)
    expect(messages).toHaveLength(3)
    expect(messages[0]).toMatch(/^An argument rule could not be used and was removed \(The regex .* exponential time.*\): \{"id":"redos"/)
    expect(messages[1]).toMatch(/another rule has the same id/)
    expect(messages[2]).toMatch(/decision: Invalid option/)
    expect(await readdir(dir.path)).toEqual([PERMISSIONS_FILE_NAME])
  })
})

describe('edits and revoking', () => {
  it('validates edits (they come from the renderer) and names the field', async () => {
    const store = await open()
    await expect(store.setMode('yolo')).rejects.toThrow(/^Invalid mode: \(top level\): Invalid option.*Nothing was saved\.$/)
    await expect(store.setToolPolicy('__proto__', { policy: 'never' })).rejects.toThrow(/Invalid tool name/)
    await expect(store.setToolPolicy('files__x', { policy: 'always' } as never)).rejects.toThrow(/Invalid tool policy: hash/)
    await expect(store.setExtensionPolicy('files', 'sometimes' as never)).rejects.toThrow(/Invalid extension policy/)
    await expect(store.saveRule({ id: 'r', tool: 'files__*', argument: 'path', match: { regex: '(a+)+' }, decision: 'deny' })).rejects.toThrow(/exponential time.*Nothing was saved\./)
    expect(store.snapshot()).toEqual((await open()).snapshot())
  })

  it('replaces a rule with the same id in place, and removes rules by id', async () => {
    const store = await open()
    const base = { tool: 'files__*', argument: 'path', decision: 'deny' as const }
    await store.saveRule({ ...base, id: 'a', match: { glob: '/a/**' } })
    await store.saveRule({ ...base, id: 'b', match: { glob: '/b/**' } })
    await store.saveRule({ ...base, id: 'a', match: { glob: '/c/**' } })
    expect(store.rules().map((r) => [r.id, r.match])).toEqual([
      ['a', { glob: '/c/**' }],
      ['b', { glob: '/b/**' }],
    ])
    expect(await store.removeRule('a')).toBe(true)
    expect(await store.removeRule('a')).toBe(false)
    expect((await open()).rules().map((r) => r.id)).toEqual(['b'])
  })

  it('revokes every standing permission and keeps restrictions, pins and the mode', async () => {
    await fixture('v1-full.json')
    const store = await open()
    expect(await store.revokeAll()).toEqual({ toolPolicies: 1, extensionPolicies: 1, rules: 1 })
    const after = (await open()).snapshot()
    expect(after.mode).toBe('ask')
    expect(after.toolPolicies).toEqual({ 'files__delete': { policy: 'never' }, 'mail__send': { policy: 'ask' } })
    expect(after.extensionPolicies).toEqual({ files: 'ask', shell: 'never' })
    expect(after.rules.map((r) => (r as { id: string }).id)).toEqual(['ssh', 'mail-ask'])
    expect(Object.keys(after.pins)).toEqual(['files__read_file'])
  })

  it('revokes one item at a time', async () => {
    await fixture('v1-full.json')
    const store = await open()
    await store.setToolPolicy('files__read_file', undefined)
    await store.setExtensionPolicy('web', undefined)
    expect(await store.forgetPin('files__read_file')).toBe(true)
    expect(await store.forgetPin('files__read_file')).toBe(false)
    const after = await open()
    expect(after.toolPolicy('files__read_file')).toBeUndefined()
    expect(after.extensionPolicy('web')).toBeUndefined()
    expect(after.pin('files__read_file')).toBeUndefined()
    expect(after.toolPolicy('files__delete')).toEqual({ policy: 'never' })
  })

  it('accepting a pin keeps when it was first seen and clears the pending change', async () => {
    await fixture('v1-full.json')
    const store = await open()
    await store.acceptPin('files__read_file', 'c'.repeat(64), { name: 'read_file', inputSchema: { type: 'object' } })
    expect(store.pin('files__read_file')).toEqual({
      hash: 'c'.repeat(64),
      definition: { name: 'read_file', inputSchema: { type: 'object' } },
      firstSeen: '2026-01-01T00:00:00.000Z',
      acceptedAt: NOW.toISOString(),
      covers: 'title-and-annotations',
    })
  })
})
