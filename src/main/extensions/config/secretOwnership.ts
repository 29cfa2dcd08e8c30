/**
 * Secret ownership (docs/security.md): an extension's `${secret:…}` references resolve only to secrets
 * it owns — its own `extension:<id>:…` names, or names the host says are its own (a bundle's
 * `mcpb:<bundle>:…`) — or to secrets the person bound to it by typing the reference into its
 * settings by hand. Nothing an install source writes (manifest, registry entry, link, pasted
 * config) binds anything, so a bundle cannot name `${secret:provider:anthropic}` and receive the key.
 */
import { referencedSecretNames, type ExtensionConfig } from './extensionConfig'

/** Names an extension owns besides its `extension:<id>:…` ones (the host knows a bundle's names). */
export type OwnsSecret = (extensionId: string, name: string) => boolean

/** Who wrote a config: the person in the by-hand form (binds the names it references) or an install path (binds nothing). */
export type ConfigSource = 'person' | 'install'

const ownPrefix = (extensionId: string) => `extension:${extensionId}:`

/** Referenced names the extension may not receive, in order of first reference. */
export function unownedSecretNames(config: ExtensionConfig, ownsSecret?: OwnsSecret): string[] {
  const bound = new Set(config.boundSecrets ?? [])
  return referencedSecretNames(config).filter((name) => !name.startsWith(ownPrefix(config.id)) && !bound.has(name) && !ownsSecret?.(config.id, name))
}

/** Why the extension was not given those secrets, and the fix (names only). */
export function unownedSecretsMessage(config: ExtensionConfig, names: readonly string[]): string {
  const quoted = names.map((name) => `"${name}"`).join(', ')
  const subject = names.length === 1 ? `the secret ${quoted}, which is not its own` : `the secrets ${quoted}, which are not its own`
  return (
    `The extension "${config.name}" refers to ${subject}, so Switchboard did not give ${names.length === 1 ? 'it' : 'them'} to it. ` +
    `An extension receives only its own secrets (named extension:${config.id}:…) and ones you bound to it by typing the reference in its settings. ` +
    `If you want it to have ${names.length === 1 ? 'this secret' : 'these secrets'}, open the extension's settings, check the reference and save; otherwise remove the reference.`
  )
}

/**
 * The names bound to a config about to be stored. The person's by-hand save binds every name its
 * config references; an install path keeps only earlier bindings that are still referenced.
 * Whatever `boundSecrets` the input itself carried is ignored: only main decides what is bound.
 */
export function bindingsFor(config: ExtensionConfig, source: ConfigSource, previous: ExtensionConfig | undefined): string[] {
  const referenced = referencedSecretNames(config)
  const kept = (previous?.boundSecrets ?? []).filter((name) => referenced.includes(name))
  const added = source === 'person' ? referenced.filter((name) => !name.startsWith(ownPrefix(config.id))) : []
  return [...new Set([...kept, ...added])]
}
