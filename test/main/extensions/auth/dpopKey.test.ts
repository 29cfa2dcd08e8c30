import { describe, expect, it } from 'vitest'
import { DpopSession } from '@modelcontextprotocol/client'
import { dpopKeyFor, NoKeychainForDpopError } from '../../../../src/main/extensions/auth/dpopKey'
import { TokenVault } from '../../../../src/main/extensions/auth/tokenVault'
import { memoryBackend } from '../../../../src/main/secrets/keychain'
import { openSecretStore } from '../../../../src/main/secrets/secretStore'

const keychain = () => openSecretStore({ backends: [{ id: 'keytar', name: 'a keychain for this test', open: async () => memoryBackend() }] })

describe('the DPoP key of an extension', () => {
  it('is made once, kept in the keychain, and is the same key after a restart', async () => {
    const store = await keychain()
    const first = await dpopKeyFor(new TokenVault(store), 'notes', 'Notes')
    const again = await dpopKeyFor(new TokenVault(store), 'notes', 'Notes')
    expect(again.thumbprint).toBe(first.thumbprint)
    expect(first.privateKey.extractable).toBe(false)
    // One entry, in the keychain, holding the private part.
    const names = store.knownNames().filter((name) => name.startsWith('oauth:dpop-key:'))
    expect(names).toHaveLength(1)
    expect(JSON.parse((await store.get(names[0]!))!)).toMatchObject({ kty: 'EC', crv: 'P-256', d: expect.any(String) })
    // Another extension has its own.
    expect((await dpopKeyFor(new TokenVault(store), 'other', 'Other')).thumbprint).not.toBe(first.thumbprint)
  })

  it('signs proofs the SDK builds, with the thumbprint the server binds', async () => {
    const key = await dpopKeyFor(new TokenVault(await keychain()), 'notes', 'Notes')
    const session = await DpopSession.create({ keyPair: { ...key, alg: 'ES256' } })
    expect(session.thumbprint).toBe(key.thumbprint)
    const proof = await session.buildProof({ htm: 'POST', htu: 'https://auth.example/token' })
    const header = JSON.parse(Buffer.from(proof.split('.')[0]!, 'base64url').toString()) as { typ: string; jwk: { x: string } }
    expect(header).toMatchObject({ typ: 'dpop+jwt', jwk: { x: key.publicJwk.x } })
  })

  it('is replaced once deleted (Sign out, removing the extension)', async () => {
    const vault = new TokenVault(await keychain())
    const first = await dpopKeyFor(vault, 'notes', 'Notes')
    await vault.deleteDpopKey('notes')
    expect((await dpopKeyFor(vault, 'notes', 'Notes')).thumbprint).not.toBe(first.thumbprint)
  })

  it('is refused without a keychain, saying why and what to do', async () => {
    const vault = new TokenVault(await openSecretStore({ backends: [] }))
    await expect(dpopKeyFor(vault, 'notes', 'Notes')).rejects.toThrow(NoKeychainForDpopError)
    await expect(dpopKeyFor(vault, 'notes', 'Notes')).rejects.toThrow(/Notes binds its tokens to a key of this computer \(DPoP\).*keychain, which is not available.*Set up the keychain/)
  })
})
