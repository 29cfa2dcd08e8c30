/**
 * Environment variables or headers as rows: name, value, and "Secret" — a secret's value goes into a
 * password field and, on save, to the keychain; the config only refers to it by name.
 */
import { useId, useRef, type ChangeEvent } from 'react'
import { LockIcon, PlusIcon, TrashIcon } from '../../icons'
import { SecretValueInput } from '../../settings/SecretValueInput'
import { iconButton, quietButton, textInput } from '../../ui'
import type { FieldKey, RowKind, RowProblem, ValueRow } from './extensionForm'
import { useSecretHome } from '../../../hooks/useSecretHome'

interface Props {
  kind: RowKind
  rows: readonly ValueRow[]
  onChange: (rows: ValueRow[]) => void
  problems: Record<string, RowProblem>
  hostProblems: Partial<Record<FieldKey, string>>
  disabled: boolean
}

let nextKey = 1

export function ValueRows({ kind, rows, onChange, problems, hostProblems, disabled }: Props) {
  const secrets = useSecretHome()
  const id = useId()
  const noun = kind === 'env' ? 'Variable' : 'Header'
  const addButton = useRef<HTMLButtonElement>(null)
  const update = (key: number, patch: Partial<ValueRow>) => onChange(rows.map((row) => (row.key === key ? { ...row, ...patch } : row)))
  const add = () => {
    const key = nextKey++
    onChange([...rows, { key, name: '', value: '', secret: false }])
    // The new row's name field takes the focus once it exists.
    requestAnimationFrame(() => document.getElementById(`${id}-${key}-name`)?.focus())
  }
  const remove = (key: number) => {
    onChange(rows.filter((row) => row.key !== key))
    addButton.current?.focus()
  }

  return (
    <div>
      {rows.length > 0 && (
        <div aria-hidden="true" className="mb-1 grid grid-cols-[minmax(0,1fr)_minmax(0,1.4fr)_auto_auto] gap-2 text-[11px] font-medium text-zinc-500 dark:text-zinc-400">
          <span>Name</span>
          <span>Value</span>
          <span className="w-[4.5rem]" />
          <span className="w-7" />
        </div>
      )}
      <ul className="space-y-2">
        {rows.map((row, index) => {
          const field: FieldKey = `${kind}:${row.key}`
          const problem = problems[field]
          const nameProblem = problem?.name ?? (problem?.value ? undefined : hostProblems[field])
          const rowId = `${id}-${row.key}`
          const label = `${noun} ${index + 1}`
          const valueProps = {
            id: `${rowId}-value`,
            value: row.value,
            disabled,
            'aria-label': `${label} value`,
            'aria-invalid': problem?.value ? true : undefined,
            'aria-describedby': `${rowId}-message`,
            onChange: (event: ChangeEvent<HTMLInputElement>) => update(row.key, { value: event.target.value }),
          }
          return (
            <li key={row.key}>
              <div className="grid grid-cols-[minmax(0,1fr)_minmax(0,1.4fr)_auto_auto] items-center gap-2">
                <input
                  id={`${rowId}-name`}
                  value={row.name}
                  disabled={disabled}
                  aria-label={`${label} name`}
                  aria-invalid={nameProblem ? true : undefined}
                  aria-describedby={`${rowId}-message`}
                  placeholder={kind === 'env' ? 'API_TOKEN' : 'Authorization'}
                  autoComplete="off"
                  spellCheck={false}
                  autoCapitalize="off"
                  onChange={(event) => update(row.key, { name: event.target.value })}
                  className={`${textInput} font-mono placeholder:font-sans`}
                />
                {row.secret ? (
                  <SecretValueInput {...valueProps} placeholder={secrets.placeholder} />
                ) : (
                  <input
                    {...valueProps}
                    autoComplete="off"
                    spellCheck={false}
                    autoCapitalize="off"
                    placeholder={kind === 'header' ? 'Bearer …' : 'value'}
                    className={`${textInput} font-mono placeholder:font-sans`}
                  />
                )}
                <label className="inline-flex w-[4.5rem] cursor-pointer items-center gap-1.5 text-xs text-zinc-700 select-none dark:text-zinc-300">
                  <input
                    type="checkbox"
                    checked={row.secret}
                    disabled={disabled}
                    aria-label={`${label} is a secret`}
                    onChange={(event) => update(row.key, { secret: event.target.checked })}
                    className="size-3.5 accent-indigo-600"
                  />
                  <LockIcon className={`size-3 ${row.secret ? 'text-indigo-600 dark:text-indigo-300' : 'text-zinc-400'}`} />
                  Secret
                </label>
                <button type="button" className={iconButton} aria-label={`Remove ${label.toLowerCase()}`} disabled={disabled} onClick={() => remove(row.key)}>
                  <TrashIcon className="size-3.5" />
                </button>
              </div>
              <p id={`${rowId}-message`} aria-live="polite" className="mt-1 text-xs text-red-700 empty:mt-0 dark:text-red-400">
                {nameProblem ?? problem?.value ?? ''}
              </p>
            </li>
          )
        })}
      </ul>
      <button ref={addButton} type="button" className={`${quietButton} mt-1 -ml-2.5`} disabled={disabled} onClick={add}>
        <PlusIcon className="size-3.5" />
        {kind === 'env' ? 'Add variable' : 'Add header'}
      </button>
    </div>
  )
}
