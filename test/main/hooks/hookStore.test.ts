/** hooks.json: run order, !mutate: targets, approvals kept only for the same target, a damaged file moved aside. */
import { readdir, readFile, stat, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { openHookStore } from '../../../src/main/hooks'
import { tempDir } from '../../helpers/tempDir'

const dirs: { remove: () => Promise<void> }[] = []
afterEach(async () => {
  for (const dir of dirs.splice(0)) await dir.remove()
})
async function dataDir() {
  const dir = await tempDir('switchboard-hooks-')
  dirs.push(dir)
  return dir.path
}

describe('hook store', () => {
  it('keeps hooks in run order, moves one with position, and reads them back after a restart', async () => {
    const dir = await dataDir()
    const store = await openHookStore(dir)
    const a = await store.save({ name: 'A', event: 'tool-call', target: 'x__a' }, 'x__a')
    const b = await store.save({ name: 'B', event: 'tool-call', target: '!mutate: x__b' }, undefined)
    await store.save({ id: b.id, name: 'B', event: 'tool-call', target: 'x__b', observeOnly: true, position: 0 }, undefined)
    expect(store.list().map((hook) => hook.name)).toEqual(['B', 'A'])
    expect(b).toMatchObject({ target: 'x__b', observeOnly: true, enabled: true, timeoutMs: 5000 })
    const again = await openHookStore(dir)
    expect(again.list().map((hook) => [hook.id, hook.approvedTarget])).toEqual([
      [b.id, undefined],
      [a.id, 'x__a'],
    ])
    if (process.platform !== 'win32') expect((await stat(join(dir, 'hooks.json'))).mode & 0o777).toBe(0o600)
  })

  it('a damaged file is moved aside, never deleted, with a notice; the app starts without hooks', async () => {
    const dir = await dataDir()
    await writeFile(join(dir, 'hooks.json'), '{"version":1,"hooks":[{"nope":true}]}')
    const store = await openHookStore(dir)
    expect(store.list()).toEqual([])
    const [notice] = store.takeNotices()
    expect(notice?.message).toMatch(/hooks file could not be read/)
    expect(await readFile(notice!.movedTo!, 'utf8')).toContain('nope')
    expect((await readdir(dir)).some((name) => name.startsWith('hooks.corrupt-'))).toBe(true)
  })
})
