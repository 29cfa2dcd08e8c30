/**
 * `${secret:NAME}` references. Configs (extension env, headers, provider settings) hold references,
 * never values; main resolves them through the SecretStore at the moment a value is needed (spawn,
 * request), so a value never sits in a config, a settings file or the renderer.
 *
 * Escape: `$${secret:NAME}` stands for the literal text `${secret:NAME}` and is not resolved, so a
 * value that must contain that text (say, an argument for a tool with its own templating) can be
 * written. Only `$$` directly before `{secret:` is special; every other `$` is left as it is.
 */
import { secretNameProblem } from './secretNames'
import type { KeychainStatus } from './secretStore'

// Group 1: "$" when escaped; group 2: the name. A name never contains "{" or "}" (secretNames.ts); excluding both keeps matching linear on text full of unclosed "${secret:".
const REFERENCE = /(\$?)\$\{secret:([^{}]*)\}/g
const OPENING = '${secret:'

/** Where references are resolved from: the SecretStore, or anything with the same `get`. */
export interface SecretReader {
  get(name: string): Promise<string | undefined>
  /** When present and unavailable, the missing-secret error explains that earlier secrets cannot be read in this run. */
  status?(): KeychainStatus
}

/** Names referenced in `text`, each once, in order of first appearance (escaped references excluded). */
export function findSecretRefs(text: string): string[] {
  const names = new Set<string>()
  for (const match of text.matchAll(REFERENCE)) {
    if (match[1] !== '$' && match[2] !== undefined) names.add(match[2])
  }
  return [...names]
}

/** Names referenced in any value of a record (env, headers) or list (args). */
export function findSecretRefsIn(values: Readonly<Record<string, string>> | readonly string[]): string[] {
  return [...new Set(Object.values(values).flatMap(findSecretRefs))]
}

/** Problems with the references in `text` (invalid names, a reference that is never closed); empty when fine. For config validation. */
export function secretRefProblems(text: string): string[] {
  const problems: string[] = []
  for (const match of text.matchAll(REFERENCE)) {
    if (match[1] === '$' || match[2] === undefined) continue
    const problem = secretNameProblem(match[2])
    if (problem) problems.push(`In the reference "${match[0]}": ${problem}`)
  }
  // An opening with no "}" after it: matchAll never sees it, and it is almost certainly a typo.
  const unclosed = text.replace(REFERENCE, '').indexOf(OPENING)
  if (unclosed !== -1) problems.push(`A secret reference is missing its closing "}": write it as \${secret:NAME}.`)
  return problems
}

/** A reference names a secret that is not set. `missing` lists every such name. */
export class MissingSecretError extends Error {
  constructor(
    readonly missing: readonly string[],
    message: string,
  ) {
    super(message)
    this.name = 'MissingSecretError'
  }
}

export interface ResolveOptions {
  /** Who needs the value, for the error message, e.g. `extension "GitHub" (env GITHUB_TOKEN)`. */
  usedBy?: string
}

/** `text` with every reference replaced by its secret's value; throws MissingSecretError naming every unset secret. */
export async function resolveSecretRefs(text: string, secrets: SecretReader, options: ResolveOptions = {}): Promise<string> {
  const values = await readAll(findSecretRefsChecked([text]), secrets, options)
  return substitute(text, values)
}

/** Resolves every value of a record (env, headers); one error lists all unset secrets across the record. */
export async function resolveSecretRefsIn<K extends string>(
  record: Readonly<Record<K, string>>,
  secrets: SecretReader,
  options: ResolveOptions = {},
): Promise<Record<K, string>> {
  const entries = Object.entries(record) as Array<[K, string]>
  const values = await readAll(findSecretRefsChecked(entries.map(([, value]) => value)), secrets, options)
  return Object.fromEntries(entries.map(([key, value]) => [key, substitute(value, values)])) as Record<K, string>
}

function findSecretRefsChecked(texts: readonly string[]): string[] {
  const problems = texts.flatMap(secretRefProblems)
  if (problems.length > 0) throw new Error(problems.join(' '))
  return findSecretRefsIn(texts)
}

async function readAll(names: readonly string[], secrets: SecretReader, { usedBy }: ResolveOptions): Promise<Map<string, string>> {
  const values = new Map<string, string>()
  const missing: string[] = []
  for (const name of names) {
    const value = await secrets.get(name)
    if (value === undefined) missing.push(name)
    else values.set(name, value)
  }
  if (missing.length > 0) throw new MissingSecretError(missing, missingMessage(missing, usedBy, secrets.status?.()))
  return values
}

function missingMessage(missing: readonly string[], usedBy: string | undefined, status: KeychainStatus | undefined): string {
  const quoted = missing.map((name) => `"${name}"`).join(', ')
  const subject = missing.length === 1 ? `Secret ${quoted} is not set` : `Secrets ${quoted} are not set`
  const forWhom = usedBy ? ` (needed by ${usedBy})` : ''
  const them = missing.length === 1 ? 'it' : 'them'
  const fix = `Set ${them} in Settings → Secrets.`
  const keychain =
    status?.keychain === 'unavailable'
      ? ` The OS keychain is unavailable (${status.reason}), so secrets saved in earlier runs cannot be read now; set ${them} again for this run, or: ${status.fix}`
      : ''
  return `${subject}${forWhom}. ${fix}${keychain}`
}

function substitute(text: string, values: ReadonlyMap<string, string>): string {
  // A replacer function, not a string: a value containing "$&" or "$1" must be inserted verbatim.
  return text.replace(REFERENCE, (match, escape: string, name: string) => {
    if (escape === '$') return match.slice(1)
    const value = values.get(name)
    // readAll guarantees every name; reaching this means a bug, and a literal reference must not reach a server.
    if (value === undefined) throw new Error(`Internal error: secret "${name}" was not read before substitution.`)
    return value
  })
}
