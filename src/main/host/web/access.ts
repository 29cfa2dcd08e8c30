/** Who may open the host's WebSocket endpoints: only a client that presents the token, from our own origin. */
import { randomBytes, timingSafeEqual } from 'node:crypto'
import type { IncomingMessage } from 'node:http'

export function newAccessToken(): string {
  return randomBytes(24).toString('base64url')
}

function sameSecret(given: string, token: string): boolean {
  const a = Buffer.from(given)
  const b = Buffer.from(token)
  return a.length === b.length && timingSafeEqual(a, b)
}

/** The token from `Authorization: Bearer …` or `?token=`. */
export function presentedToken(request: Pick<IncomingMessage, 'headers' | 'url'>): string | undefined {
  const auth = request.headers.authorization
  if (auth?.startsWith('Bearer ')) return auth.slice('Bearer '.length).trim()
  return new URL(request.url ?? '/', 'http://localhost').searchParams.get('token') ?? undefined
}

export function ownOrigins(port: number): string[] {
  return [`http://127.0.0.1:${port}`, `http://localhost:${port}`]
}

/** Returns why a connection must be refused, or undefined when it may proceed. */
export function refusalReason(request: Pick<IncomingMessage, 'headers' | 'url'>, token: string, port: number): string | undefined {
  const host = request.headers.host
  if (!host || !ownOrigins(port).includes(`http://${host}`)) return `foreign Host header ${JSON.stringify(host)}`
  const origin = request.headers.origin
  // Non-browser clients send no Origin; a browser always does, and only our own page may connect.
  if (origin !== undefined && !ownOrigins(port).includes(origin)) return `foreign Origin ${JSON.stringify(origin)}`
  const given = presentedToken(request)
  if (!given || !sameSecret(given, token)) return 'missing or wrong access token'
  return undefined
}
