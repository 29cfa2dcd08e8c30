/**
 * Progress is published at most once per ~30 ms however fast tokens arrive, always ending with the
 * latest state; persistence is one durable write per committed message, never one per token.
 */
import { open } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { agentWorld } from './agentTestKit'

describe('a fast 2,000-chunk stream', () => {
  const chunks = Array.from({ length: 2000 }, (_, i) => `t${i} `)
  const fullText = chunks.join('')

  it('publishes far fewer progress updates than chunks, spaced ≥ 30 ms, the last with the full text', async () => {
    const world = await agentWorld({ extensions: [], turns: [{ type: 'text', chunks }] })
    const stamps: number[] = []
    const result = await world.turn('Stream a lot', {
      onProgress: (progress) => {
        stamps.push(performance.now())
        world.progress.push(progress)
      },
    })
    expect(result.status).toBe('done')
    expect(world.progress.length).toBeLessThan(chunks.length / 20)
    expect(world.progress.at(-1)).toMatchObject({ status: 'done', text: fullText })
    for (let i = 1; i < stamps.length; i++) expect(stamps[i]! - stamps[i - 1]!).toBeGreaterThanOrEqual(28)
  })

  it('makes one durable write per committed message, not one per token', async () => {
    const world = await agentWorld({ extensions: [], turns: [{ type: 'text', chunks }], indexSaveDelayMs: 60_000 })
    // Count fdatasync calls on every FileHandle of this process while the turn runs.
    const probe = await open(join(world.dataDir, 'probe'), 'w')
    const prototype = Object.getPrototypeOf(probe) as { datasync: () => Promise<void> }
    await probe.close()
    const original = prototype.datasync
    let syncs = 0
    prototype.datasync = function (this: unknown) {
      syncs++
      return original.call(this)
    }
    try {
      const result = await world.turn('Stream a lot')
      expect(result.committed).toHaveLength(2)
    } finally {
      prototype.datasync = original
    }
    expect(syncs).toBe(2)
  })
})
