/**
 * Reading the policy file's text into the limits in force. The file is checked against the schema
 * that ships with the app (policy.schema.json, with ajv); a field with an invalid value takes its
 * strictest value and the rest applies, a field Switchboard does not know is ignored (and named),
 * and text that is not a JSON object makes the whole policy unreadable.
 */
import { createRequire } from 'node:module'
import type { ErrorObject } from 'ajv'
import type { Ajv2020 as Ajv2020Class, ValidateFunction } from 'ajv/dist/2020.js'
import semver from 'semver'
import type { InstallSource } from '../../shared/policyApi'
import schema from './policy.schema.json'
import type { ExtensionLimits, ServerMatch } from './policyRules'

export type PermissionModeName = 'autonomous' | 'smart' | 'ask' | 'chat-only'
const ALL_SOURCES: InstallSource[] = ['registry', 'bundle', 'link', 'import', 'manual']

/** The limits in force; a field left out of the file is undefined (not managed). */
export interface PolicyValues {
  extensions: ExtensionLimits
  leastStrictMode?: PermissionModeName
  connectedApps?: boolean
  routines?: boolean
  assistedReviewProviders?: string[]
  /** required: telemetry goes to this endpoint only; off: an invalid endpoint, so nothing is exported. */
  telemetry?: { kind: 'required'; endpoint: string } | { kind: 'off' }
  /** The text of the minimum version; `valid` false when it is not a version (then nothing runs). */
  minimumVersion?: { text: string; valid: boolean }
}

export type ParsedPolicy =
  | { state: 'none'; values: PolicyValues; problems: [] }
  | { state: 'applied'; values: PolicyValues; problems: string[] }
  | { state: 'unreadable'; error: string; values: PolicyValues; problems: [] }

export const NO_LIMITS: PolicyValues = { extensions: { blockedSources: [], blockedServers: [] } }

/** The fields this version knows, as `section.key` (or a top-level key). */
const FIELDS = [
  'extensions.allowedSources',
  'extensions.blockedSources',
  'extensions.allowedServers',
  'extensions.blockedServers',
  'permissions.leastStrictMode',
  'connectedApps.enabled',
  'routines.enabled',
  'assistedReview.allowedProviders',
  'telemetry.requiredEndpoint',
  'minimumVersion',
] as const
type Field = (typeof FIELDS)[number]
const SECTIONS = new Set(FIELDS.map((field) => field.split('.')[0]))

// Compiled on first use: with no policy file (most computers), ajv is never loaded.
let validate: ValidateFunction | undefined
function validator(): ValidateFunction {
  if (!validate) {
    const { Ajv2020 } = createRequire(import.meta.url)('ajv/dist/2020.js') as { Ajv2020: typeof Ajv2020Class }
    validate = new Ajv2020({ allErrors: true, strict: false }).compile(schema)
  }
  return validate
}

const pathOf = (error: ErrorObject) => error.instancePath.split('/').slice(1).map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'))

/** Which fields the errors make invalid, and which keys are unknown. */
function sortErrors(errors: readonly ErrorObject[]): { invalid: Map<Field, string>; unknown: string[]; notObject: boolean } {
  const invalid = new Map<Field, string>()
  const unknown: string[] = []
  let notObject = false
  for (const error of errors) {
    const path = pathOf(error)
    if (error.keyword === 'additionalProperties' && path.length <= 1) {
      const key = (error.params as { additionalProperty: string }).additionalProperty
      unknown.push(path.length === 0 ? key : `${path[0]}.${key}`)
      continue
    }
    if (path.length === 0) {
      notObject = true
      continue
    }
    const [section, key] = path
    if (section === 'minimumVersion') invalid.set('minimumVersion', error.message ?? 'invalid')
    else if (key === undefined) {
      // The section itself has the wrong type: every field in it is invalid.
      for (const field of FIELDS) if (field.startsWith(`${section}.`)) invalid.set(field, `${section} must be an object`)
    } else if ((FIELDS as readonly string[]).includes(`${section}.${key}`)) {
      const where = path.slice(2).length > 0 ? ` (at ${path.slice(2).join('/')})` : ''
      invalid.set(`${section}.${key}` as Field, `${error.message ?? 'invalid'}${where}`)
    }
  }
  return { invalid, unknown: unknown.filter((key) => !SECTIONS.has(key) || key.includes('.')), notObject }
}

type Raw = Record<string, Record<string, unknown> | unknown>
const field = (raw: Raw, name: Field): unknown => {
  const [section = '', key] = name.split('.')
  if (key === undefined) return raw[section]
  const value = raw[section]
  return value && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined
}

/** Reads the file's text; never throws. */
export function parsePolicy(text: string): ParsedPolicy {
  let raw: unknown
  try {
    raw = JSON.parse(text)
  } catch (error) {
    return { state: 'unreadable', error: `It is not valid JSON: ${(error as Error).message}.`, values: NO_LIMITS, problems: [] }
  }
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return { state: 'unreadable', error: 'It must be a JSON object ({ … }).', values: NO_LIMITS, problems: [] }
  const check = validator()
  check(raw)
  const { invalid, unknown } = sortErrors(check.errors ?? [])
  const given = (name: Field) => field(raw as Raw, name) !== undefined || invalid.has(name)
  /** The field's value when valid, else its strictest value. */
  const pick = <T>(name: Field, strictest: T): T | undefined => (invalid.has(name) ? strictest : (field(raw as Raw, name) as T | undefined))

  const values: PolicyValues = {
    extensions: {
      allowedSources: pick<InstallSource[]>('extensions.allowedSources', []),
      blockedSources: pick<InstallSource[]>('extensions.blockedSources', ALL_SOURCES) ?? [],
      allowedServers: pick<ServerMatch[]>('extensions.allowedServers', []),
      blockedServers: invalid.has('extensions.blockedServers') ? 'all' : ((field(raw as Raw, 'extensions.blockedServers') as ServerMatch[] | undefined) ?? []),
    },
    leastStrictMode: pick<PermissionModeName>('permissions.leastStrictMode', 'ask'),
    connectedApps: pick<boolean>('connectedApps.enabled', false),
    routines: pick<boolean>('routines.enabled', false),
    assistedReviewProviders: pick<string[]>('assistedReview.allowedProviders', []),
  }
  if (given('telemetry.requiredEndpoint')) {
    values.telemetry = invalid.has('telemetry.requiredEndpoint') ? { kind: 'off' } : { kind: 'required', endpoint: String(field(raw as Raw, 'telemetry.requiredEndpoint')) }
  }
  if (given('minimumVersion')) {
    const text = String(field(raw as Raw, 'minimumVersion') ?? '')
    values.minimumVersion = { text, valid: !invalid.has('minimumVersion') && semver.valid(text) !== null }
  }
  const problems = [
    ...[...invalid].map(([name, why]) => `${name}: ${why}; its strictest value applies.`),
    ...unknown.map((key) => `${key}: not a policy field this version knows; ignored.`),
  ]
  return { state: 'applied', values, problems }
}
