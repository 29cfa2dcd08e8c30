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
import { createRequire } from 'node:module'
import type * as NapiKeyring from '@napi-rs/keyring'
import { keychainCandidate, type KeychainModule, type SecretBackendCandidate } from './keychain'

// Both bindings are CommonJS. Required, not imported: `import()` of a CommonJS file has Node's ESM
// loader lex it for its exports (the WASM cjs-module-lexer, ~50 ms of CPU on its first use), which
// the keychain probe paid on every start. Inside an async function, a module that fails to load is
// still a rejected promise, not a crash.

/** How each binding's module is imported; tests replace one with a loader that throws to make it unloadable. */
export interface KeychainLoaders {
  keytar: () => Promise<KeychainModule>
  napiKeyring: () => Promise<KeychainModule>
}

/** Loads keytar. On first use, so that a missing or mis-built native module is a rejected promise, not a crash at start. */
export async function loadKeytar(): Promise<KeychainModule> {
  return createRequire(import.meta.url)('keytar') as KeychainModule
}

/** Loads @napi-rs/keyring and adapts its entry API to keytar's shape. */
export async function loadNapiKeyring(): Promise<KeychainModule> {
  const { AsyncEntry, findCredentialsAsync } = createRequire(import.meta.url)('@napi-rs/keyring') as typeof NapiKeyring
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
