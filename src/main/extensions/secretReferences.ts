/**
 * `${secret:NAME}` references in env and header values. Configs hold only references; the injected
 * resolver turns them into values right before a connection starts, and values never go back into
 * a config, a log line or the renderer.
 */

/** Names a secret may have inside `${secret:…}`. */
export const SecretNamePattern = /^[A-Za-z0-9_.-]{1,128}$/
const referencePattern = /\$\{secret:([^}]*)\}/g

/** Resolves every `${secret:NAME}` in `values`; throws an Error naming the first missing secret. */
export type ResolveSecrets = (values: Record<string, string>, owner: string) => Promise<Record<string, string>>

/** The names referenced in `value`, in order of appearance. */
export function secretNamesIn(value: string): string[] {
  return [...value.matchAll(referencePattern)].map((match) => match[1] ?? '')
}

/** A problem with the references in `value` (with the fix), or undefined when they are all well formed. */
export function secretReferenceProblem(value: string): string | undefined {
  for (const name of secretNamesIn(value)) {
    if (!SecretNamePattern.test(name)) {
      return `"\${secret:${name}}" is not a valid secret reference; secret names use letters, digits, ".", "_" and "-", e.g. \${secret:GITHUB_TOKEN}.`
    }
  }
  const withoutReferences = value.replace(referencePattern, '')
  if (withoutReferences.includes('${secret:')) {
    return 'A secret reference is not closed; write it as ${secret:NAME}.'
  }
  return undefined
}

/**
 * True when the value shows no secret by itself: only references, optionally after an auth scheme
 * word (`Bearer ${secret:TOKEN}`).
 */
export function revealsNoSecretValue(value: string): boolean {
  if (secretNamesIn(value).length === 0) return false
  return /^\s*(Bearer|Basic|Token)?\s*$/i.test(value.replace(referencePattern, ''))
}
