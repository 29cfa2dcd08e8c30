/**
 * The native bindings to the OS keychains (macOS Keychain, Windows Credential Manager, the Secret
 * Service on Linux), in the order they are tried. keytar comes first where it loads; it is an
 * optional dependency because it compiles from source where no prebuilt binary fits (it needs a C++
 * toolchain and libsecret's headers), so `npm install` may leave it out. @napi-rs/keyring ships
 * prebuilt binaries on npm for every desktop platform and reaches the same keychains.
 *
 * The two bindings label their entries differently (keytar: service + account; keyring-rs: service
 * + username + target), so a secret saved through one is not seen through the other: a machine keeps
 * whichever it started with as long as that one loads.
 */
import { keychainCandidate, type KeychainModule, type SecretBackendCandidate } from './keychain'

/** How each binding's module is imported; tests replace one with a loader that throws to make it unloadable. */
export interface KeychainLoaders {
  keytar: () => Promise<KeychainModule>
  napiKeyring: () => Promise<KeychainModule>
}

/** Imports keytar. Dynamic so that a missing or mis-built native module is a rejected promise, not a crash at import. */
export async function loadKeytar(): Promise<KeychainModule> {
  // keytar is CommonJS: Node exposes module.exports as `default`, bundlers sometimes flatten it.
  const loaded = (await import('keytar')) as KeychainModule & { default?: KeychainModule }
  return loaded.default ?? loaded
}

/** Imports @napi-rs/keyring and adapts its entry API to keytar's shape. */
export async function loadNapiKeyring(): Promise<KeychainModule> {
  const { AsyncEntry, findCredentialsAsync } = await import('@napi-rs/keyring')
  return {
    getPassword: (service, account) => new AsyncEntry(service, account).getPassword(),
    setPassword: (service, account, password) => new AsyncEntry(service, account).setPassword(password),
    deletePassword: (service, account) => new AsyncEntry(service, account).deletePassword(),
    findCredentials: (service) => findCredentialsAsync(service),
  }
}

export const REAL_LOADERS: KeychainLoaders = { keytar: loadKeytar, napiKeyring: loadNapiKeyring }

/** The OS keychain through keytar, then through @napi-rs/keyring. */
export function keychainCandidates(loaders: Partial<KeychainLoaders> = {}): SecretBackendCandidate[] {
  const { keytar, napiKeyring } = { ...REAL_LOADERS, ...loaders }
  return [
    keychainCandidate('keytar', 'the OS keychain (keytar)', keytar),
    keychainCandidate('napi-keyring', 'the OS keychain (@napi-rs/keyring)', napiKeyring),
  ]
}
