/**
 * Token revocation (RFC 7009) on sign-out. Hand-written: the SDK (v2 too) has no revocation helper. Best
 * effort by design: a server without a revocation endpoint, or one that fails, still gets its
 * tokens deleted locally; the result says which happened, in words.
 */
export interface RevocationRequest {
  endpoint: string | undefined
  clientId: string
  clientSecret?: string
  tokens: { value: string; hint: 'refresh_token' | 'access_token' }[]
  fetchFn?: typeof fetch
}

/** 'revoked' when every token was accepted by the server, 'unsupported' without an endpoint, else 'failed'. */
export async function revokeTokens(request: RevocationRequest): Promise<'revoked' | 'unsupported' | 'failed'> {
  if (!request.endpoint) return 'unsupported'
  const fetchFn = request.fetchFn ?? fetch
  let allAccepted = true
  // The refresh token first: revoking it ends the whole grant on most servers.
  for (const token of request.tokens) {
    const body = new URLSearchParams({ token: token.value, token_type_hint: token.hint })
    const headers: Record<string, string> = { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' }
    if (request.clientSecret) headers.authorization = `Basic ${Buffer.from(`${encodeURIComponent(request.clientId)}:${encodeURIComponent(request.clientSecret)}`).toString('base64')}`
    else body.set('client_id', request.clientId)
    try {
      const response = await fetchFn(request.endpoint, { method: 'POST', headers, body, signal: AbortSignal.timeout(10_000) })
      await response.body?.cancel()
      if (!response.ok) allAccepted = false
    } catch {
      allAccepted = false
    }
  }
  return allAccepted ? 'revoked' : 'failed'
}
