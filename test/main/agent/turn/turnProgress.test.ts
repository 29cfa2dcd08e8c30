/**
 * Progress is published through a throttle of at least 30 ms however fast tokens arrive, always ending with the
 * latest state; persistence is one durable write per committed message, never one per token.
 */
import { open } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, it, vi } from 'vitest'
import { DEFAULT_PROGRESS_INTERVAL_MS } from '../../../../src/main/agent'
import { agentWorld } from '../agentTestKit'

/** The interval of every throttle created (the real throttle runs; this only records how it is set up). */
const throttleIntervals = vi.hoisted((): number[] => [])
vi.mock('../../../../src/shared/trailingThrottle', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../../../src/shared/trailingThrottle')>()
  return {
    ...actual,
    createTrailingThrottle: <T>(deliver: (value: T) => void, intervalMs: number) => {
      throttleIntervals.push(intervalMs)
      return actual.createTrailingThrottle(deliver, intervalMs)
    },
  }
})

describe('a fast 2,000-chunk stream', () => {
  const chunks = Array.from({ length: 2000 }, (_, i) => `t${i} `)
  const fullText = chunks.join('')

  it('publishes far fewer progress updates than chunks, through a throttle of at least 30 ms, the last with the full text', async () => {
    const world = await agentWorld({ extensions: [], turns: [{ type: 'text', chunks }] })
    throttleIntervals.length = 0
    const result = await world.turn('Stream a lot')
    expect(result.status).toBe('done')
    expect(world.progress.length).toBeLessThan(chunks.length / 20)
    expect(world.progress.at(-1)).toMatchObject({ status: 'done', text: fullText })
    // The spacing itself is the throttle's (trailingThrottle.test.ts, on fake timers): here, that the turn uses it.
    expect(throttleIntervals).toEqual([DEFAULT_PROGRESS_INTERVAL_MS])
    expect(DEFAULT_PROGRESS_INTERVAL_MS).toBeGreaterThanOrEqual(30)
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
