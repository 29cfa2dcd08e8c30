/**
 * Records the waits that src/ schedules with `setTimeout` from node:timers/promises (the retry
 * policy's backoff), so tests assert the exact delay asked for instead of measuring the clock.
 * The waits stay real: Node never fires a timer early, and an abort still ends one at once.
 *
 *   vi.mock('node:timers/promises', async (importOriginal) => (await import('./recordedSleeps')).recordingTimers(await importOriginal()))
 */
import type * as TimersPromises from 'node:timers/promises'

export interface RecordedSleep {
  delayMs: number
  /** 'waiting' until the timer fires ('done') or an abort ends it ('aborted'). */
  state: 'waiting' | 'done' | 'aborted'
}

/** Every wait since the last `resetSleeps()`, oldest first. */
export const sleeps: RecordedSleep[] = []
const startListeners: ((sleep: RecordedSleep) => void)[] = []
const endListeners: ((sleep: RecordedSleep) => void)[] = []

/** Forgets the recorded waits and the listeners (call it in beforeEach). */
export function resetSleeps(): void {
  sleeps.length = 0
  startListeners.length = 0
  endListeners.length = 0
}

/** Called once a wait has begun (its timer is set). */
export function onSleepStart(listener: (sleep: RecordedSleep) => void): void {
  startListeners.push(listener)
}

/** Called as a wait ends, before the code that waited goes on. */
export function onSleepEnd(listener: (sleep: RecordedSleep) => void): void {
  endListeners.push(listener)
}

/** The module with its `setTimeout` wrapped; everything else is the real one. */
export function recordingTimers(actual: typeof TimersPromises): typeof TimersPromises {
  const recordingSetTimeout = async <T>(delay?: number, value?: T, options?: Parameters<typeof actual.setTimeout>[2]): Promise<T> => {
    const sleep: RecordedSleep = { delayMs: delay ?? 1, state: 'waiting' }
    sleeps.push(sleep)
    const waiting = actual.setTimeout(delay, value, options)
    for (const listener of startListeners) listener(sleep)
    try {
      const result = await waiting
      sleep.state = 'done'
      return result
    } catch (error) {
      sleep.state = 'aborted'
      throw error
    } finally {
      for (const listener of endListeners) listener(sleep)
    }
  }
  return { ...actual, setTimeout: recordingSetTimeout as typeof actual.setTimeout }
}
