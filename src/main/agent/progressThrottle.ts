/**
 * Limits how often the turn's progress is published: tokens can arrive thousands of times a second,
 * the renderer needs at most one update per animation frame (quality.md §C). The first change goes
 * out at once, later ones at most once per interval, and the latest state is always delivered in
 * the end: the throttle drops intermediate states, never the last one.
 */

export interface ProgressThrottle {
  /** Something changed; `deliver` will be called (now or after the interval) and reads the state then. */
  changed(): void
  /** Delivers a pending change (still respecting the interval) and stops; resolves once delivered. */
  close(): Promise<void>
}

export function createProgressThrottle(deliver: () => void, intervalMs: number): ProgressThrottle {
  let lastDelivery = Number.NEGATIVE_INFINITY
  let dirty = false
  let timer: NodeJS.Timeout | undefined
  let closed = false
  let onDrained: (() => void) | undefined

  const fire = () => {
    timer = undefined
    if (!dirty) return
    dirty = false
    lastDelivery = performance.now()
    try {
      deliver()
    } finally {
      if (!dirty) onDrained?.()
    }
  }

  const schedule = () => {
    if (timer) return
    const wait = lastDelivery + intervalMs - performance.now()
    if (wait <= 0) fire()
    else timer = setTimeout(fire, wait)
  }

  return {
    changed() {
      if (closed) return
      dirty = true
      schedule()
    },
    close() {
      closed = true
      if (!dirty) return Promise.resolve()
      return new Promise<void>((resolve) => {
        onDrained = resolve
        schedule()
      })
    },
  }
}
