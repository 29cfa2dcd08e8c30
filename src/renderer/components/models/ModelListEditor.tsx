/**
 * The models of a provider: each as a removable chip, and a field to type one in (Enter or Add).
 * Models the server listed can be added from "Test connection".
 */
import { useId, useState, type KeyboardEvent } from 'react'
import { CloseIcon, PlusIcon } from '../icons'
import { smallSecondaryButton, textInput } from '../ui'

interface Props {
  models: readonly string[]
  onChange: (models: string[]) => void
  disabled?: boolean
  /** Shown under the field. */
  hint?: string
  /** A model id of this provider, for the placeholder. */
  example?: string
}

export function ModelListEditor({ models, onChange, disabled = false, hint, example = 'gpt-4.1-mini' }: Props) {
  const id = useId()
  const [typed, setTyped] = useState('')
  const trimmed = typed.trim()
  const duplicate = trimmed !== '' && models.includes(trimmed)

  const add = () => {
    if (trimmed === '' || duplicate) return
    onChange([...models, trimmed])
    setTyped('')
  }
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return
    // Enter adds the model rather than submitting the whole form.
    event.preventDefault()
    add()
  }

  return (
    <fieldset disabled={disabled} className="min-w-0">
      <legend className="text-xs font-medium text-zinc-700 dark:text-zinc-300">Models</legend>
      {models.length > 0 ? (
        <ul aria-label="Models" className="mt-1.5 flex flex-wrap gap-1.5">
          {models.map((model) => (
            <li
              key={model}
              className="inline-flex max-w-full items-center gap-1 rounded-md border border-zinc-200 bg-zinc-50 py-0.5 pr-0.5 pl-2 font-mono text-xs dark:border-zinc-700 dark:bg-zinc-800"
            >
              <span className="truncate">{model}</span>
              <button
                type="button"
                aria-label={`Remove model ${model}`}
                onClick={() => onChange(models.filter((candidate) => candidate !== model))}
                className="inline-flex size-5 items-center justify-center rounded text-zinc-500 hover:bg-zinc-200 hover:text-zinc-900 dark:hover:bg-zinc-700 dark:hover:text-zinc-100"
              >
                <CloseIcon className="size-3" />
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-1 text-xs text-zinc-500 dark:text-zinc-400">No models yet.</p>
      )}
      <div className="mt-2 flex gap-2">
        <label htmlFor={`${id}-model`} className="sr-only">
          Model name
        </label>
        <input
          id={`${id}-model`}
          value={typed}
          placeholder={`Type a model name, e.g. ${example}`}
          autoComplete="off"
          spellCheck={false}
          aria-describedby={`${id}-hint`}
          aria-invalid={duplicate || undefined}
          onChange={(event) => setTyped(event.target.value)}
          onKeyDown={onKeyDown}
          className={`${textInput} font-mono placeholder:font-sans`}
        />
        <button type="button" className={`${smallSecondaryButton} h-8 shrink-0`} onClick={add} disabled={trimmed === '' || duplicate}>
          <PlusIcon className="size-3.5" />
          Add model
        </button>
      </div>
      <p id={`${id}-hint`} className={`mt-1.5 text-xs ${duplicate ? 'text-red-700 dark:text-red-400' : 'text-zinc-500 dark:text-zinc-400'}`}>
        {duplicate ? 'That model is in the list already.' : (hint ?? 'The models you want to choose from. "Test connection" lists what the server offers.')}
      </p>
    </fieldset>
  )
}
