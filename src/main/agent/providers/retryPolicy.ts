/**
 * Retrying a model request that was rate limited (429) or hit a server error (5xx), honouring the
 * server's `retry-after`.
 *
 * Why our own and not the AI SDK's (`maxRetries` on streamText/generateText): the SDK does honour
 * `retry-after-ms` and `retry-after` (seconds or HTTP date), but its first backoff (2 s) is fixed,
 * a `retry-after` of a minute or more is ignored in favour of its own shorter backoff (so it
 * retries before the server said it may), and it cannot tell anyone that it is waiting. So the
 * model from createLanguageModel retries here and throws a ProviderError, which the SDK never
 * retries (its retry only looks at APICallError); callers should still pass `maxRetries: 0`.
 */
import { setTimeout as sleep } from 'node:timers/promises'
import type { ProviderError } from './providerErrors'

export interface RetryPolicy {
  /** Retries after the first attempt. */
  maxRetries: number
  /** Wait before the first retry when the server names no time; doubles with each retry. */
  initialDelayMs: number
  /**
   * The longest wait. A server asking for more is not waited for: the error goes to the person at
   * once, saying when to try again (a silent multi-minute wait looks like a hang).
   */
  maxDelayMs: number
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = { maxRetries: 2, initialDelayMs: 1000, maxDelayMs: 60_000 }

/** Told before each wait, so the UI can say "rate limited, retrying in 5 s". */
export interface RetryNotice {
  /** 1 for the first retry. */
  retry: number
  maxRetries: number
  delayMs: number
  error: ProviderError
}

/**
 * How long the server asked us to wait, in ms: `retry-after-ms` (OpenAI), else `retry-after` in
 * seconds or as an HTTP date. Undefined when absent or unreadable.
 */
export function retryAfterMs(headers: Record<string, string | undefined> | undefined, now = Date.now()): number | undefined {
  if (!headers) return undefined
  const milliseconds = parseNonNegative(headers['retry-after-ms'])
  if (milliseconds !== undefined) return milliseconds
  const value = headers['retry-after']?.trim()
  if (!value) return undefined
  const seconds = parseNonNegative(value)
  if (seconds !== undefined) return seconds * 1000
  // An HTTP date always names a day or month; without letters, Date.parse would read "-3" as a year.
  const date = /[a-z]/i.test(value) ? Date.parse(value) : Number.NaN
  return Number.isNaN(date) ? undefined : Math.max(0, date - now)
}

/** Runs `attempt`, retrying rate limits and server errors as `policy` allows; failures leave as ProviderError. */
export async function withRetries<T>(
  attempt: () => PromiseLike<T>,
  options: {
    policy: RetryPolicy
    signal?: AbortSignal
    /** Turns whatever `attempt` threw into a ProviderError (kind `cancelled` for aborts). */
    translate: (error: unknown) => ProviderError
    onRetry?: (notice: RetryNotice) => void
  },
): Promise<T> {
  const { policy, signal, translate, onRetry } = options
  for (let retry = 1; ; retry++) {
    try {
      return await attempt()
    } catch (error) {
      const failure = translate(error)
      // An abort stays the AbortError it is, so streamText reports it as an abort, not a failure.
      if (failure.kind === 'cancelled') throw error
      if (!isAutoRetried(failure)) throw failure
      if (retry > policy.maxRetries) throw retry > 1 ? failure.withNote(`Switchboard retried ${times(retry - 1)}.`) : failure
      const delayMs = failure.retryAfterMs ?? policy.initialDelayMs * 2 ** (retry - 1)
      if (delayMs > policy.maxDelayMs) throw failure
      onRetry?.({ retry, maxRetries: policy.maxRetries, delayMs, error: failure })
      // Rejects with an AbortError when the person cancels during the wait.
      await sleep(delayMs, undefined, { signal })
    }
  }
}

/** Only waiting can fix these; auth, not-found and bad requests would fail the same way again. */
function isAutoRetried(error: ProviderError): boolean {
  return error.kind === 'rate-limit' || error.kind === 'server'
}

function parseNonNegative(value: string | undefined): number | undefined {
  if (value === undefined || !/^\s*\d+(\.\d+)?\s*$/.test(value)) return undefined
  return Number(value)
}

function times(count: number): string {
  return count === 1 ? 'once' : `${count} times`
}
