/**
 * The arguments of a chosen slash command, over the composer: one field per argument with
 * completion/complete suggestions (the other values go along as context). Insert gets the prompt
 * and puts it in the composer; Escape or Cancel goes back to typing. A failure is shown here and
 * nothing typed is lost.
 */
import { useCallback, useId, useState, type FormEvent, type KeyboardEvent } from 'react'
import type { PromptEntry } from '../../../shared/hostApi'
import { useHostClient } from '../../mcp/hostContext'
import { ArgumentInput, otherValues, type ArgumentCompleter } from '../resources/ArgumentInput'
import { AlertIcon } from '../icons'
import { primaryButton, quietButton } from '../ui'

interface Props {
  prompt: PromptEntry
  busy: boolean
  error: string | null
  onInsert: (values: Record<string, string>) => void
  onCancel: () => void
}

export function PromptForm({ prompt, busy, error, onInsert, onCancel }: Props) {
  const id = useId()
  const client = useHostClient()
  const [values, setValues] = useState<Record<string, string>>({})
  const missing = prompt.arguments.filter((arg) => arg.required && !(values[arg.name] ?? '').trim())

  const completer: ArgumentCompleter = useCallback(
    (argument, value) => client.call('prompt_complete', { name: prompt.name, argument, value, context: otherValues(values, argument) }),
    [client, prompt.name, values],
  )
  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (missing.length === 0 && !busy) onInsert(Object.fromEntries(Object.entries(values).filter(([, v]) => v !== '')))
  }
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape') return
    event.preventDefault()
    onCancel()
  }

  return (
    <form
      aria-label={`Arguments of /${prompt.name}`}
      onSubmit={submit}
      onKeyDown={onKeyDown}
      className="absolute inset-x-0 bottom-full z-30 mb-2 space-y-3 rounded-xl border border-zinc-200 bg-white p-3 shadow-lg dark:border-zinc-700 dark:bg-zinc-900"
    >
      <div>
        <p className="font-mono text-[13px] font-medium text-indigo-700 dark:text-indigo-300">/{prompt.name}</p>
        {prompt.description && <p className="text-xs text-zinc-500 dark:text-zinc-400">{prompt.description}</p>}
      </div>
      <div className="grid gap-3 sm:grid-cols-2">
        {prompt.arguments.map((arg, index) => (
          <ArgumentInput
            key={arg.name}
            id={`${id}-${index}`}
            name={arg.name}
            description={arg.description}
            required={arg.required === true}
            autoFocus={index === 0}
            value={values[arg.name] ?? ''}
            completer={completer}
            onChange={(value) => setValues((old) => ({ ...old, [arg.name]: value }))}
          />
        ))}
      </div>
      {error && (
        <p role="alert" className="flex items-start gap-1.5 text-xs text-red-700 dark:text-red-300">
          <AlertIcon className="mt-0.5 size-3.5" />
          {error}
        </p>
      )}
      <div className="flex items-center justify-end gap-2">
        {missing.length > 0 && <span className="mr-auto text-xs text-zinc-500 dark:text-zinc-400">Fill in {missing.map((arg) => arg.name).join(', ')}.</span>}
        <button type="button" className={quietButton} onClick={onCancel}>
          Cancel
        </button>
        <button type="submit" className={`${primaryButton} rounded-lg`} disabled={missing.length > 0 || busy} aria-busy={busy}>
          {busy ? 'Getting the prompt…' : 'Insert'}
        </button>
      </div>
    </form>
  )
}
