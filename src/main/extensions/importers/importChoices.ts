/**
 * The person's choices applied to a plan: which servers to add, the values they typed for the
 * secrets asked for, and which literal values move into the keychain. Pure: the result says which
 * secrets to store and which config to add; the caller does both.
 */
import type { ImportChoice } from '../../../shared/extensionApi'
import { MAX_SECRET_VALUE_LENGTH } from '../../../shared/secretRules'
import { extensionEnvSecretName, extensionHeaderSecretName } from '../../secrets/secretNames'
import { parseExtensionConfig, type ExtensionConfig } from '../config/extensionConfig'
import type { ImportCandidate } from './importTypes'
import { splitAuthScheme } from './secretLike'

/** A server ready to add: its config (secret values replaced by references) and the secrets to store first. */
export interface ServerToAdd {
  config: ExtensionConfig
  secrets: Array<{ name: string; value: string }>
  /** Secret names the config refers to that get no value now (the person can set them later). */
  missing: string[]
}

export type ChoiceResult = { ok: true; server: ServerToAdd } | { ok: false; errors: string[] }

/** Each candidate with the choice that applies to it; choices that match no candidate come back as errors. */
export interface MatchedChoices {
  matched: Array<{ candidate: ImportCandidate; choice?: ImportChoice }>
  unmatched: Array<{ choice: ImportChoice; error: string }>
}

/** Without choices every server is included with the defaults (the design's plain `extension_import {json}`). */
export function matchChoices(candidates: readonly ImportCandidate[], choices: readonly ImportChoice[] | undefined): MatchedChoices {
  if (choices === undefined) return { matched: candidates.map((candidate) => ({ candidate, choice: { id: candidate.preview.id, include: true } })), unmatched: [] }
  const byId = new Map(candidates.map((candidate) => [candidate.preview.id, candidate]))
  const chosen = new Map<string, ImportChoice>()
  const unmatched: MatchedChoices['unmatched'] = []
  for (const choice of choices) {
    const candidate = byId.get(choice.id)
    if (!candidate) unmatched.push({ choice, error: `This config has no server with id "${choice.id}"; it may have changed since the preview. Preview it again.` })
    else if (choice.key !== undefined && choice.key !== candidate.preview.key) {
      unmatched.push({ choice, error: `The id "${choice.id}" now belongs to "${candidate.preview.key}", not "${choice.key}"; the config or the installed extensions changed since the preview. Preview it again.` })
    } else if (chosen.has(choice.id)) unmatched.push({ choice, error: `The server "${choice.id}" is chosen twice; send one choice per server.` })
    else chosen.set(choice.id, choice)
  }
  return { matched: candidates.map((candidate) => ({ candidate, choice: chosen.get(candidate.preview.id) })), unmatched }
}

function ownSecretName(field: 'env' | 'headers', id: string, name: string): string | undefined {
  try {
    return field === 'env' ? extensionEnvSecretName(id, name) : extensionHeaderSecretName(id, name)
  } catch {
    return undefined
  }
}

/** Applies `choice` (with `inputs`, the answers to VS Code inputs by id) to an included candidate. */
export function applyChoice(candidate: ImportCandidate, choice: ImportChoice, inputs: Readonly<Record<string, string>>): ChoiceResult {
  const { preview, config } = candidate
  if (!config || (config.type !== 'stdio' && config.type !== 'streamable-http' && config.type !== 'sse')) {
    return { ok: false, errors: preview.problems.length > 0 ? preview.problems : ['This server cannot be imported.'] }
  }
  const errors: string[] = []
  const secrets: ServerToAdd['secrets'] = []
  const missing: string[] = []

  const asked = new Map(preview.secretsToAsk.map((ask) => [ask.name, ask]))
  for (const name of Object.keys(choice.secrets ?? {})) {
    if (!asked.has(name)) {
      const list = asked.size > 0 ? ` (it asks for ${[...asked.keys()].map((key) => `"${key}"`).join(', ')})` : ''
      errors.push(`"${name}" is not a secret this server asks for${list}; leave it out of "secrets".`)
    }
  }
  for (const ask of preview.secretsToAsk) {
    const given = choice.secrets && Object.hasOwn(choice.secrets, ask.name) ? choice.secrets[ask.name] : undefined
    const value = given ?? (ask.inputId !== undefined && Object.hasOwn(inputs, ask.inputId) ? inputs[ask.inputId] : undefined)
    if (value) secrets.push({ name: ask.secretName, value })
    else missing.push(ask.secretName)
  }

  const field = config.type === 'stdio' ? 'env' : 'headers'
  const values: Record<string, string> = { ...(config.type === 'stdio' ? config.env : config.headers) }
  const what = field === 'env' ? 'an env variable' : 'a header'
  for (const name of new Set(choice.moveToKeychain ?? preview.secretSuggestions.map((suggestion) => suggestion.name))) {
    const value = Object.hasOwn(values, name) ? values[name]! : undefined
    const secretName = ownSecretName(field, config.id, name)
    if (value === undefined) errors.push(`"${name}" is not ${what} of this server, so it cannot move to the keychain; pick one of its ${field === 'env' ? 'env variables' : 'headers'}.`)
    else if (asked.has(name) || value.includes('{secret:')) errors.push(`"${name}" already refers to a secret; give its value in "secrets" instead of moving it.`)
    else if (!secretName) errors.push(`"${name}" cannot be part of a secret name (letters, digits and . _ - only), so its value cannot move to the keychain.`)
    else {
      const { prefix, secret } = field === 'headers' ? splitAuthScheme(value) : { prefix: '', secret: value }
      if (secret === '') errors.push(`"${name}" is empty; there is nothing to move to the keychain.`)
      else if (secret.length > MAX_SECRET_VALUE_LENGTH) errors.push(`"${name}" is ${secret.length} characters long; the keychain takes at most ${MAX_SECRET_VALUE_LENGTH}. Leave it out of "moveToKeychain".`)
      else {
        values[name] = `${prefix}\${secret:${secretName}}`
        secrets.push({ name: secretName, value: secret })
      }
    }
  }
  if (errors.length > 0) return { ok: false, errors }

  const parsed = parseExtensionConfig({ ...config, [field]: values })
  if (!parsed.ok) return { ok: false, errors: parsed.errors }
  return { ok: true, server: { config: parsed.config, secrets, missing } }
}
