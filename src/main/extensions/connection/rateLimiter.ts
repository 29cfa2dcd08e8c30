/**
 * A fixed-window limiter for floods (F12): lets `perSecond` events through per second, counts the
 * rest, and reports the count once at the end of the window, so a flood costs one summary line
 * instead of N units of work.
 */
export class RateLimiter {
  private windowStart = 0
  private inWindow = 0
  private dropped = 0
  private reportTimer: NodeJS.Timeout | undefined

  constructor(
    private readonly perSecond: number,
    private readonly reportDropped: (count: number) => void,
    private readonly now: () => number = Date.now,
  ) {}

  /** Whether this event may pass. */
  allow(): boolean {
    const now = this.now()
    if (now - this.windowStart >= 1000) {
      this.windowStart = now
      this.inWindow = 0
    }
    if (this.inWindow < this.perSecond) {
      this.inWindow++
      return true
    }
    this.dropped++
    this.reportTimer ??= setTimeout(() => this.flush(), Math.max(1000 - (now - this.windowStart), 1)).unref()
    return false
  }

  /** Reports what was dropped so far (also called when the window ends). */
  flush(): void {
    clearTimeout(this.reportTimer)
    this.reportTimer = undefined
    if (this.dropped === 0) return
    const count = this.dropped
    this.dropped = 0
    this.reportDropped(count)
  }

  dispose(): void {
    clearTimeout(this.reportTimer)
    this.reportTimer = undefined
  }
}
