/**
 * The `user_config` a bundle declares: the form fields the sheet shows, and checking what the
 * person entered against each field's type, bounds and `multiple`. Sensitive values are returned
 * apart: they go to the keychain under `bundleSecretName` and the launch config refers to them as
 * `${secret:NAME}`. On an update the previous values are kept, so only new required keys are asked.
 */
import { isAbsolute } from 'node:path'
import type { UserConfigField, UserConfigValue } from '../../../shared/bundleApi'
import type { Manifest, UserConfigOption } from './manifestSchema'

/** Folders a default may name: `${HOME}`, `${DESKTOP}`, `${DOCUMENTS}`. */
export interface KnownFolders {
  HOME: string
  DESKTOP: string
  DOCUMENTS: string
}

/** The keychain name of a sensitive value: derived from the bundle name, so an update finds it again. */
export const bundleSecretName = (bundleName: string, key: string): string => `mcpb:${bundleName}:${key}`

const FOLDER_VARIABLE = /\$\{(HOME|DESKTOP|DOCUMENTS)\}/g

/** A default with its folder variables filled in. */
export function expandDefault(value: UserConfigValue | undefined, folders: KnownFolders): UserConfigValue | undefined {
  const expand = (text: string) => text.replace(FOLDER_VARIABLE, (_match, name: keyof KnownFolders) => folders[name])
  if (typeof value === 'string') return expand(value)
  if (Array.isArray(value)) return value.map(expand)
  return value
}

/** What the installed version stored: non-sensitive values, and which sensitive keys are in the keychain. */
export interface PreviousConfig {
  values: Record<string, UserConfigValue>
  secretKeys: string[]
  /** The keys the installed version declared (a key not among them is new in this version). */
  declaredKeys: string[]
}

export function formFields(manifest: Manifest, folders: KnownFolders, previous?: PreviousConfig): UserConfigField[] {
  return Object.entries(manifest.user_config).map(([key, option]) => ({
    key,
    type: option.type,
    title: option.title,
    description: option.description,
    required: option.required,
    sensitive: option.sensitive,
    multiple: option.multiple,
    min: option.min,
    max: option.max,
    default: option.sensitive ? undefined : expandDefault(option.default, folders),
    current: previous && !option.sensitive ? previous.values[key] : undefined,
    isSet: previous && option.sensitive ? previous.secretKeys.includes(key) : undefined,
    isNew: previous ? !previous.declaredKeys.includes(key) : undefined,
  }))
}

const isEmpty = (value: UserConfigValue | undefined) => value === undefined || value === '' || (Array.isArray(value) && value.length === 0)

/** Checks one entered value; returns it normalised or a message naming the field and the fix. */
function checkValue(key: string, option: UserConfigOption, value: UserConfigValue): { value: UserConfigValue } | { error: string } {
  const label = `"${option.title}" (${key})`
  const items = Array.isArray(value) ? value : [value]
  if (Array.isArray(value) && !option.multiple) return { error: `${label} takes one value, not a list.` }
  switch (option.type) {
    case 'boolean': {
      if (typeof value === 'boolean') return { value }
      if (value === 'true' || value === 'false') return { value: value === 'true' }
      return { error: `${label} must be true or false.` }
    }
    case 'number': {
      const number = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN
      if (!Number.isFinite(number)) return { error: `${label} must be a number.` }
      if (option.min !== undefined && number < option.min) return { error: `${label} must be at least ${option.min}.` }
      if (option.max !== undefined && number > option.max) return { error: `${label} must be at most ${option.max}.` }
      return { value: number }
    }
    case 'string':
    case 'directory':
    case 'file': {
      if (items.some((item) => typeof item !== 'string')) return { error: `${label} must be text.` }
      const texts = items as string[]
      if (texts.some((text) => /[\0\r\n]/.test(text))) return { error: `${label} contains a line break or NUL character; remove it.` }
      if (option.type !== 'string' && texts.some((text) => !isAbsolute(text))) {
        return { error: `${label} must be a full path to a ${option.type === 'directory' ? 'folder' : 'file'}, e.g. /home/me/Documents.` }
      }
      return { value: option.multiple ? texts : texts[0]! }
    }
    default:
      return option.type satisfies never
  }
}

export interface CheckedConfig {
  /** Non-sensitive values to store in the bundle record and substitute into the launch config. */
  values: Record<string, UserConfigValue>
  /** Sensitive values entered now, to store in the keychain. */
  secrets: Record<string, string>
  /** Sensitive keys whose value is (or will be) in the keychain. */
  secretKeys: string[]
  /** Required keys with no value: the extension is added in `needs-config`. */
  missing: string[]
  errors: string[]
}

/** Merges entered values, previous values and defaults, checking each against its field. */
export function checkUserConfig(manifest: Manifest, entered: Record<string, UserConfigValue>, folders: KnownFolders, previous?: PreviousConfig): CheckedConfig {
  const result: CheckedConfig = { values: {}, secrets: {}, secretKeys: [], missing: [], errors: [] }
  for (const key of Object.keys(entered)) {
    if (!(key in manifest.user_config)) result.errors.push(`"${key}" is not a setting of this bundle; remove it.`)
  }
  for (const [key, option] of Object.entries(manifest.user_config)) {
    const given = entered[key]
    if (option.sensitive) {
      const value = !isEmpty(given) ? given : expandDefault(option.default, folders)
      if (!isEmpty(value)) {
        const checked = checkValue(key, option, value!)
        if ('error' in checked) result.errors.push(checked.error)
        else {
          result.secrets[key] = Array.isArray(checked.value) ? checked.value.join(',') : String(checked.value)
          result.secretKeys.push(key)
        }
      } else if (previous?.secretKeys.includes(key)) {
        result.secretKeys.push(key)
      } else if (option.required) {
        result.missing.push(key)
      }
      continue
    }
    const value = !isEmpty(given) ? given : previous && !isEmpty(previous.values[key]) ? previous.values[key] : expandDefault(option.default, folders)
    if (isEmpty(value)) {
      if (option.required) result.missing.push(key)
      continue
    }
    const checked = checkValue(key, option, value!)
    if ('error' in checked) result.errors.push(checked.error)
    else result.values[key] = checked.value
  }
  return result
}
