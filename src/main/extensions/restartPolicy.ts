/**
 * When to restart a crashed extension (F4): capped exponential backoff, and a breaker that stops
 * after too many crashes in a window so a broken server does not spin forever. Pure logic; the
 * clock is injected so tests need no waiting.
 */

export interface RestartPolicyOptions {
  /** First delay; doubles per consecutive crash. */
  baseDelayMs?: number
  maxDelayMs?: number
  /** This many crashes within `windowMs` stop restarting until the person restarts it. */
  maxCrashes?: number
  windowMs?: number
  /** A run this long counts as healthy: the crash history is forgotten. */
  stableAfterMs?: number
}

export type RestartDecision =
  | { action: 'restart'; delayMs: number; crashes: number }
  | { action: 'give-up'; crashes: number; windowMs: number }

export const defaultRestartPolicy: Required<RestartPolicyOptions> = {
  baseDelayMs: 1000,
  maxDelayMs: 30_000,
  maxCrashes: 8,
  windowMs: 300_000,
  stableAfterMs: 60_000,
}

export class RestartPolicy {
  private readonly options: Required<RestartPolicyOptions>
  private crashTimes: number[] = []
  private startedAt: number | undefined

  constructor(
    options: RestartPolicyOptions = {},
    private readonly now: () => number = Date.now,
  ) {
    this.options = { ...defaultRestartPolicy, ...options }
  }

  /** The extension became ready. */
  started(): void {
    this.startedAt = this.now()
  }

  /** The extension died unexpectedly; says whether and when to try again. */
  crashed(): RestartDecision {
    const now = this.now()
    if (this.startedAt !== undefined && now - this.startedAt >= this.options.stableAfterMs) this.crashTimes = []
    this.startedAt = undefined
    this.crashTimes = this.crashTimes.filter((time) => now - time < this.options.windowMs)
    this.crashTimes.push(now)
    const crashes = this.crashTimes.length
    if (crashes >= this.options.maxCrashes) return { action: 'give-up', crashes, windowMs: this.options.windowMs }
    const delayMs = Math.min(this.options.baseDelayMs * 2 ** (crashes - 1), this.options.maxDelayMs)
    return { action: 'restart', delayMs, crashes }
  }

  /** The person restarted or reconfigured it: start over with a clean history. */
  reset(): void {
    this.crashTimes = []
    this.startedAt = undefined
  }
}
