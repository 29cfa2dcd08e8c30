/**
 * The clock routines run on, injected so tests (and the benchmark) decide what time it is and when
 * timers fire. The real one is the wall clock and Node's timers; a wake from sleep is told by the
 * app (Electron's powerMonitor) or noticed by the scheduler as a jump of the wall clock.
 */

export interface TimerHandle {
  cancel(): void
}

export interface RoutineClock {
  /** Wall-clock time in ms since the epoch. */
  now(): number
  /** Calls `run` once after about `ms` (timers do not run while the computer sleeps); a manual clock waits for the work it returns. */
  setTimer(ms: number, run: () => void | Promise<void>): TimerHandle
}

/** The wall clock and Node's timers; timers do not keep the process alive. */
export const systemClock: RoutineClock = {
  now: () => Date.now(),
  setTimer(ms, run) {
    const timer = setTimeout(() => void run(), Math.max(0, ms))
    timer.unref?.()
    return { cancel: () => clearTimeout(timer) }
  },
}

/** A clock a test moves by hand: `advance` fires the timers that come due, in order; `jump` moves the wall clock without firing any (sleep). */
export interface ManualClock extends RoutineClock {
  advance(ms: number): Promise<void>
  /** The wall clock moves on while no timer ran (the computer slept); pending timers fire later, at their own time. */
  jump(ms: number): void
  /** Timers set so far (each one a wake-up of the process). */
  readonly timersSet: number
  /** Timers that fired so far. */
  readonly timersFired: number
  pending(): number
}

export function manualClock(start: number): ManualClock {
  let now = start
  let timersSet = 0
  let timersFired = 0
  let seq = 0
  // Monotonic time: what timers count in; it does not move during a jump (sleep), as on Linux.
  let monotonic = 0
  const timers = new Map<number, { due: number; run: () => void | Promise<void> }>()
  const settle = () => new Promise<void>((resolve) => setImmediate(resolve))
  return {
    now: () => now,
    setTimer(ms, run) {
      const id = ++seq
      timersSet++
      timers.set(id, { due: monotonic + Math.max(0, ms), run })
      return { cancel: () => void timers.delete(id) }
    },
    async advance(ms) {
      const end = monotonic + ms
      for (;;) {
        const due = [...timers.entries()].filter(([, timer]) => timer.due <= end).sort((a, b) => a[1].due - b[1].due || a[0] - b[0])[0]
        if (!due) break
        const [id, timer] = due
        now += timer.due - monotonic
        monotonic = timer.due
        timers.delete(id)
        timersFired++
        await timer.run()
        // Let the work the timer started (file writes, turns) move on before the next one.
        for (let i = 0; i < 5; i++) await settle()
      }
      now += end - monotonic
      monotonic = end
      for (let i = 0; i < 5; i++) await settle()
    },
    jump(ms) {
      now += ms
    },
    get timersSet() {
      return timersSet
    },
    get timersFired() {
      return timersFired
    },
    pending: () => timers.size,
  }
}
