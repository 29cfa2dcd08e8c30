/**
 * One auth session per extension and settings, however many ask for it at once: the connection, a
 * status read and a sign-in that start together must share it, or a scope step-up one of them learned
 * (a 403 insufficient_scope) is not the scope the next sign-in asks for (conformance: auth/scope-step-up).
 * Making a session waits for the client SDK (it loads with the first extension, not at start) and for
 * the keychain's secrets, so concurrent first calls are where a second session could slip in.
 */
import { describe, expect, it } from 'vitest'
import { createRemoteAuth } from '../../../../src/main/extensions/auth/remoteAuth'
import { TokenVault } from '../../../../src/main/extensions/auth/tokenVault'
import { parseExtensionConfig } from '../../../../src/main/extensions'
import type { HttpConfig } from '../../../../src/main/extensions/config/extensionConfig'
import { openSecretStore } from '../../../../src/main/secrets/secretStore'

function config(auth: Record<string, unknown> = {}): HttpConfig {
  const parsed = parseExtensionConfig({ id: 'team', name: 'Team', type: 'streamable-http', url: 'http://127.0.0.1:9/mcp', auth })
  if (!parsed.ok || parsed.config.type !== 'streamable-http') throw new Error(`test config: ${JSON.stringify(parsed)}`)
  return parsed.config
}

describe('remote auth sessions', () => {
  it('hands every caller that asks at once the same session, with and without secrets to resolve', async () => {
    const vault = new TokenVault(await openSecretStore({ backends: [] }))
    let resolved = 0
    const auth = createRemoteAuth({
      vault,
      clientName: 'Switchboard',
      resolveSecrets: async (refs) => {
        resolved++
        await new Promise((settle) => setTimeout(settle, 5))
        return Object.fromEntries(Object.keys(refs).map((key) => [key, 'value']))
      },
    })
    const plain = await Promise.all([auth.sessionFor(config()), auth.sessionFor(config()), auth.status(config()).then(() => auth.sessionFor(config()))])
    expect(plain[0]).toBeDefined()
    expect(new Set(plain).size).toBe(1)

    const withSecret = config({ grant: 'client-credentials', clientId: 'app', clientSecret: '${secret:TEAM_SECRET}' })
    const sessions = await Promise.all([auth.sessionFor(withSecret), auth.sessionFor(withSecret), auth.sessionFor(withSecret)])
    expect(new Set(sessions).size).toBe(1)
    expect(sessions[0]).not.toBe(plain[0])
    expect(resolved).toBe(1)
    // Asked again later: still the same one, until the settings change or the extension is forgotten.
    expect(await auth.sessionFor(withSecret)).toBe(sessions[0])
    auth.forget('team')
    expect(await auth.sessionFor(withSecret)).not.toBe(sessions[0])
  })
})
