/**
 * Turns one install choice plus the person's answers into an extension config and the secrets to
 * store first. Secret values never enter the config: env and header values refer to them as
 * `${secret:NAME}`. Text from the registry or the person that looks like a reference is escaped, so
 * a server.json cannot make a config read someone else's secret (say, a provider key).
 */
import { extensionEnvSecretName, extensionHeaderSecretName, secretNameProblem } from '../../secrets/secretNames'
import { secretPlacementProblem } from './choiceForm'
import { walkPackage, walkRemote, type SecretNames, type ValueContext, type ValueRequest, type ValueSource, type WalkedLaunch } from './choiceWalk'
import type { ServerJson } from './registrySchemas'

export interface ChoiceRef {
  kind: 'package' | 'remote'
  index: number
}

export type BuiltInstall =
  | { ok: true; config: Record<string, unknown>; secrets: Array<{ name: string; value: string }> }
  | { ok: false; errors: string[] }

class Unsupported extends Error {}

const escapeReferences = (text: string) => text.replace(/\$\{secret:/g, () => '$${secret:')

function encodeFor(context: ValueContext, text: string): string {
  if (context === 'env' || context === 'header') return escapeReferences(text)
  if (context === 'url') return encodeURIComponent(text)
  return text
}

/** Checks one answer against its declared format and choices; returns the value to use or a problem. */
function checkValue(request: ValueRequest, value: string): { value: string } | { problem: string } {
  const { input, label } = request
  if (input.choices && input.choices.length > 0 && !input.choices.includes(value)) {
    return { problem: `"${label}" must be one of ${input.choices.map((choice) => `"${choice}"`).join(', ')}.` }
  }
  if (input.format === 'number' && (value.trim() === '' || !Number.isFinite(Number(value)))) return { problem: `"${label}" must be a number, not "${value.slice(0, 40)}".` }
  if (input.format === 'boolean') {
    if (value !== 'true' && value !== 'false') return { problem: `"${label}" must be "true" or "false".` }
  }
  return { value }
}

function answeringSource(inputs: Readonly<Record<string, string>>, errors: string[], secrets: Array<{ name: string; value: string }>, used: Set<string>): ValueSource {
  return {
    take(request) {
      const { input, key, label, context } = request
      used.add(key)
      if (input.value !== undefined) return encodeFor(context, input.value)
      const given = Object.hasOwn(inputs, key) ? inputs[key] : undefined
      const value = given !== undefined && given !== '' ? given : input.default
      if (value === undefined || value === '') {
        if (input.isRequired) errors.push(`"${label}" is required${input.description ? ` (${input.description})` : ''}; fill it in.`)
        return undefined
      }
      const checked = checkValue(request, value)
      if ('problem' in checked) {
        errors.push(checked.problem)
        return undefined
      }
      if (!input.isSecret) return encodeFor(context, checked.value)
      const problem = secretPlacementProblem(request)
      if (problem || request.secretName === undefined) throw new Unsupported(problem ?? 'This secret has nowhere safe to go.')
      if (secrets.some((secret) => secret.name === request.secretName)) {
        throw new Unsupported(`"${label}" holds more than one secret in one value, which Switchboard cannot keep apart; choose another way to install it.`)
      }
      secrets.push({ name: request.secretName, value: checked.value })
      return `\${secret:${request.secretName}}`
    },
    literal: (text, context) => encodeFor(context === 'url' ? 'arg' : context, text),
    unsupported(reason) {
      throw new Unsupported(reason)
    },
  }
}

/** Keychain names for the extension's env and header secrets; undefined when a name cannot form one (the config check then names it). */
function secretNamesFor(extensionId: string): SecretNames {
  const safe = (make: () => string) => {
    try {
      return make()
    } catch {
      return undefined
    }
  }
  return {
    env: (name) => safe(() => extensionEnvSecretName(extensionId, name)),
    header: (name) => safe(() => extensionHeaderSecretName(extensionId, name)),
  }
}

/** The config and secrets for `choice`, or every problem with the answers (each naming its field). */
export function buildInstall(server: ServerJson, choice: ChoiceRef, inputs: Readonly<Record<string, string>>, identity: { id: string; name: string }): BuiltInstall {
  const errors: string[] = []
  const secrets: Array<{ name: string; value: string }> = []
  const used = new Set<string>()
  const source = answeringSource(inputs, errors, secrets, used)
  const names = secretNamesFor(identity.id)
  let launch: WalkedLaunch
  try {
    if (choice.kind === 'package') {
      const pkg = server.packages?.[choice.index]
      if (!pkg) return { ok: false, errors: [`${server.name} has no package number ${choice.index + 1}; open its details again and choose again.`] }
      launch = walkPackage(source, pkg, server.version, names)
    } else {
      const remote = server.remotes?.[choice.index]
      if (!remote) return { ok: false, errors: [`${server.name} has no remote number ${choice.index + 1}; open its details again and choose again.`] }
      launch = walkRemote(source, remote, names)
    }
  } catch (error) {
    if (error instanceof Unsupported) return { ok: false, errors: [`${server.name} cannot be installed this way: ${error.message}`] }
    throw error
  }
  for (const key of Object.keys(inputs)) {
    if (!used.has(key)) errors.push(`"${key}" is not a field of this install choice; leave it out.`)
  }
  for (const { name } of secrets) {
    const problem = secretNameProblem(name)
    if (problem) errors.push(problem)
  }
  if (errors.length > 0) return { ok: false, errors }
  return { ok: true, config: { id: identity.id, name: identity.name, enabled: true, trust: 'untrusted', ...launch }, secrets }
}
