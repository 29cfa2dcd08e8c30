/**
 * The real extension core with sign-in wired as the host wires it (keychain vault, loopback
 * redirect), over the SecretStore's in-memory fallback, for one remote config. `ask` plays the
 * person answering the sign-in link question.
 */
import { createBuiltinRegistry } from '../../src/main/builtins'
import { createExtensionsCore, parseExtensionConfig, type ClientRequestHandlers, type ExtensionsCore } from '../../src/main/extensions'
import type { AskToOpen } from '../../src/main/extensions/auth/authTypes'
import { createRemoteAuth } from '../../src/main/extensions/auth/remoteAuth'
import { TokenVault } from '../../src/main/extensions/auth/tokenVault'
import { openLoopbackRedirect } from '../../src/main/host/web/loopbackRedirect'
import { resolveSecretRefsIn } from '../../src/main/secrets/secretRefs'
import { memoryBackend } from '../../src/main/secrets/keychain'
import { openSecretStore, type SecretStore } from '../../src/main/secrets/secretStore'

export interface SignInCoreOptions {
  config: Record<string, unknown>
  ask: AskToOpen
  notify?: (message: string) => void
  /** Secrets to store first (e.g. a client secret the config refers to). */
  secrets?: Record<string, string>
  /** Elicitation and sampling answers (the person), when the server asks. */
  handlers?: ClientRequestHandlers
  /** Keep secrets in memory counted as an OS keychain (what DPoP needs), instead of the no-keychain fallback. */
  keychain?: boolean
}

export async function startSignInCore(options: SignInCoreOptions): Promise<{ core: ExtensionsCore; secrets: SecretStore }> {
  // In memory for this run; as a keychain when asked (a stand-in for the OS keychain this machine may lack).
  const secrets = await openSecretStore({ backends: options.keychain ? [{ id: 'keytar', name: 'a keychain for this test', open: async () => memoryBackend() }] : [] })
  for (const [name, value] of Object.entries(options.secrets ?? {})) await secrets.set(name, value)
  const parsed = parseExtensionConfig(options.config)
  if (!parsed.ok) throw new Error(parsed.errors.join('\n'))
  const resolveSecrets = (values: Record<string, string>) => resolveSecretRefsIn(values, secrets)
  const core = createExtensionsCore({
    configs: [parsed.config],
    store: { save: () => {} },
    resolveSecrets,
    builtins: createBuiltinRegistry({ appVersion: '0.0.0' }),
    handlers: options.handlers,
    clientInfo: { name: 'switchboard-test', version: '0.0.0' },
    auth: createRemoteAuth({ vault: new TokenVault(secrets), resolveSecrets, clientName: 'Switchboard', openLoopback: openLoopbackRedirect, ask: options.ask, notify: options.notify }),
  })
  core.start()
  return { core, secrets }
}
