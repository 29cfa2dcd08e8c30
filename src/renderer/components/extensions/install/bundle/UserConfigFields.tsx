/**
 * The generated `user_config` form: password fields for sensitive settings (they go to the
 * keychain), folder and file paths with Browse…, numbers with their bounds, checkboxes, and lists
 * (`multiple`) with one row per value.
 */
import type { UserConfigField } from '../../../../../shared/hostApi'
import { FormField, messageId } from '../../add/FormField'
import { CloseIcon, PlusIcon } from '../../../icons'
import { iconButton, quietButton, textInput } from '../../../ui'
import { PathField } from '../PathField'
import type { FormValue } from './userConfigModel'
import { useSecretHome, type SecretHome } from '../../../../hooks/useSecretHome'

interface Props {
  idPrefix: string
  fields: UserConfigField[]
  values: Record<string, FormValue>
  problems: Record<string, string>
  disabled: boolean
  onChange: (key: string, value: FormValue) => void
}

function hintOf(field: UserConfigField, secrets: SecretHome): string | undefined {
  const parts = [field.description]
  if (field.type === 'number' && (field.min !== undefined || field.max !== undefined)) {
    parts.push(field.min !== undefined && field.max !== undefined ? `From ${field.min} to ${field.max}.` : field.min !== undefined ? `At least ${field.min}.` : `At most ${field.max}.`)
  }
  if (field.sensitive) parts.push(field.isSet ? `Already set (${secrets.where}); leave empty to keep it.` : secrets.warning ?? `Stored ${secrets.where}, never in a config file.`)
  if (field.required && !field.sensitive) parts.push('Required: without it the extension waits for settings and does not start.')
  return parts.filter(Boolean).join(' ') || undefined
}

/** One text-like input (string, number, path) for one value. */
function SingleInput({ id, field, value, invalid, describedBy, disabled, onChange, label }: {
  id: string
  field: UserConfigField
  value: string
  invalid: boolean
  describedBy: string
  disabled: boolean
  onChange: (value: string) => void
  label?: string
}) {
  if (field.type === 'directory' || field.type === 'file') {
    return <PathField id={id} kind={field.type} value={value} onChange={onChange} title={field.title} disabled={disabled} invalid={invalid} required={field.required} describedBy={describedBy} browseLabel={`Browse for ${label ?? field.title}`} />
  }
  return (
    <input
      id={id}
      className={textInput}
      type={field.sensitive ? 'password' : field.type === 'number' ? 'number' : 'text'}
      min={field.min}
      max={field.max}
      step={field.type === 'number' ? 'any' : undefined}
      autoComplete={field.sensitive ? 'new-password' : 'off'}
      spellCheck={false}
      aria-label={label}
      placeholder={field.sensitive && field.isSet ? '•••••• (kept)' : field.default !== undefined && !Array.isArray(field.default) ? `Default: ${String(field.default)}` : undefined}
      value={value}
      disabled={disabled}
      aria-invalid={invalid || undefined}
      aria-required={field.required || undefined}
      aria-describedby={describedBy}
      onChange={(event) => onChange(event.target.value)}
    />
  )
}

export function UserConfigFields({ idPrefix, fields, values, problems, disabled, onChange }: Props) {
  const secrets = useSecretHome()
  return (
    <div className="space-y-4">
      {fields.map((field) => {
        const id = `${idPrefix}-${field.key}`
        const value = values[field.key]
        const problem = problems[field.key]
        if (field.type === 'boolean') {
          return (
            <div key={field.key}>
              <label className="flex items-center gap-2 text-sm">
                <input id={id} type="checkbox" className="size-4 accent-indigo-600" checked={value === true} disabled={disabled} aria-describedby={messageId(id)} onChange={(event) => onChange(field.key, event.target.checked)} />
                {field.title}
              </label>
              <p id={messageId(id)} className="mt-1 text-xs text-zinc-500 dark:text-zinc-400">{hintOf(field, secrets) ?? ''}</p>
            </div>
          )
        }
        if (field.multiple) {
          const items = Array.isArray(value) ? value : []
          const rows = items.length === 0 ? [''] : items
          const set = (index: number, next: string) => onChange(field.key, rows.map((item, at) => (at === index ? next : item)))
          return (
            <FormField key={field.key} id={`${id}-0`} label={field.title} optional={!field.required} hint={hintOf(field, secrets)} problem={problem}>
              <div className="space-y-2">
                {rows.map((item, index) => (
                  <div key={index} className="flex items-center gap-2">
                    <div className="min-w-0 flex-1">
                      <SingleInput id={`${id}-${index}`} field={field} value={item} invalid={Boolean(problem)} describedBy={messageId(`${id}-0`)} disabled={disabled} label={`${field.title} ${index + 1}`} onChange={(next) => set(index, next)} />
                    </div>
                    {rows.length > 1 && (
                      <button type="button" className={iconButton} aria-label={`Remove ${field.title} ${index + 1}`} disabled={disabled} onClick={() => onChange(field.key, rows.filter((_, at) => at !== index))}>
                        <CloseIcon className="size-3.5" />
                      </button>
                    )}
                  </div>
                ))}
                <button type="button" className={`${quietButton} -ml-2.5`} disabled={disabled} onClick={() => onChange(field.key, [...rows, ''])}>
                  <PlusIcon className="size-3.5" />
                  Add another
                </button>
              </div>
            </FormField>
          )
        }
        return (
          <FormField key={field.key} id={id} label={field.title} optional={!field.required} hint={hintOf(field, secrets)} problem={problem}>
            <SingleInput id={id} field={field} value={typeof value === 'string' ? value : ''} invalid={Boolean(problem)} describedBy={messageId(id)} disabled={disabled} onChange={(next) => onChange(field.key, next)} />
          </FormField>
        )
      })}
    </div>
  )
}
