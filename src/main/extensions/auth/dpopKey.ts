/**
 * The DPoP key of one extension (RFC 9449): an ES256 (P-256) key pair made with node:crypto, kept
 * in the keychain only (TokenVault), never written anywhere else. One per extension; deleted with
 * the extension and replaced on Sign out. Without a keychain there is no DPoP sign-in: a key kept
 * in memory would bind the tokens to a key that is gone at the next start.
 */
import { createHash, generateKeyPairSync, webcrypto } from 'node:crypto'

type CryptoKey = webcrypto.CryptoKey
import type { TokenVault } from './tokenVault'

export interface DpopKeyMaterial {
  privateKey: CryptoKey
  publicKey: CryptoKey
  publicJwk: { kty: 'EC'; crv: 'P-256'; x: string; y: string }
  /** RFC 7638 JWK SHA-256 thumbprint: what the authorization server binds the tokens to (`cnf.jkt`). */
  thumbprint: string
}

const ALGORITHM = { name: 'ECDSA', namedCurve: 'P-256' } as const

export class NoKeychainForDpopError extends Error {
  constructor(serverName: string, place: string) {
    super(`${serverName} binds its tokens to a key of this computer (DPoP), and Switchboard keeps that key only in the OS keychain, which is not available (secrets are kept in ${place}). Set up the keychain (Settings → General says how), then press Sign in again.`)
    this.name = 'NoKeychainForDpopError'
  }
}

/** The extension's key from the keychain, made and stored there first when it has none. */
export async function dpopKeyFor(vault: TokenVault, extensionId: string, serverName: string): Promise<DpopKeyMaterial> {
  if (!(await vault.isKeychain())) throw new NoKeychainForDpopError(serverName, vault.place())
  let jwk = await vault.dpopKey(extensionId)
  if (!jwk) {
    const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' })
    jwk = privateKey.export({ format: 'jwk' }) as { kty: 'EC'; crv: 'P-256'; x: string; y: string; d: string }
    await vault.saveDpopKey(extensionId, jwk)
  }
  const publicJwk = { kty: 'EC' as const, crv: 'P-256' as const, x: jwk.x, y: jwk.y }
  const [privateKey, publicKey] = await Promise.all([
    // Not extractable once loaded: only the keychain holds the private part.
    webcrypto.subtle.importKey('jwk', jwk, ALGORITHM, false, ['sign']),
    webcrypto.subtle.importKey('jwk', publicJwk, ALGORITHM, true, ['verify']),
  ])
  // RFC 7638: the required members in lexicographic order, no spaces.
  const thumbprint = createHash('sha256').update(JSON.stringify({ crv: publicJwk.crv, kty: publicJwk.kty, x: publicJwk.x, y: publicJwk.y })).digest('base64url')
  return { privateKey, publicKey, publicJwk, thumbprint }
}
