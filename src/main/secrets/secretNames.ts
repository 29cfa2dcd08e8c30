/**
 * Secret names: the keychain account under service "Switchboard". Names are not secret (settings,
 * configs and logs hold them); they follow one scheme so the UI can say where each secret is used:
 *   provider:<provider>                     a model provider's API key
 *   extension:<id>:env:<ENV_NAME>           an environment variable of a stdio extension
 *   extension:<id>:header:<Header-Name>     an HTTP header of a remote extension
 * Any other valid name is allowed too (kind "other").
 */
import type { SecretUse } from '../../shared/hostApi'
import { MAX_SECRET_NAME_LENGTH, SECRET_NAME_PATTERN } from '../../shared/secretRules'

export { MAX_SECRET_NAME_LENGTH }

/** The problem with `name` as a secret name, or undefined when it is valid. */
export function secretNameProblem(name: string): string | undefined {
  if (name.length === 0) return 'A secret name cannot be empty.'
  if (name.length > MAX_SECRET_NAME_LENGTH) {
    return `Secret name "${name.slice(0, 40)}…" is ${name.length} characters long; at most ${MAX_SECRET_NAME_LENGTH} are allowed.`
  }
  if (!SECRET_NAME_PATTERN.test(name)) {
    return `Secret name "${name}" is not valid: use letters, digits and . _ - : / @ only, starting with a letter or digit (for example "provider:anthropic").`
  }
  return undefined
}

/** Throws an Error explaining what is wrong with `name`, if anything. */
export function assertSecretName(name: string): void {
  const problem = secretNameProblem(name)
  if (problem) throw new Error(problem)
}

/** The name of a model provider's API key, e.g. `provider:anthropic`. */
export function providerSecretName(provider: string): string {
  return checked(`provider:${provider}`)
}

/** The name of an extension's environment-variable secret, e.g. `extension:github:env:GITHUB_TOKEN`. */
export function extensionEnvSecretName(extensionId: string, envName: string): string {
  return checked(`extension:${extensionId}:env:${envName}`)
}

/** The name of an extension's HTTP-header secret, e.g. `extension:linear:header:Authorization`. */
export function extensionHeaderSecretName(extensionId: string, headerName: string): string {
  return checked(`extension:${extensionId}:header:${headerName}`)
}

/** Where a secret is used, read back from its name (for Settings → Secrets). */
export type { SecretUse }

export function describeSecretName(name: string): SecretUse {
  const provider = /^provider:([^:]+)$/.exec(name)
  if (provider?.[1]) return { kind: 'provider', provider: provider[1] }
  // The id may itself contain ":" in principle, so the last ":env:" / ":header:" separates it from the variable.
  const extension = /^extension:(.+):(env|header):([^:]+)$/.exec(name)
  if (extension?.[1] && extension[3]) {
    return extension[2] === 'env'
      ? { kind: 'extension-env', extensionId: extension[1], envName: extension[3] }
      : { kind: 'extension-header', extensionId: extension[1], headerName: extension[3] }
  }
  return { kind: 'other' }
}

function checked(name: string): string {
  assertSecretName(name)
  return name
}

/**
 * Keys Switchboard makes and keeps for itself (the activity log's digest key): not a person's secret,
 * so Settings → Secrets does not list them (nor offers to delete one).
 */
export function isAppKey(name: string): boolean {
  return name.startsWith('activity:')
}
