/**
 * The secret values the permission layer watches for in tool arguments (a secret bound for an
 * extension that does not own it), with their owners, kept in step with the SecretStore. Values stay
 * in main's memory, where the store and the log redactor already hold them.
 */
import type { SecretValue } from '../permissions'
import type { SecretStore } from '../secrets/secretStore'
import { describeSecretName } from '../secrets/secretNames'

/** Which extension may receive a secret: the one its name belongs to; provider keys and others belong to no extension. */
export function secretOwner(name: string): string {
  const use = describeSecretName(name)
  switch (use.kind) {
    case 'extension-env':
    case 'extension-header':
      return use.extensionId
    case 'provider':
      return `provider:${use.provider}`
    case 'other':
      return `secret:${name}`
  }
}

/** `ready` resolves once every value stored before this run is in the list (after the keychain probe answered). */
export function knownSecretValues(store: SecretStore): { list: () => readonly SecretValue[]; ready: Promise<void>; stop: () => void } {
  const values = new Map<string, SecretValue>()
  const refresh = async (name: string) => {
    const value = await store.get(name).catch(() => undefined)
    if (value === undefined) values.delete(name)
    else values.set(name, { value, owner: secretOwner(name) })
  }
  const stop = store.onChange((change) => void refresh(change.name))
  const ready = store.whenKnown().then(async () => void (await Promise.all(store.knownNames().map(refresh))))
  return { list: () => [...values.values()], ready, stop }
}
