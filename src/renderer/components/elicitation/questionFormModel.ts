/**
 * The form of a question from an extension, as the inputs hold it: a draft per field (text as typed,
 * defaults prefilled), turned into the answer and checked with the same rules main applies again.
 */
import type { FormField } from '../../../shared/hostApi'
import { fieldError, type FormValue } from '../../../shared/elicitationForm'

/** What an input holds: text for text and number inputs, a flag for a checkbox, a list for a choice group. */
export type Draft = string | boolean | string[]
export type Drafts = Record<string, Draft>

/** The inputs as the form opens: every default filled in. */
export function initialDrafts(fields: readonly FormField[]): Drafts {
  return Object.fromEntries(
    fields.map((field): [string, Draft] => {
      switch (field.type) {
        case 'string':
          return [field.name, field.format === 'date-time' && field.default ? toLocalInput(field.default) : (field.default ?? '')]
        case 'number':
          return [field.name, field.default === undefined ? '' : String(field.default)]
        case 'boolean':
          return [field.name, field.default ?? false]
        case 'select':
          return [field.name, field.default ?? '']
        case 'multiselect':
          return [field.name, field.default ?? []]
      }
    }),
  )
}

/** `<input type="datetime-local">` shows local time without a zone; the answer carries a full ISO time. */
function toLocalInput(iso: string): string {
  const date = new Date(iso)
  if (Number.isNaN(date.getTime())) return ''
  const local = new Date(date.getTime() - date.getTimezoneOffset() * 60_000)
  return local.toISOString().slice(0, 16)
}

/** One field's answer; undefined when left empty (main then applies the default, if any). */
export function valueOf(field: FormField, draft: Draft | undefined): unknown {
  switch (field.type) {
    case 'boolean':
      return draft === true
    case 'multiselect':
      return Array.isArray(draft) ? draft : []
    case 'number': {
      const text = typeof draft === 'string' ? draft.trim() : ''
      // A number that does not parse stays text, so the check says "must be a number" instead of dropping it.
      return text === '' ? undefined : Number.isNaN(Number(text)) ? text : Number(text)
    }
    case 'string':
    case 'select': {
      const text = typeof draft === 'string' ? draft : ''
      if (text === '') return undefined
      if (field.type === 'string' && field.format === 'date-time') {
        const date = new Date(text)
        return Number.isNaN(date.getTime()) ? text : date.toISOString()
      }
      return text
    }
  }
}

/** The answer to send, and what is wrong with it (by field name); empty errors = ready to send. */
export function answerOf(fields: readonly FormField[], drafts: Drafts): { content: Record<string, FormValue>; errors: Record<string, string> } {
  const content: Record<string, FormValue> = {}
  const errors: Record<string, string> = {}
  for (const field of fields) {
    const value = valueOf(field, drafts[field.name])
    const error = fieldError(field, value)
    if (error) errors[field.name] = error
    else if (value !== undefined) content[field.name] = value as FormValue
  }
  return { content, errors }
}

/** A short hint under a field: its bounds or format, in words. */
export function constraintHint(field: FormField): string | undefined {
  const parts: string[] = []
  if (field.type === 'string') {
    if (field.minLength !== undefined && field.maxLength !== undefined) parts.push(`${field.minLength}–${field.maxLength} characters`)
    else if (field.minLength !== undefined) parts.push(`at least ${field.minLength} characters`)
    else if (field.maxLength !== undefined) parts.push(`up to ${field.maxLength} characters`)
  }
  if (field.type === 'number') {
    if (field.minimum !== undefined && field.maximum !== undefined) parts.push(`${field.minimum} to ${field.maximum}`)
    else if (field.minimum !== undefined) parts.push(`at least ${field.minimum}`)
    else if (field.maximum !== undefined) parts.push(`at most ${field.maximum}`)
    if (field.integer) parts.push('whole number')
  }
  if (field.type === 'multiselect') {
    if (field.minItems !== undefined && field.maxItems !== undefined) parts.push(`choose ${field.minItems} to ${field.maxItems}`)
    else if (field.minItems !== undefined) parts.push(`choose at least ${field.minItems}`)
    else if (field.maxItems !== undefined) parts.push(`choose up to ${field.maxItems}`)
  }
  return parts.length > 0 ? parts.join(', ') : undefined
}
