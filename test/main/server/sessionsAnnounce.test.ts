/**
 * `switchboard://sessions` changes with every committed message: it is announced at once, then at
 * most once per SESSIONS_ANNOUNCE_MS while it keeps changing, always once after the last change.
 */
import { afterEach, describe, expect, it, vi } from 'vitest'
import { SESSIONS_ANNOUNCE_MS, atMostEvery } from '../../../src/main/server/hostServer'

afterEach(() => {
  vi.useRealTimers()
})

describe('announcing the session list', () => {
  it('announces the first change at once, a burst of changes once a second, and the last change always', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] })
    let announced = 0
    const sessions = atMostEvery(SESSIONS_ANNOUNCE_MS, () => announced++)
    sessions.notify()
    expect(announced).toBe(1)
    // 100 commits over 2.5 seconds: one announcement per second, not one per commit.
    for (let i = 0; i < 100; i++) {
      vi.advanceTimersByTime(25)
      sessions.notify()
    }
    expect(announced).toBe(3)
    // The last change is announced when its second is up.
    vi.advanceTimersByTime(SESSIONS_ANNOUNCE_MS)
    expect(announced).toBe(4)
    // Quiet: nothing more, and the next change goes out at once again.
    vi.advanceTimersByTime(5 * SESSIONS_ANNOUNCE_MS)
    expect(announced).toBe(4)
    sessions.notify()
    expect(announced).toBe(5)
    sessions.notify()
    sessions.stop()
    vi.advanceTimersByTime(SESSIONS_ANNOUNCE_MS)
    expect(announced).toBe(5)
  })
})
