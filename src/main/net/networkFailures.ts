/**
 * Recognises network failures under the wrappers fetch (undici) and the AI SDK put around them
 * (model providers, the registry client), and says what happened in a few words.
 */

export interface NetworkFailure {
  /** A few words for the parentheses in "Cannot reach <url> (…)". */
  reason: string
  /** What the person should look at. */
  advice: 'start-server' | 'check-url' | 'retry'
}

const BY_CODE: Record<string, NetworkFailure> = {
  ECONNREFUSED: { reason: 'connection refused', advice: 'start-server' },
  ConnectionRefused: { reason: 'connection refused', advice: 'start-server' },
  ENOTFOUND: { reason: 'host not found', advice: 'check-url' },
  EAI_AGAIN: { reason: 'host not found', advice: 'check-url' },
  EAI_NONAME: { reason: 'host not found', advice: 'check-url' },
  ETIMEDOUT: { reason: 'connecting timed out', advice: 'retry' },
  UND_ERR_CONNECT_TIMEOUT: { reason: 'connecting timed out', advice: 'retry' },
  UND_ERR_HEADERS_TIMEOUT: { reason: 'no answer in time', advice: 'retry' },
  UND_ERR_BODY_TIMEOUT: { reason: 'the reply stalled', advice: 'retry' },
  ECONNRESET: { reason: 'connection closed', advice: 'retry' },
  EPIPE: { reason: 'connection closed', advice: 'retry' },
  UND_ERR_SOCKET: { reason: 'connection closed', advice: 'retry' },
  UND_ERR_CLOSED: { reason: 'connection closed', advice: 'retry' },
  ConnectionClosed: { reason: 'connection closed', advice: 'retry' },
  EHOSTUNREACH: { reason: 'network unreachable', advice: 'retry' },
  ENETUNREACH: { reason: 'network unreachable', advice: 'retry' },
  ENETDOWN: { reason: 'network unreachable', advice: 'retry' },
  CERT_HAS_EXPIRED: { reason: 'its TLS certificate has expired', advice: 'check-url' },
  DEPTH_ZERO_SELF_SIGNED_CERT: { reason: 'its TLS certificate is self-signed', advice: 'check-url' },
  SELF_SIGNED_CERT_IN_CHAIN: { reason: 'its TLS certificate is self-signed', advice: 'check-url' },
  UNABLE_TO_VERIFY_LEAF_SIGNATURE: { reason: 'its TLS certificate cannot be verified', advice: 'check-url' },
  UNABLE_TO_GET_ISSUER_CERT_LOCALLY: { reason: 'its TLS certificate cannot be verified', advice: 'check-url' },
  ERR_TLS_CERT_ALTNAME_INVALID: { reason: 'its TLS certificate is for another host', advice: 'check-url' },
  ERR_SSL_WRONG_VERSION_NUMBER: { reason: 'it does not speak https; try http://', advice: 'check-url' },
}

/** The network failure inside `error`, or undefined when it is something else. */
export function describeNetworkFailure(error: unknown): NetworkFailure | undefined {
  const chain = errorChain(error)
  for (const link of chain) {
    const code = (link as { code?: unknown }).code
    if (typeof code === 'string' && BY_CODE[code]) return BY_CODE[code]
  }
  for (const link of chain) {
    if (link.name === 'TimeoutError') return { reason: 'timed out', advice: 'retry' }
    // undici's words when the body stream dies and when the connection never came up.
    if (link instanceof TypeError && link.message === 'terminated') return { reason: 'connection closed', advice: 'retry' }
    if (link instanceof TypeError && /^(fetch failed|failed to fetch)$/i.test(link.message)) return { reason: 'could not connect', advice: 'retry' }
  }
  return undefined
}

/** `error`, its causes and, for AggregateError (several addresses tried), its members; bounded against cycles. */
function errorChain(error: unknown): Error[] {
  const seen = new Set<unknown>()
  const chain: Error[] = []
  const pending: unknown[] = [error]
  while (pending.length > 0 && chain.length < 20) {
    const current = pending.shift()
    if (!(current instanceof Error) || seen.has(current)) continue
    seen.add(current)
    chain.push(current)
    pending.push(current.cause)
    if (current instanceof AggregateError) pending.push(...(current.errors as unknown[]))
  }
  return chain
}
