/** The activity log on disk: the chain, Verify against edits, removals, reordering and a cut tail, rotation, retention, pages. */
import { readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { openActivityLog, type ActivityKey, type ActivityLog, type ActivitySeal } from '../../../src/main/activity/activityLog'
import { verifyActivity } from '../../../src/main/activity/activityVerify'
import { tempDir } from '../../helpers/tempDir'

const KEY: ActivityKey = { bytes: Buffer.alloc(32, 7), kept: true }
const cleanups: (() => Promise<void>)[] = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup()
})

async function setup(options: { maxSegmentBytes?: number; now?: () => Date; key?: ActivityKey; retentionDays?: number } = {}) {
  const dir = await tempDir()
  let seal: ActivitySeal | undefined
  const sealStore = { read: () => seal, write: (next: ActivitySeal) => void (seal = next) }
  const open = () =>
    openActivityLog({ dir: join(dir.path, 'activity'), key: Promise.resolve(options.key ?? KEY), seal: sealStore, retentionDays: () => options.retentionDays ?? 90, maxSegmentBytes: options.maxSegmentBytes, flushMs: 60_000, now: options.now })
  const activity = await open()
  cleanups.push(async () => {
    await activity.close()
    await dir.remove()
  })
  return { activity, open, sealStore, dir: join(dir.path, 'activity') }
}

const call = (activity: ActivityLog, n: number, args: Record<string, unknown> = { path: `/tmp/${n}` }) =>
  activity.record({ kind: 'tool-call', caller: { kind: 'person' }, tool: 'files__read', extension: 'files', callId: `c${n}`, decision: { verdict: 'allow', asked: false, by: 'mode', detail: 'mode-autonomous' } }, args)

async function lines(dir: string, file = 'activity-000001.jsonl') {
  return (await readFile(join(dir, file), 'utf8')).split('\n').filter(Boolean)
}

describe('activity log', () => {
  it('queues records until the batch write, chains them, and keeps argument values out', async () => {
    const { activity, dir, sealStore } = await setup()
    const canary = 'sk-CANARY-do-not-log-4711'
    for (let n = 1; n <= 5; n++) call(activity, n, { token: canary, n })
    expect(activity.status().pending).toBe(5)
    await activity.flush()
    const written = await lines(dir)
    expect(written).toHaveLength(5)
    expect(written.join('\n')).not.toContain(canary)
    const records = written.map((line) => JSON.parse(line))
    expect(records[0].prev).toBe('0'.repeat(64))
    for (let i = 1; i < 5; i++) expect(records[i].prev).toBe(records[i - 1].hash)
    expect(records[0].args.names).toEqual([{ name: 'token', bytes: canary.length + 2 }, { name: 'n', bytes: 1 }])
    // Equal arguments, equal digests (on this install's key).
    const again = call(activity, 9, { token: canary, n: 1 })
    await activity.flush()
    expect(JSON.parse((await lines(dir)).at(-1)!).args.digest).toBe(records[0].args.digest)
    expect(again).toBe(6)
    expect(sealStore.read()).toMatchObject({ seq: 6 })
    expect((await verifyActivity(activity, sealStore.read)).ok).toBe(true)
  })

  it('goes on with the chain after a restart', async () => {
    const { activity, open, sealStore } = await setup()
    call(activity, 1)
    await activity.close()
    const reopened = await open()
    expect(call(reopened, 2)).toBe(2)
    const report = await verifyActivity(reopened, sealStore.read)
    expect(report).toMatchObject({ ok: true, records: 2, seal: 'matches' })
    await reopened.close()
  })

  describe('Verify', () => {
    async function written(n = 6) {
      const context = await setup()
      for (let i = 1; i <= n; i++) call(context.activity, i)
      await context.activity.flush()
      return { ...context, file: join(context.dir, 'activity-000001.jsonl'), text: await lines(context.dir) }
    }

    it('finds an edited line', async () => {
      const { activity, file, text, sealStore } = await written()
      text[2] = text[2]!.replace('"verdict":"allow"', '"verdict":"deny"')
      await writeFile(file, `${text.join('\n')}\n`)
      const report = await verifyActivity(activity, sealStore.read)
      expect(report.ok).toBe(false)
      expect(report.breaks[0]).toMatchObject({ line: 3, seq: 3 })
      expect(report.breaks[0]!.problem).toMatch(/changed after it was written/)
    })

    it('finds a removed line', async () => {
      const { activity, file, text, sealStore } = await written()
      text.splice(3, 1)
      await writeFile(file, `${text.join('\n')}\n`)
      const report = await verifyActivity(activity, sealStore.read)
      expect(report.ok).toBe(false)
      expect(report.breaks[0]).toMatchObject({ line: 4, seq: 5 })
      expect(report.breaks[0]!.problem).toMatch(/#4–#4 are missing/)
    })

    it('finds a reordered line', async () => {
      const { activity, file, text, sealStore } = await written()
      ;[text[1], text[2]] = [text[2]!, text[1]!]
      await writeFile(file, `${text.join('\n')}\n`)
      const report = await verifyActivity(activity, sealStore.read)
      expect(report.ok).toBe(false)
      expect(report.breaks.map((b) => b.line)).toContain(2)
    })

    it('finds a cut tail only against the seal', async () => {
      const { activity, file, text, sealStore } = await written()
      await writeFile(file, `${text.slice(0, 4).join('\n')}\n`)
      const report = await verifyActivity(activity, sealStore.read)
      expect(report.ok).toBe(false)
      expect(report.seal).toBe('mismatch')
      expect(report.breaks.at(-1)!.problem).toMatch(/ends at #4 but the seal says #6: its tail was cut/)
      // Without the seal the shorter file is a whole chain: that is what the seal is for.
      expect((await verifyActivity(activity, () => undefined)).breaks).toEqual([])
    })

    it('finds a forged seal', async () => {
      const { activity, sealStore } = await written()
      const report = await verifyActivity(activity, () => ({ ...sealStore.read()!, seq: 2, hash: 'f'.repeat(64) }))
      expect(report.seal).toBe('mismatch')
    })

    it('says the end cannot be checked without a kept key', async () => {
      const { activity, sealStore } = await setup({ key: { bytes: Buffer.alloc(32, 1), kept: false } })
      call(activity, 1)
      const report = await verifyActivity(activity, sealStore.read)
      expect(report).toMatchObject({ ok: true, seal: 'unkeyed' })
      expect(report.summary).toMatch(/for this run only/)
    })
  })

  it('rotates by size and verifies across segments; retention removes old segments and Verify joins the gap', async () => {
    let clock = new Date('2026-01-01T00:00:00Z')
    const { activity, sealStore, dir } = await setup({ maxSegmentBytes: 1500, now: () => clock, retentionDays: 30 })
    for (let i = 1; i <= 12; i++) {
      call(activity, i)
      await activity.flush()
    }
    const segments = await activity.segments()
    expect(segments.length).toBeGreaterThan(2)
    expect((await verifyActivity(activity, sealStore.read)).ok).toBe(true)
    clock = new Date('2026-03-01T00:00:00Z')
    call(activity, 13)
    const removed = await activity.applyRetention()
    expect(removed).toBeGreaterThan(0)
    expect((await activity.segments()).length).toBe(1)
    const report = await verifyActivity(activity, sealStore.read)
    expect(report).toMatchObject({ ok: true })
    const newest = (await activity.page({ limit: 1 })).records[0]!
    expect(newest).toMatchObject({ kind: 'retention' })
    // A segment removed by hand (not by retention) is found.
    call(activity, 14)
    await activity.flush()
    const kept = await activity.segments()
    await writeFile(join(dir, kept[0]!), '')
    expect((await verifyActivity(activity, sealStore.read)).ok).toBe(false)
  })

  it('pages newest first with filters, search and a cursor', async () => {
    const { activity } = await setup()
    for (let i = 1; i <= 30; i++) {
      activity.record({ kind: 'tool-call', caller: i % 3 === 0 ? { kind: 'connected-app', name: 'Cursor' } : { kind: 'person' }, tool: i % 2 ? 'a__x' : 'b__y', extension: i % 2 ? 'a' : 'b', decision: { verdict: i % 5 === 0 ? 'deny' : 'allow', asked: false, by: 'mode' } })
    }
    const first = await activity.page({ limit: 10 })
    expect(first.records.map((r) => r.seq)).toEqual([30, 29, 28, 27, 26, 25, 24, 23, 22, 21])
    expect(first.next).toBe(21)
    const second = await activity.page({ limit: 10, before: first.next })
    expect(second.records[0]!.seq).toBe(20)
    expect((await activity.page({ caller: 'connected-app' })).records).toHaveLength(10)
    expect((await activity.page({ decision: 'deny', extension: 'b' })).records.map((r) => r.seq)).toEqual([30, 20, 10])
    expect((await activity.page({ q: 'CURSOR', limit: 3 })).records.map((r) => r.seq)).toEqual([30, 27, 24])
    const last = await activity.page({ limit: 10, before: 11 })
    expect(last.next).toBeUndefined()
  })
})
