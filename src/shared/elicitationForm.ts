/**
 * The form-mode elicitation rules (MCP 2025-11-25 restricted schema), shared by main (the authority:
 * it checks the server's schema and, again, every answer) and the renderer (messages before sending).
 * Pure TS: no node, no DOM.
 */
import type { FormField, FormOption } from './elicitationApi'

export type SchemaCheck = { ok: true; fields: FormField[] } | { ok: false; reason: string }
export type AnswerCheck = { ok: true; content: Record<string, FormValue> } | { ok: false; errors: Record<string, string> }
export type FormValue = string | number | boolean | string[]

/** Keywords that constrain values in ways the restricted schema has no room for: we would not enforce them, so we refuse. */
const UNSUPPORTED_KEYWORDS = ['pattern', 'multipleOf', 'exclusiveMinimum', 'exclusiveMaximum', 'const', 'allOf', 'not', 'if', 'properties', '$ref', 'uniqueItems']
const FORMATS = ['email', 'uri', 'date', 'date-time'] as const
const MAX_FIELDS = 50

type Raw = Record<string, unknown>
const isRecord = (value: unknown): value is Raw => typeof value === 'object' && value !== null && !Array.isArray(value)
const optionalString = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined)
const optionalNumber = (value: unknown): number | undefined => (typeof value === 'number' && Number.isFinite(value) ? value : undefined)

class SchemaProblem extends Error {}
function refuse(name: string, why: string): never {
  throw new SchemaProblem(`field "${name}" ${why}`)
}

/** `[{const, title}]` → options; anything else is refused. */
function titledOptions(name: string, list: unknown): FormOption[] {
  if (!Array.isArray(list) || list.length === 0) refuse(name, 'has no choices')
  return list.map((item) => {
    if (!isRecord(item) || typeof item.const !== 'string') refuse(name, 'has a choice without a string "const"')
    return { value: item.const, label: typeof item.title === 'string' && item.title !== '' ? item.title : item.const }
  })
}

function plainOptions(name: string, list: unknown, names?: unknown): FormOption[] {
  if (!Array.isArray(list) || list.length === 0 || !list.every((item) => typeof item === 'string')) refuse(name, 'needs a non-empty "enum" of strings')
  if (names !== undefined && (!Array.isArray(names) || names.length !== list.length || !names.every((item) => typeof item === 'string'))) {
    refuse(name, 'has "enumNames" that do not match its "enum" one to one')
  }
  return list.map((value: string, index) => ({ value, label: (names as string[] | undefined)?.[index] ?? value }))
}

function checkOptions(name: string, options: FormOption[]): FormOption[] {
  if (new Set(options.map((option) => option.value)).size !== options.length) refuse(name, 'lists the same choice twice')
  return options
}

function bounds(name: string, low: number | undefined, high: number | undefined, what: string): void {
  if (low !== undefined && high !== undefined && low > high) refuse(name, `has a ${what} range whose minimum is above its maximum`)
}

function parseField(name: string, raw: unknown, required: boolean): FormField {
  if (!isRecord(raw)) refuse(name, 'is not a schema object')
  const unsupported = UNSUPPORTED_KEYWORDS.filter((keyword) => keyword in raw)
  if (unsupported.length > 0) refuse(name, `uses ${unsupported.map((k) => `"${k}"`).join(', ')}, which form questions do not support`)
  const base = { name, title: optionalString(raw.title) || name, description: optionalString(raw.description), required }
  const hasDefault = 'default' in raw && raw.default !== undefined

  if (raw.type === 'string' && (raw.enum !== undefined || raw.oneOf !== undefined)) {
    const options = checkOptions(name, raw.oneOf !== undefined ? titledOptions(name, raw.oneOf) : plainOptions(name, raw.enum, raw.enumNames))
    if (hasDefault && !options.some((option) => option.value === raw.default)) refuse(name, 'has a default that is not one of its choices')
    return { ...base, type: 'select', options, default: hasDefault ? (raw.default as string) : undefined }
  }
  if (raw.type === 'array') {
    const items = raw.items
    if (!isRecord(items)) refuse(name, 'is a list without "items" choices')
    const options = checkOptions(name, items.anyOf !== undefined ? titledOptions(name, items.anyOf) : items.type === 'string' ? plainOptions(name, items.enum) : refuse(name, 'is a list of something other than string choices'))
    const minItems = optionalNumber(raw.minItems)
    const maxItems = optionalNumber(raw.maxItems)
    bounds(name, minItems, maxItems, 'choice count')
    if (hasDefault && (!Array.isArray(raw.default) || !raw.default.every((value) => options.some((option) => option.value === value)))) {
      refuse(name, 'has a default that is not a list of its choices')
    }
    return { ...base, type: 'multiselect', options, minItems, maxItems, default: hasDefault ? [...(raw.default as string[])] : undefined }
  }
  if (raw.type === 'string') {
    const format = raw.format
    if (format !== undefined && !FORMATS.includes(format as (typeof FORMATS)[number])) refuse(name, `has the format "${String(format)}"; only email, uri, date and date-time are supported`)
    const minLength = optionalNumber(raw.minLength)
    const maxLength = optionalNumber(raw.maxLength)
    bounds(name, minLength, maxLength, 'length')
    if (hasDefault && typeof raw.default !== 'string') refuse(name, 'has a default that is not a string')
    return { ...base, type: 'string', format: format as (typeof FORMATS)[number] | undefined, minLength, maxLength, default: raw.default as string | undefined }
  }
  if (raw.type === 'number' || raw.type === 'integer') {
    const minimum = optionalNumber(raw.minimum)
    const maximum = optionalNumber(raw.maximum)
    bounds(name, minimum, maximum, 'value')
    if (hasDefault && optionalNumber(raw.default) === undefined) refuse(name, 'has a default that is not a number')
    return { ...base, type: 'number', integer: raw.type === 'integer', minimum, maximum, default: raw.default as number | undefined }
  }
  if (raw.type === 'boolean') {
    if (hasDefault && typeof raw.default !== 'boolean') refuse(name, 'has a default that is not true or false')
    return { ...base, type: 'boolean', default: raw.default as boolean | undefined }
  }
  refuse(name, `has the type ${JSON.stringify(raw.type)}; form questions take string, number, integer, boolean, or a list of string choices`)
}

/** Checks a server's `requestedSchema` against the restricted schema and turns it into form fields. */
export function parseRequestedSchema(schema: unknown): SchemaCheck {
  try {
    if (!isRecord(schema) || schema.type !== 'object' || !isRecord(schema.properties)) {
      return { ok: false, reason: 'the requested schema must be an object schema with "properties"' }
    }
    const names = Object.keys(schema.properties)
    if (names.length > MAX_FIELDS) return { ok: false, reason: `the form has ${names.length} fields; at most ${MAX_FIELDS} are shown` }
    const required = schema.required ?? []
    if (!Array.isArray(required) || !required.every((name) => typeof name === 'string')) return { ok: false, reason: '"required" must be a list of field names' }
    const unknown = required.filter((name) => !names.includes(name))
    if (unknown.length > 0) return { ok: false, reason: `"required" names ${unknown.map((n) => `"${n}"`).join(', ')}, which the schema does not define` }
    const fields = names.map((name) => parseField(name, (schema.properties as Raw)[name], required.includes(name)))
    return { ok: true, fields }
  } catch (error) {
    if (error instanceof SchemaProblem) return { ok: false, reason: error.message }
    throw error
  }
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/i

function isRealDate(text: string): boolean {
  const match = DATE.exec(text)
  if (!match) return false
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])]
  const date = new Date(Date.UTC(year, month - 1, day))
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day
}

function isUri(text: string): boolean {
  try {
    return new URL(text).protocol.length > 1
  } catch {
    return false
  }
}

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`

/** What is wrong with one value (undefined = fine). `value` undefined means the person left it empty. */
export function fieldError(field: FormField, value: unknown): string | undefined {
  if (value === undefined || (field.type !== 'multiselect' && value === '')) {
    return field.required ? `${field.title} is required.` : undefined
  }
  switch (field.type) {
    case 'string': {
      if (typeof value !== 'string') return `${field.title} must be text.`
      if (field.minLength !== undefined && value.length < field.minLength) return `${field.title} needs at least ${plural(field.minLength, 'character')}.`
      if (field.maxLength !== undefined && value.length > field.maxLength) return `${field.title} takes at most ${plural(field.maxLength, 'character')}.`
      if (field.format === 'email' && !EMAIL.test(value)) return `${field.title} must be an email address, like name@example.com.`
      if (field.format === 'uri' && !isUri(value)) return `${field.title} must be a full address, like https://example.com.`
      if (field.format === 'date' && !isRealDate(value)) return `${field.title} must be a date (YYYY-MM-DD).`
      if (field.format === 'date-time' && (!DATE_TIME.test(value) || Number.isNaN(Date.parse(value)))) return `${field.title} must be a date and time.`
      return undefined
    }
    case 'number': {
      if (typeof value !== 'number' || !Number.isFinite(value)) return `${field.title} must be a number.`
      if (field.integer && !Number.isInteger(value)) return `${field.title} must be a whole number.`
      if (field.minimum !== undefined && value < field.minimum) return `${field.title} must be at least ${field.minimum}.`
      if (field.maximum !== undefined && value > field.maximum) return `${field.title} must be at most ${field.maximum}.`
      return undefined
    }
    case 'boolean':
      return typeof value === 'boolean' ? undefined : `${field.title} must be yes or no.`
    case 'select':
      return typeof value === 'string' && field.options.some((option) => option.value === value) ? undefined : `Choose one of the listed options for ${field.title}.`
    case 'multiselect': {
      if (!Array.isArray(value) || !value.every((item) => typeof item === 'string' && field.options.some((option) => option.value === item))) {
        return `Choose from the listed options for ${field.title}.`
      }
      if (new Set(value).size !== value.length) return `${field.title} lists a choice twice.`
      if (value.length === 0 && field.required && field.minItems === undefined) return `${field.title} is required.`
      if (field.minItems !== undefined && value.length < field.minItems) return `Choose at least ${field.minItems} for ${field.title}.`
      if (field.maxItems !== undefined && value.length > field.maxItems) return `Choose at most ${field.maxItems} for ${field.title}.`
      return undefined
    }
  }
}

/**
 * An answer left out, or given as empty text (a cleared text box, no choice picked), is omitted:
 * it gets the field's default when there is one. An empty list is a real answer ("none of these").
 */
function omitted(field: FormField, given: unknown): boolean {
  return given === undefined || given === null || (given === '' && field.type !== 'multiselect')
}

/**
 * Checks an accepted answer and fills in the default of every field the answer left out (spec:
 * defaults apply to omitted fields). Unknown keys are refused, not dropped: they mean a mismatch.
 */
export function checkAnswer(fields: readonly FormField[], content: Record<string, unknown>): AnswerCheck {
  const errors: Record<string, string> = {}
  const result: Record<string, FormValue> = {}
  for (const key of Object.keys(content)) {
    if (!fields.some((field) => field.name === key)) errors[key] = `"${key}" is not a field of this form.`
  }
  for (const field of fields) {
    const given = content[field.name]
    const value = omitted(field, given) ? field.default : given
    const error = fieldError(field, value)
    if (error) errors[field.name] = error
    else if (value !== undefined) result[field.name] = value as FormValue
  }
  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, content: result }
}
