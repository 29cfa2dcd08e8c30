/** VS Code `inputs` the chosen servers use: each asked for once, its answer stored in the keychain. */
import { useId } from 'react'
import { textInput } from '../../../ui'
import type { InputToAsk } from './importModel'
import { useSecretHome } from '../../../../hooks/useSecretHome'

interface Props {
  inputs: readonly InputToAsk[]
  values: Record<string, string>
  onChange: (values: Record<string, string>) => void
  disabled: boolean
}

export function InputFields({ inputs, values, onChange, disabled }: Props) {
  const secrets = useSecretHome()
  const id = useId()
  if (inputs.length === 0) return null
  return (
    <fieldset className="space-y-3 rounded-lg border border-zinc-200 p-4 dark:border-zinc-800">
      <legend className="px-1 text-sm font-semibold">Values the config asks for</legend>
      <p className="text-xs text-zinc-600 dark:text-zinc-400">
        VS Code asks for these when a server starts; Switchboard asks once and keeps each answer {secrets.where}.{secrets.warning ? ` ${secrets.warning}` : ''} Leave one empty to set it later: the servers that use it wait for it.
      </p>
      {inputs.map((input) => (
        <div key={input.inputId}>
          <label htmlFor={`${id}-${input.inputId}`} className="block text-xs font-medium text-zinc-700 dark:text-zinc-300">
            {input.description ?? input.inputId} <span className="font-mono font-normal text-zinc-500">(input:{input.inputId})</span>
          </label>
          <input
            id={`${id}-${input.inputId}`}
            type={input.password ? 'password' : 'text'}
            autoComplete="off"
            spellCheck={false}
            disabled={disabled}
            value={values[input.inputId] ?? ''}
            onChange={(event) => onChange({ ...values, [input.inputId]: event.target.value })}
            aria-describedby={`${id}-${input.inputId}-used`}
            className={`${textInput} mt-1.5`}
          />
          <p id={`${id}-${input.inputId}-used`} className="mt-1 text-xs text-zinc-500 dark:text-zinc-400">
            Used by {input.usedBy.join(', ')}.
          </p>
        </div>
      ))}
    </fieldset>
  )
}
