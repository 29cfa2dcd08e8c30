/** Sign-in records in the keychain: keyed by issuer and resource, never mixed up, values masked in logs. */
import { describe, expect, it } from 'vitest'
import { RemoteAuthConfigSchema } from '../../../../src/main/extensions/auth/authConfig'
import { TokenVault } from '../../../../src/main/extensions/auth/tokenVault'
import { redactSecrets } from '../../../../src/main/log/secretValues'
import { openSecretStore } from '../../../../src/main/secrets/secretStore'

const memoryStore = () => openSecretStore({ backends: [] }) // in memory for this test

describe('token vault', () => {
  it('keeps tokens per issuer and resource, and finds the issuer of a resource after a restart', async () => {
    const store = await memoryStore()
    const vault = new TokenVault(store)
    await vault.saveTokens('https://as.example/t1', 'https://mcp.example/a', { access_token: 'access-one-0123456789', token_type: 'Bearer', refresh_token: 'refresh-one-0123456789' })
    await vault.saveTokens('https://as.example/t2', 'https://mcp.example/a', { access_token: 'access-two-0123456789', token_type: 'Bearer' })
    expect((await vault.tokens('https://as.example/t1', 'https://mcp.example/a'))?.tokens.access_token).toBe('access-one-0123456789')
    expect((await vault.tokens('https://as.example/t1', 'https://mcp.example/b'))).toBeUndefined()
    expect(await vault.issuerFor('https://mcp.example/a')).toBe('https://as.example/t2')
    // A new vault over the same keychain (the next run) reads the same.
    expect(await new TokenVault(store).issuerFor('https://mcp.example/a')).toBe('https://as.example/t2')
    const names = await store.listNames()
    expect(names.filter((name) => name.startsWith('oauth:tokens:as.example:'))).toHaveLength(2)
    expect(names.join(' ')).not.toContain('access-')
    // Token values are masked in every later log line.
    expect(redactSecrets('got refresh-one-0123456789 back')).not.toContain('refresh-one-0123456789')
  })

  it('treats a damaged record as absent instead of failing', async () => {
    const store = await memoryStore()
    const vault = new TokenVault(store)
    await vault.saveClient({ issuer: 'https://as.example', method: 'dynamic', client: { client_id: 'c1' } })
    const [name] = (await store.listNames()).filter((entry) => entry.startsWith('oauth:client:'))
    await store.set(name!, '{not json')
    expect(await vault.client('https://as.example')).toBeUndefined()
  })
})

describe('auth settings of a remote extension', () => {
  it('takes secrets only as ${secret:…} references', () => {
    expect(RemoteAuthConfigSchema.safeParse({ clientId: 'abc', clientSecret: '${secret:extension:x:oauth}' }).success).toBe(true)
    const literal = RemoteAuthConfigSchema.safeParse({ clientId: 'abc', clientSecret: 'hunter2-literal' })
    expect(literal.success).toBe(false)
    expect(JSON.stringify(literal.error?.issues)).toMatch(/never the value itself/)
  })

  it('needs a client id and a secret or key for a machine account, and an https metadata document URL with a path', () => {
    expect(RemoteAuthConfigSchema.safeParse({ grant: 'client-credentials' }).success).toBe(false)
    expect(RemoteAuthConfigSchema.safeParse({ grant: 'client-credentials', clientId: 'svc', privateKey: '${secret:key}' }).success).toBe(true)
    expect(RemoteAuthConfigSchema.safeParse({ clientMetadataUrl: 'https://example.com/' }).success).toBe(false)
    expect(RemoteAuthConfigSchema.safeParse({ clientMetadataUrl: 'http://example.com/client.json' }).success).toBe(false)
    expect(RemoteAuthConfigSchema.safeParse({ clientMetadataUrl: 'https://example.com/client.json' }).success).toBe(true)
  })

  it('needs the identity provider settings and the ID token as a reference for enterprise-managed sign-in (cross-app access)', () => {
    const complete = {
      grant: 'cross-app-access',
      clientId: 'mcp-client',
      clientSecret: '${secret:xaa-secret}',
      idpTokenEndpoint: 'https://login.example.com/oauth2/token',
      idpClientId: 'switchboard',
      idToken: '${secret:id-token}',
    }
    expect(RemoteAuthConfigSchema.safeParse(complete).success).toBe(true)
    const missing = RemoteAuthConfigSchema.safeParse({ ...complete, idToken: undefined, idpClientId: undefined })
    expect(missing.error?.issues.map((issue) => issue.path.join('.')).sort()).toEqual(['idToken', 'idpClientId'])
    expect(RemoteAuthConfigSchema.safeParse({ ...complete, idToken: 'eyJhbGciOi.literal.token' }).success).toBe(false)
    expect(RemoteAuthConfigSchema.safeParse({ ...complete, idpTokenEndpoint: 'http://login.example.com/token' }).success).toBe(false)
    expect(RemoteAuthConfigSchema.safeParse({ ...complete, idpTokenEndpoint: 'http://127.0.0.1:8080/token' }).success).toBe(true)
  })
})
