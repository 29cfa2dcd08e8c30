/**
 * A server that moved to another authorization server (SEP-2352): tokens stay bound to their
 * issuer; the old server's tokens are deleted once the new one has signed in; its registration is
 * kept, so moving back does not register again. (The whole flow, rediscovery and registration at
 * the new server included, runs in `npm run conformance`: auth/authorization-server-migration.)
 */
import { describe, expect, it } from 'vitest'
import type { OAuthDiscoveryState } from '@modelcontextprotocol/client'
import { createRemoteAuthSession } from '../../../../src/main/extensions/auth/sdkAuth'
import { loadClientSdk } from '../../../../src/main/extensions/mcpClient/clientSdk'
import { TokenVault } from '../../../../src/main/extensions/auth/tokenVault'
import { openSecretStore } from '../../../../src/main/secrets/secretStore'

const resource = 'http://127.0.0.1:9/mcp'
const at = (issuer: string): OAuthDiscoveryState => ({
  authorizationServerUrl: issuer,
  authorizationServerMetadata: {
    issuer,
    authorization_endpoint: `${issuer}/authorize`,
    token_endpoint: `${issuer}/token`,
    response_types_supported: ['code'],
    code_challenge_methods_supported: ['S256'],
  },
  resourceMetadata: { resource, authorization_servers: [issuer] },
})

describe('a server that moved to another authorization server', () => {
  it('keeps tokens per issuer, deletes the old ones after the new sign-in, and keeps the old registration', async () => {
    const vault = new TokenVault(await openSecretStore({ backends: [] }))
    const session = createRemoteAuthSession({ extensionId: 'moved', serverName: 'Moved', serverUrl: resource, settings: undefined, secrets: {}, vault, clientName: 'Switchboard' }, await loadClientSdk())
    const provider = session.transport.authProvider as Required<Pick<import('@modelcontextprotocol/client').OAuthClientProvider, 'saveDiscoveryState' | 'saveTokens' | 'saveClientInformation' | 'clientInformation'>>
    const [old, moved] = ['http://127.0.0.1:9/as1', 'http://127.0.0.1:9/as2']

    await provider.saveDiscoveryState(at(old!))
    await provider.saveClientInformation({ client_id: 'registered-at-as1', redirect_uris: ['http://127.0.0.1/callback'] })
    await provider.saveTokens({ access_token: 'token-from-as1', token_type: 'Bearer' })
    expect((await session.status()).issuer).toBe(old)

    // The protected resource metadata now names as2: the next sign-in discovers it and signs in there.
    await provider.saveDiscoveryState(at(moved!))
    expect(await provider.clientInformation()).toBeUndefined() // as1's client id is never shown to as2
    await provider.saveClientInformation({ client_id: 'registered-at-as2', redirect_uris: ['http://127.0.0.1/callback'] })
    await provider.saveTokens({ access_token: 'token-from-as2', token_type: 'Bearer' })

    expect(await vault.tokens(old!, resource)).toBeUndefined()
    expect((await vault.tokens(moved!, resource))?.tokens.access_token).toBe('token-from-as2')
    expect(await session.status()).toMatchObject({ issuer: moved, signedIn: true })
    // Moving back finds the registration at as1 (no new registration).
    expect((await vault.client(old!))?.client.client_id).toBe('registered-at-as1')
    await provider.saveDiscoveryState(at(old!))
    expect((await provider.clientInformation())?.client_id).toBe('registered-at-as1')
  })
})
