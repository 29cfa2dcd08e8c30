/**
 * The store the host uses while the keychain probe runs: usable at once, 'checking' until the probe
 * answers, then the opened store's status, names and values; change listeners carry over. The
 * keychain here is a real in-memory backend behind a probe we release by hand (the timing is the point).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { setLogSink } from '../../../src/main/log/log'
import { deferredSecretStore } from '../../../src/main/secrets/deferredSecretStore'
import { keychainCandidate, memoryBackend, type KeychainModule } from '../../../src/main/secrets/keychain'
import { openSecretStore, type SecretChange, type SecretStore } from '../../../src/main/secrets/secretStore'

let restoreLog: () => void
beforeAll(() => {
  restoreLog = setLogSink(() => undefined)
})
afterAll(() => restoreLog())

/** A keychain module over memory that answers only once `release()` is called (the probe waits for it). */
function slowKeychain(stored: Record<string, string>) {
  let release!: () => void
  const gate = new Promise<void>((resolve) => (release = resolve))
  const backend = memoryBackend()
  const seeded = Promise.all(Object.entries(stored).map(([name, value]) => backend.set(name, value)))
  const module: KeychainModule = {
    getPassword: async (_service, account) => (await gate, await seeded, (await backend.get(account)) ?? null),
    setPassword: async (_service, account, password) => (await gate, backend.set(account, password)),
    deletePassword: async (_service, account) => (await gate, backend.delete(account)),
    findCredentials: async () => (await gate, await seeded, (await backend.entries()).map(({ name, value }) => ({ account: name, password: value }))),
  }
  return { release, candidates: [keychainCandidate('keytar', 'the OS keychain (keytar)', async () => module)] }
}

describe('deferredSecretStore', () => {
  it('answers at once with "checking", then the keychain\'s status and names once the probe has answered', async () => {
    const keychain = slowKeychain({ 'provider:openai': 'sk-deferred-1' })
    const store: SecretStore = deferredSecretStore(openSecretStore({ backends: keychain.candidates, service: 'switchboard-test-deferred' }))
    expect(store.status()).toEqual({ keychain: 'checking' })
    expect(store.knownNames()).toEqual([])
    let known = false
    const whenKnown = store.whenKnown().then(() => (known = true))
    const value = store.get('provider:openai')
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(known).toBe(false)
    keychain.release()
    await whenKnown
    expect(store.status()).toMatchObject({ keychain: 'available', backend: 'keytar' })
    expect(store.knownNames()).toEqual(['provider:openai'])
    expect(await value).toBe('sk-deferred-1')
  })

  it('keeps listeners added before the probe answered, and stops them when asked', async () => {
    const keychain = slowKeychain({})
    const store = deferredSecretStore(openSecretStore({ backends: keychain.candidates, service: 'switchboard-test-deferred' }))
    const seen: SecretChange[] = []
    const stop = store.onChange((change) => seen.push(change))
    const stopped: SecretChange[] = []
    store.onChange((change) => stopped.push(change))()
    const saved = store.set('provider:anthropic', 'sk-deferred-2')
    keychain.release()
    await saved
    expect(seen).toEqual([{ name: 'provider:anthropic', isSet: true }])
    expect(stopped).toEqual([])
    expect(store.knownNames()).toEqual(['provider:anthropic'])
    stop()
    await store.delete('provider:anthropic')
    expect(seen).toHaveLength(1)
  })

  it('reports an unreachable keychain the way the opened store does', async () => {
    const store = deferredSecretStore(openSecretStore({ backends: [] }))
    await store.whenKnown()
    expect(store.status().keychain).toBe('unavailable')
  })
})
