/**
 * The generated settings form of a bundle, as pure functions: starting values (kept values on an
 * update, else defaults), the problems the form can see before sending (numbers, bounds, full
 * paths), and the `userConfig` sent to `extension_install_bundle`. The host checks everything again.
 */
import type { UserConfigField, UserConfigValue } from '../../../../../shared/hostApi'

/** One field's value in the form: text (also numbers while typed), a checkbox, or a list. */
export type FormValue = string | boolean | string[]
export type FormValues = Record<string, FormValue>

const asText = (value: UserConfigValue | undefined): string => (value === undefined || Array.isArray(value) ? '' : String(value))

export function initialValues(fields: UserConfigField[]): FormValues {
  return Object.fromEntries(
    fields.map((field) => {
      const start = field.current ?? field.default
      if (field.type === 'boolean') return [field.key, start === true || start === 'true']
      if (field.multiple) return [field.key, Array.isArray(start) ? start : start === undefined || start === '' ? [] : [String(start)]]
      return [field.key, field.sensitive ? '' : asText(start)]
    }),
  )
}

const isAbsolutePath = (text: string) => text.startsWith('/') || /^[A-Za-z]:[\\/]/.test(text) || text.startsWith('\\\\')

/** A problem the form can see by itself, or undefined. */
export function fieldProblem(field: UserConfigField, value: FormValue): string | undefined {
  const items = Array.isArray(value) ? value.filter((item) => item.trim() !== '') : typeof value === 'string' ? (value.trim() === '' ? [] : [value.trim()]) : []
  if (field.type === 'number' && items.length > 0) {
    const number = Number(items[0])
    if (!Number.isFinite(number)) return `${field.title} must be a number.`
    if (field.min !== undefined && number < field.min) return `${field.title} must be at least ${field.min}.`
    if (field.max !== undefined && number > field.max) return `${field.title} must be at most ${field.max}.`
  }
  if ((field.type === 'directory' || field.type === 'file') && items.some((item) => !isAbsolutePath(item))) {
    return `${field.title} must be a full path, e.g. ${field.type === 'directory' ? '/home/me/Documents' : '/home/me/notes.txt'}.`
  }
  return undefined
}

/** Whether a required field is still empty (a sensitive one already in the keychain counts as filled). */
export function isMissing(field: UserConfigField, value: FormValue): boolean {
  if (!field.required || field.type === 'boolean') return false
  if (field.sensitive && field.isSet) return false
  return Array.isArray(value) ? value.every((item) => item.trim() === '') : typeof value === 'string' && value.trim() === ''
}

/** What to send: filled fields only (empty ones keep their stored value or default on the host). */
export function toUserConfig(fields: UserConfigField[], values: FormValues): Record<string, UserConfigValue> {
  const result: Record<string, UserConfigValue> = {}
  for (const field of fields) {
    const value = values[field.key]
    if (value === undefined) continue
    if (typeof value === 'boolean') result[field.key] = value
    else if (Array.isArray(value)) {
      const items = value.map((item) => item.trim()).filter((item) => item !== '')
      if (items.length > 0) result[field.key] = items
    } else if (value.trim() !== '') {
      result[field.key] = field.type === 'number' ? Number(value) : field.sensitive ? value : value.trim()
    }
  }
  return result
}

/** On an update, the fields to ask about first: new ones; the rest are kept and folded away. */
export function splitForUpdate(fields: UserConfigField[], isUpdate: boolean): { ask: UserConfigField[]; kept: UserConfigField[] } {
  if (!isUpdate) return { ask: fields, kept: [] }
  return { ask: fields.filter((field) => field.isNew), kept: fields.filter((field) => !field.isNew) }
}
