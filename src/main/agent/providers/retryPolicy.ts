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

function times(count: number): string {
  return count === 1 ? 'once' : `${count} times`
}
