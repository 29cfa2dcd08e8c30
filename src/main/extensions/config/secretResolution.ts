/**
 * Fills `${secret:NAME}` references of a config right before it connects, through the injected
 * resolver (the OS keychain in the app), and builds the redactor that keeps those values out of
 * the extension's log.
 */
import { referencedSecretNames, secretBearingValues, type ExtensionConfig } from './extensionConfig'
import { resolveSecretRefsIn } from '../../secrets/secretRefs'
import { secretNamesIn, type ResolveSecrets } from './secretReferences'
import { unownedSecretNames, unownedSecretsMessage, type OwnsSecret } from './secretOwnership'

export interface ResolvedValues {
  /** env (stdio) or headers (HTTP) with every reference replaced. */
  values: Record<string, string>
  /** Replaces every secret value in a text with its reference. */
  redact: (text: string) => string
}

/**
 * Resolves each referenced secret once; rejects naming a secret the extension does not own (before
 * anything is read), or with the resolver's error naming a missing secret.
 */
export async function resolveConfigSecrets(config: ExtensionConfig, resolve: ResolveSecrets, ownsSecret?: OwnsSecret): Promise<ResolvedValues> {
  const names = referencedSecretNames(config)
  const raw = secretBearingValues(config)
  if (names.length === 0) return { values: { ...raw }, redact: (text) => text }
  const unowned = unownedSecretNames(config, ownsSecret)
  if (unowned.length > 0) throw new Error(unownedSecretsMessage(config, unowned))
  // Asking for each name by itself gives the bare secret values, so the redactor can find them even
  // inside longer strings ("Bearer …" in a header, a token echoed on stderr).
  const secrets = await resolve(Object.fromEntries(names.map((name) => [name, `\${secret:${name}}`])), config.id)
  const values = await resolveSecretRefsIn(raw, { get: async (name) => secrets[name] })
  if (config.type === 'streamable-http' || config.type === 'sse') refuseControlCharacters(raw, values)
  // Longest first, so a secret that contains another is replaced whole.
  const known = Object.entries(secrets)
    .filter(([, value]) => value.length >= 4)
    .sort(([, a], [, b]) => b.length - a.length)
  const redact = (text: string) => known.reduce((result, [name, value]) => result.split(value).join(`\${secret:${name}}`), text)
  return { values, redact }
}

/**
 * A header value with a newline or another control character cannot be sent: `Headers` refuses it
 * with an error that quotes the value, which would carry the secret into the extension's error. The
 * config check already refuses such literals, so here the character came from a secret; the
 * message names that secret and never shows its value.
 */
function refuseControlCharacters(raw: Readonly<Record<string, string>>, resolved: Readonly<Record<string, string>>): void {
  for (const [header, value] of Object.entries(resolved)) {
    if (![...value].some((char) => char.charCodeAt(0) < 0x20 || char.charCodeAt(0) === 0x7f)) continue
    const names = secretNamesIn(raw[header] ?? '').map((name) => `"${name}"`).join(', ')
    throw new Error(
      `The secret ${names} used in the header "${header}" contains a line break or another control character, which an HTTP header cannot carry. Set the secret again in Settings → Secrets without it (paste only the token).`,
    )
  }
}
