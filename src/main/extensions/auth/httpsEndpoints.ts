/**
 * The MCP authorization spec: every authorization server endpoint is served over https, except on
 * this computer (loopback), where a local or test server may use plain http. Checked on the
 * discovered metadata before anything is registered, exchanged, revoked or offered to the person as
 * a sign-in page: an http:// page elsewhere would carry the password, and an http:// token endpoint
 * the tokens, across the network unencrypted and open to change.
 */

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]'])

/** The metadata fields the sign-in uses, and what they are called in an error. */
const ENDPOINTS = {
  authorization_endpoint: 'sign-in page (authorization_endpoint)',
  token_endpoint: 'token endpoint (token_endpoint)',
  registration_endpoint: 'registration endpoint (registration_endpoint)',
  revocation_endpoint: 'revocation endpoint (revocation_endpoint)',
} as const

/** https:, or http: on loopback; nothing else (no other scheme reaches a browser or a request). */
export function isSecureEndpoint(text: string): boolean {
  let url: URL
  try {
    url = new URL(text)
  } catch {
    return false
  }
  return url.protocol === 'https:' || (url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname))
}

/**
 * Throws naming the first endpoint that is neither https nor loopback. The authorization server's
 * own address counts too: its metadata is read from there (a forgery over http could name any
 * endpoints), and without metadata the SDK derives the endpoints from it (the 2025-03-26 fallback).
 */
export function requireHttpsEndpoints(metadata: object | undefined, authorizationServerUrl: string): void {
  const fields = (metadata ?? {}) as Record<string, unknown>
  const named: [string, unknown][] = [
    ['address', authorizationServerUrl],
    ...Object.entries(ENDPOINTS).map(([field, what]): [string, unknown] => [what, fields[field]]),
  ]
  for (const [what, value] of named) {
    if (typeof value !== 'string' || isSecureEndpoint(value)) continue
    throw new Error(
      `Switchboard refused to sign in: the authorization server's ${what} is ${value.slice(0, 200)}, which is not https://. ` +
        'The MCP authorization spec requires https:// for sign-in (plain http:// only on this computer), because passwords and tokens would cross the network unencrypted. ' +
        "Ask the server's operator to serve it over https://.",
    )
  }
}
