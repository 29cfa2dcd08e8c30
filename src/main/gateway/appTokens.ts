/**
 * Bearer tokens of connected apps. A token is shown to the person once; main keeps only its
 * SHA-256. Looking a presented token up by its hash leaks nothing useful through timing: learning
 * a prefix of a hash does not help anyone find a token with that hash.
 */
import { createHash, randomBytes } from 'node:crypto'

/** Recognisable in a config file or a leak scanner. */
const TOKEN_PREFIX = 'sbapp_'

export function newAppToken(): string {
  return TOKEN_PREFIX + randomBytes(32).toString('base64url')
}

export function hashAppToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex')
}

/** The token from `Authorization: Bearer …` (header only: a token in a URL ends up in logs and histories). */
export function bearerToken(authorization: string | undefined): string | undefined {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '')
  return match?.[1]
}
