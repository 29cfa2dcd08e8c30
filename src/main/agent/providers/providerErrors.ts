/**
 * Model-provider failures in words a person can act on, classified so the agent loop can decide
 * what to do (show it, offer a retry, stop quietly on cancel).
 *
 * A ProviderError carries no `cause`: the SDK's errors hold response bodies and request values,
 * and a misbehaving server can echo the API key into a body. What is worth keeping (status, the
 * server's own explanation with the key masked) is copied into the message instead.
 */
import { aiSdkIfLoaded } from '../../aiSdk/aiSdk'
import { redactSecrets } from '../../log/secretValues'
import { describeNetworkFailure, type NetworkFailure } from '../../net/networkFailures'
import { retryAfterMs } from './retryAfter'
import { capitalize, isLoopbackUrl, type ProviderDescription } from './providerPresets'

export type ProviderErrorKind =
  | 'auth' // key missing or rejected (401/403)
  | 'not-found' // the model (or the endpoint) does not exist (404)
  | 'rate-limit' // 429
  | 'server' // 5xx, 408: the server's problem
  | 'network' // could not connect, connection lost, timed out
  | 'bad-request' // any other 4xx, or a request the SDK could not build: the server's explanation is the message
  | 'bad-response' // the reply could not be read (malformed JSON, wrong shape)
  | 'cancelled' // the person (or the loop) aborted

/** The classification the agent loop works with. */
export interface ClassifiedProviderError {
  kind: ProviderErrorKind
  message: string
  /** The same request may succeed later without anyone changing a setting. */
  retryable: boolean
}

const RETRYABLE: Record<ProviderErrorKind, boolean> = {
  auth: false,
  'not-found': false,
  'rate-limit': true,
  server: true,
  network: true,
  'bad-request': false,
  'bad-response': false,
  cancelled: false,
}

/** Where to fix keys, models and base URLs (the settings page's name in the UI). */
export const SETTINGS_PLACE = 'Settings → Models & keys'

/** A classified provider failure; `message` is meant for the person. */
export class ProviderError extends Error implements ClassifiedProviderError {
  override readonly name = 'ProviderError'
  readonly retryable: boolean

  constructor(
    readonly kind: ProviderErrorKind,
    message: string,
    /** The HTTP status, when there was one. */
    readonly status?: number,
    /** How long the server asked us to wait, when it said. */
    readonly retryAfterMs?: number,
  ) {
    super(message)
    this.retryable = RETRYABLE[kind]
  }

  /** The same error with a sentence appended. */
  withNote(note: string): ProviderError {
    return new ProviderError(this.kind, `${this.message} ${note}`, this.status, this.retryAfterMs)
  }

  toJSON(): ClassifiedProviderError {
    return { kind: this.kind, message: this.message, retryable: this.retryable }
  }
}

/** Who was called, for the messages; `apiKey` is masked wherever server text is quoted. */
export interface FailureContext extends ProviderDescription {
  modelId?: string
  apiKey?: string
  /** Whether the reply had started streaming: a network failure then means a dropped connection. */
  phase?: 'request' | 'stream'
}

/** Any error thrown while talking to a provider, as a ProviderError. */
export function translateProviderError(error: unknown, context: FailureContext): ProviderError {
  if (error instanceof ProviderError) return error
  // The SDK's own errors exist only once it is loaded; before that, none of these checks can match.
  const sdk = aiSdkIfLoaded()
  if (sdk?.RetryError.isInstance(error)) return translateProviderError(error.lastError, context)
  if (isAbortError(error)) return new ProviderError('cancelled', `The request to ${context.label} was cancelled.`)
  if (sdk?.APICallError.isInstance(error) && error.statusCode !== undefined) {
    if (error.statusCode >= 400) {
      return errorForStatus(error.statusCode, { headers: error.responseHeaders, body: error.responseBody ?? error.message }, context)
    }
    // A 2xx APICallError is the SDK saying that reading a successful reply failed ("Failed to process
    // successful response"): the connection dropped mid-reply, or the body was not what it should be.
    const dropped = describeNetworkFailure(error.cause)
    return dropped ? networkError(dropped, { ...context, phase: 'stream' }) : badResponse(error.message, context)
  }
  const network = describeNetworkFailure(error)
  if (network) return networkError(network, context)
  const payload = errorPayload(error)
  if (payload) {
    // An error event inside a stream that started well, e.g. Anthropic's "overloaded" or a proxy's upstream failure.
    const kind = /rate.?limit/i.test(payload.type ?? '') ? 'rate-limit' : 'server'
    return new ProviderError(kind, `${capitalize(context.label)} reported a problem in the middle of the reply. Try again in a moment${quoteDetail(payload.message, context)}`)
  }
  if (
    sdk &&
    (sdk.JSONParseError.isInstance(error) ||
      sdk.TypeValidationError.isInstance(error) ||
      sdk.InvalidResponseDataError.isInstance(error) ||
      sdk.EmptyResponseBodyError.isInstance(error))
  ) {
    return badResponse(firstLine(error.message), context)
  }
  const message = error instanceof Error ? error.message : typeof error === 'string' ? error : JSON.stringify(error)
  return new ProviderError('bad-request', `The request to ${context.label} failed${quoteDetail(message, context, 'Details')}`)
}

/** The classification of any error from a provider call, a stream part or streamText; `context` words errors not yet translated. */
export function classifyProviderError(error: unknown, context?: FailureContext): ClassifiedProviderError {
  const fallback: FailureContext = { label: 'the model provider', baseUrl: 'the server' }
  return translateProviderError(error, context ?? fallback).toJSON()
}

/** The ProviderError for an HTTP error status (also used by listModels for its own requests). */
export function errorForStatus(
  status: number,
  response: { headers?: Record<string, string | undefined>; body?: string },
  context: FailureContext,
): ProviderError {
  const label = capitalize(context.label)
  const detail = quoteDetail(serverExplanation(response.body), context)
  if (status === 401 || status === 403) {
    if (!context.apiKey && isLoopbackUrl(context.baseUrl)) {
      // A server on this computer is set up without a key (Settings says "No key needed"), yet this one asks for one.
      return new ProviderError(
        'auth',
        `${label} asked for an API key (HTTP ${status}). Servers on this computer usually need none, so none is set for it. ` +
          `If it does need one, open ${SETTINGS_PLACE}, choose Edit on ${context.label} and paste the key into "API key"${detail}`,
        status,
      )
    }
    const what = context.apiKey ? `rejected the API key (HTTP ${status})` : `needs an API key (HTTP ${status}) and none is set`
    return new ProviderError('auth', `${label} ${what}. Set a valid key for ${context.label} in ${SETTINGS_PLACE}.`, status)
  }
  if (status === 404) {
    const what = context.modelId ? `Model "${context.modelId}" was not found at ${context.label}` : `${label} has no such endpoint`
    return new ProviderError(
      'not-found',
      `${what} (HTTP 404). Pick another model, or check the base URL (${context.baseUrl}) in ${SETTINGS_PLACE}${detail}`,
      status,
    )
  }
  if (status === 429) {
    const waitMs = retryAfterMs(response.headers)
    const when = waitMs === undefined ? 'Wait a moment and try again.' : `Try again in ${Math.max(1, Math.ceil(waitMs / 1000))} s.`
    return new ProviderError('rate-limit', `${label} is rate limiting requests (HTTP 429). ${when}`, status, waitMs)
  }
  if (status >= 500 || status === 408) {
    return new ProviderError('server', `${label} had a problem on its side (HTTP ${status}). Try again in a moment${detail}`, status, retryAfterMs(response.headers))
  }
  return new ProviderError('bad-request', `${label} refused the request (HTTP ${status})${detail}`, status)
}

/** "Cannot reach <base URL> (reason)." with what to do about it. */
function networkError({ reason, advice }: NetworkFailure, context: FailureContext): ProviderError {
  if (context.phase === 'stream') {
    return new ProviderError('network', `The connection to ${context.baseUrl} broke off in the middle of the reply (${reason}). Try again.`)
  }
  const hint =
    advice === 'check-url'
      ? `Check the base URL in ${SETTINGS_PLACE}.`
      : advice === 'start-server'
        ? (context.unreachableHint ?? 'Is the server running, and is the base URL right?')
        : 'Check the network connection and try again.'
  return new ProviderError('network', `Cannot reach ${context.baseUrl} (${reason}). ${hint}`)
}

function badResponse(detail: string, context: FailureContext): ProviderError {
  return new ProviderError('bad-response', `${capitalize(context.label)} sent a reply Switchboard could not read${quoteDetail(detail, context, 'Details')}`)
}

/** The `{ message, type? }` a provider sends as an error event in a stream (the SDK passes it on as is, not as an Error). */
function errorPayload(error: unknown): { message: string; type?: string } | undefined {
  if (typeof error !== 'object' || error === null || error instanceof Error) return undefined
  const { message, type } = error as { message?: unknown; type?: unknown }
  return typeof message === 'string' ? { message, type: typeof type === 'string' ? type : undefined } : undefined
}

/** AbortError from fetch, timers or the SDK; TimeoutError is left to describeNetworkFailure. */
export function isAbortError(error: unknown): boolean {
  return error instanceof Error && error.name === 'AbortError'
}

/** The human part of an error body: `error.message` (OpenAI, Anthropic), `message`, `detail`, or the text itself. */
function serverExplanation(body: string | undefined): string | undefined {
  if (!body) return undefined
  try {
    const parsed = JSON.parse(body) as { error?: { message?: unknown } | string; message?: unknown; detail?: unknown }
    const candidates = [typeof parsed.error === 'object' ? parsed.error?.message : parsed.error, parsed.message, parsed.detail]
    const found = candidates.find((candidate): candidate is string => typeof candidate === 'string' && candidate.trim() !== '')
    if (found) return found
  } catch {
    // Not JSON: the text is the explanation.
  }
  return body
}

const MAX_DETAIL_LENGTH = 300

/** `. The server said: "…"` with the words shortened and the key masked; `.` when there are none. */
function quoteDetail(detail: string | undefined, context: FailureContext, lead = 'The server said'): string {
  const text = detail?.replace(/\s+/g, ' ').trim()
  if (!text) return '.'
  const masked = redactSecrets(context.apiKey ? text.split(context.apiKey).join('[redacted]') : text)
  const short = masked.length > MAX_DETAIL_LENGTH ? `${masked.slice(0, MAX_DETAIL_LENGTH)}…` : masked
  return `. ${lead}: "${short}"`
}

function firstLine(text: string): string {
  return text.split('\n')[0] ?? ''
}
