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
import { openLoopbackRedirect } from '../../src/main/host/loopbackRedirect'
import { resolveSecretRefsIn } from '../../src/main/secrets/secretRefs'
import { openSecretStore, type SecretStore } from '../../src/main/secrets/secretStore'

export interface SignInCoreOptions {
  config: Record<string, unknown>
  ask: AskToOpen
  notify?: (message: string) => void
  /** Secrets to store first (e.g. a client secret the config refers to). */
  secrets?: Record<string, string>
  /** Elicitation and sampling answers (the person), when the server asks. */
  handlers?: ClientRequestHandlers
}

export async function startSignInCore(options: SignInCoreOptions): Promise<{ core: ExtensionsCore; secrets: SecretStore }> {
  const secrets = await openSecretStore({ backends: [] }) // in memory for this run
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
