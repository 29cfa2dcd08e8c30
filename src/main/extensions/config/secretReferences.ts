/**
 * `${secret:NAME}` references in env and header values. Configs hold only references; the injected
 * resolver turns them into values right before a connection starts, and values never go back into
 * a config, a log line or the renderer. The reference syntax itself (names, the `$${…}` escape) is
 * the SecretStore's (secrets/secretRefs.ts); this file adds what extension configs need on top.
 */
import { findSecretRefs, secretRefProblems } from '../../secrets/secretRefs'

/** Resolves every `${secret:NAME}` in `values`; throws an Error naming the first missing secret. */
export type ResolveSecrets = (values: Record<string, string>, owner: string) => Promise<Record<string, string>>

/** The names referenced in `value`, in order of first appearance. */
export const secretNamesIn = findSecretRefs

/** A problem with the references in `value` (with the fix), or undefined when they are all well formed. */
export function secretReferenceProblem(value: string): string | undefined {
  return secretRefProblems(value)[0]
}

/**
 * True when the value shows no secret by itself: only references, optionally after an auth scheme
 * word (`Bearer ${secret:TOKEN}`).
 */
export function revealsNoSecretValue(value: string): boolean {
  if (findSecretRefs(value).length === 0) return false
  return /^\s*(Bearer|Basic|Token)?\s*$/i.test(value.replace(/\$?\$\{secret:[^}]*\}/g, ''))
}
