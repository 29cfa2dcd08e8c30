/**
 * A trailing throttle for progress that can change thousands of times a second (streamed tokens,
 * tool progress notifications), where the reader needs at most one update per interval (docs/architecture.md
 * §9). The first value goes out at once, later ones at most once per interval, and the latest value
 * is always delivered in the end: intermediate values are dropped, never the last one.
 */

export interface TrailingThrottle<T> {
  /** A new value; `deliver` gets it now or after the interval (or a later value instead). */
  push(value: T): void
  /** Delivers the pending value now, whatever the interval. */
  flush(): void
  /** Delivers the pending value (still respecting the interval) and stops; resolves once delivered. */
  close(): Promise<void>
  /** Drops the pending value and stops. */
  cancel(): void
}

export function createTrailingThrottle<T>(deliver: (value: T) => void, intervalMs: number): TrailingThrottle<T> {
  let lastDelivery = Number.NEGATIVE_INFINITY
  let pending: { value: T } | undefined
  let timer: ReturnType<typeof setTimeout> | undefined
  let closed = false
  let onDrained: (() => void) | undefined

  const fire = () => {
    clearTimeout(timer)
    timer = undefined
    if (!pending) return
    const { value } = pending
    pending = undefined
    lastDelivery = performance.now()
    try {
      deliver(value)
    } finally {
      // A value pushed from inside `deliver` is still to come: drained only after it.
      if (!pending) onDrained?.()
    }
  }

  const schedule = () => {
    if (timer) return
    const wait = lastDelivery + intervalMs - performance.now()
    if (wait <= 0) fire()
    else timer = setTimeout(fire, wait)
  }

  return {
    push(value) {
      if (closed) return
      pending = { value }
      schedule()
    },
    flush: fire,
    close() {
      closed = true
      if (!pending) return Promise.resolve()
      return new Promise<void>((resolve) => {
        onDrained = resolve
        schedule()
      })
    },
    cancel() {
      closed = true
      clearTimeout(timer)
      timer = undefined
      pending = undefined
      onDrained?.()
    },
  }
}
