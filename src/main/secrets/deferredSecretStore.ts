/**
 * A SecretStore usable before the keychain probe has answered (openSecretStore takes 300–400 ms
 * against a real Secret Service, up to its timeout against a locked one), so the host is ready without
 * waiting for it. Reads and writes wait for the probe; until it answers, status() is 'checking' and
 * knownNames() is empty; whenKnown() resolves once it has, and change listeners carry over to the store.
 */
import type { SecretChange, SecretStore } from './secretStore'

export function deferredSecretStore(opening: Promise<SecretStore>): SecretStore {
  let store: SecretStore | undefined
  const listeners = new Map<(change: SecretChange) => void, () => void>()
  const known = opening.then((opened) => {
    store = opened
    for (const listener of listeners.keys()) listeners.set(listener, opened.onChange(listener))
  })
  // openSecretStore never rejects (an unreachable keychain is a status), but a failure must not go unhandled.
  known.catch(() => undefined)
  const opened = async () => {
    await known
    return store!
  }
  return {
    get: async (name) => (await opened()).get(name),
    set: async (name, value) => (await opened()).set(name, value),
    delete: async (name) => (await opened()).delete(name),
    listNames: async () => (await opened()).listNames(),
    knownNames: () => store?.knownNames() ?? [],
    status: () => store?.status() ?? { keychain: 'checking' },
    whenKnown: () => known,
    onChange(listener) {
      listeners.set(listener, store ? store.onChange(listener) : () => {})
      return () => {
        listeners.get(listener)?.()
        listeners.delete(listener)
      }
    },
  }
}
