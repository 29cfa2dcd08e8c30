/**
 * One generated form field for a declared registry input: secrets as password fields (they go to
 * the keychain), choices and booleans as selects, file paths as text with a "Choose…" button where
 * the app can open a file dialog, fixed values read-only.
 */
import { useState } from 'react'
import type { RegistryField } from '../../../../../shared/hostApi'
import { useHostClient } from '../../../../mcp/hostContext'
import { FormField, messageId } from '../../add/FormField'
import { smallSecondaryButton, textInput } from '../../../ui'
import { useSecretHome, type SecretHome } from '../../../../hooks/useSecretHome'

interface Props {
  id: string
  field: RegistryField
  value: string
  problem?: string
  disabled: boolean
  onChange: (value: string) => void
}

function hintOf(field: RegistryField, secrets: SecretHome): string | undefined {
  const description = field.description?.trim()
  // Registry descriptions often lack a final full stop; the keychain note follows as its own sentence.
  const parts = [description && !/[.!?]$/.test(description) ? `${description}.` : description]
  if (field.kind === 'secret') parts.push(secrets.warning ?? `Stored ${secrets.where}, never in a config file.`)
  if (field.fixed !== undefined) parts.push('Set by the server’s author.')
  const text = parts.filter(Boolean).join(' ')
  return text || undefined
}

export function RegistryFieldInput({ id, field, value, problem, disabled, onChange }: Props) {
  const secrets = useSecretHome()
  const client = useHostClient()
  const [canPick, setCanPick] = useState(true)
  const common = {
    id,
    disabled: disabled || field.fixed !== undefined,
    'aria-invalid': problem ? true : undefined,
    'aria-describedby': messageId(id),
    'aria-required': field.required || undefined,
  }

  const pick = async () => {
    const picked = await client.call('pick_path', { kind: 'file', title: field.label }).catch(() => ({ unavailable: true as const }))
    if ('path' in picked && picked.path !== undefined) onChange(picked.path)
    else if ('unavailable' in picked) setCanPick(false)
  }

  const control = () => {
    if (field.fixed !== undefined) return <input {...common} className={textInput} value={field.fixed} readOnly />
    if (field.kind === 'select' || field.kind === 'boolean') {
      const options = field.kind === 'boolean' ? ['true', 'false'] : (field.choices ?? [])
      return (
        <select {...common} className={textInput} value={value} onChange={(event) => onChange(event.target.value)}>
          {!field.required && <option value="">Not set{field.default !== undefined ? ` (default: ${field.default})` : ''}</option>}
          {field.required && value === '' && <option value="">Choose…</option>}
          {options.map((option) => (
            <option key={option} value={option}>
              {option}
            </option>
          ))}
        </select>
      )
    }
    const input = (
      <input
        {...common}
        className={textInput}
        type={field.kind === 'secret' ? 'password' : 'text'}
        inputMode={field.kind === 'number' ? 'decimal' : undefined}
        autoComplete="off"
        spellCheck={false}
        placeholder={field.placeholder ?? (field.default !== undefined ? `Default: ${field.default}` : undefined)}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
    )
    if (field.kind !== 'path' || !canPick) return input
    return (
      <div className="flex gap-2">
        {input}
        <button type="button" className={smallSecondaryButton} onClick={() => void pick()} disabled={common.disabled}>
          Choose…
        </button>
      </div>
    )
  }

  return (
    <FormField id={id} label={field.label} optional={!field.required && field.fixed === undefined} hint={hintOf(field, secrets)} problem={problem}>
      {control()}
    </FormField>
  )
}
