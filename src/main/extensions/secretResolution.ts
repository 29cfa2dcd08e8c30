/**
 * Fills `${secret:NAME}` references of a config right before it connects, through the injected
 * resolver (the OS keychain in the app), and builds the redactor that keeps those values out of
 * the extension's log.
 */
import { referencedSecretNames, secretBearingValues, type ExtensionConfig } from './extensionConfig'
import { resolveSecretRefsIn } from '../secrets/secretRefs'
import type { ResolveSecrets } from './secretReferences'

export interface ResolvedValues {
  /** env (stdio) or headers (HTTP) with every reference replaced. */
  values: Record<string, string>
  /** Replaces every secret value in a text with its reference. */
  redact: (text: string) => string
}

/** Resolves each referenced secret once; rejects with the resolver's error naming a missing secret. */
export async function resolveConfigSecrets(config: ExtensionConfig, resolve: ResolveSecrets): Promise<ResolvedValues> {
  const names = referencedSecretNames(config)
  const raw = secretBearingValues(config)
  if (names.length === 0) return { values: { ...raw }, redact: (text) => text }
  // Asking for each name by itself gives the bare secret values, so the redactor can find them even
  // inside longer strings ("Bearer …" in a header, a token echoed on stderr).
  const secrets = await resolve(Object.fromEntries(names.map((name) => [name, `\${secret:${name}}`])), config.id)
  const values = await resolveSecretRefsIn(raw, { get: async (name) => secrets[name] })
  // Longest first, so a secret that contains another is replaced whole.
  const known = Object.entries(secrets)
    .filter(([, value]) => value.length >= 4)
    .sort(([, a], [, b]) => b.length - a.length)
  const redact = (text: string) => known.reduce((result, [name, value]) => result.split(value).join(`\${secret:${name}}`), text)
  return { values, redact }
}
