/** Replaces a secret's value: an empty password field (values never come back), Enter saves, Escape cancels. */
import { useId, useState, type FormEvent } from 'react'
import { primaryButton, quietButton } from '../ui'
import { SecretValueInput } from './SecretValueInput'
import { secretValueProblem } from './secretText'

interface Props {
  /** What the secret is, in words, for the form's name. */
  title: string
  /** Resolves true once the host has stored the new value. */
  onReplace: (value: string) => Promise<boolean>
  onCancel: () => void
}

export function SecretReplaceForm({ title, onReplace, onCancel }: Props) {
  const id = useId()
  const [value, setValue] = useState('')
  const [busy, setBusy] = useState(false)
  const [submitted, setSubmitted] = useState(false)
  const problem = secretValueProblem(value, { submitted })

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    setSubmitted(true)
    if (busy || secretValueProblem(value, { submitted: true })) return
    setBusy(true)
    const replaced = await onReplace(value)
    setBusy(false)
    // On success the owner closes this form; the typed value does not linger either way it goes.
    if (replaced) setValue('')
  }

  return (
    <form
      noValidate
      aria-label={`Replace ${title}`}
      onSubmit={(event) => void submit(event)}
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          event.preventDefault()
          onCancel()
        }
      }}
      className="mt-3"
    >
      <label htmlFor={`${id}-value`} className="block text-xs font-medium text-zinc-700 dark:text-zinc-300">
        New value
      </label>
      <div className="mt-1.5 flex gap-2">
        <SecretValueInput
          id={`${id}-value`}
          autoFocus
          value={value}
          disabled={busy}
          placeholder="Paste the new value"
          aria-invalid={problem ? true : undefined}
          aria-describedby={`${id}-hint`}
          onChange={(event) => setValue(event.target.value)}
        />
        <button type="submit" className={`${primaryButton} shrink-0`} disabled={busy}>
          {busy ? 'Replacing…' : 'Replace'}
        </button>
        <button type="button" className={`${quietButton} h-8 shrink-0`} onClick={onCancel} disabled={busy}>
          Cancel
        </button>
      </div>
      <p id={`${id}-hint`} className={`mt-1.5 text-xs ${problem ? 'text-red-700 dark:text-red-400' : 'text-zinc-500 dark:text-zinc-400'}`}>
        {problem ?? 'The current value stays in use until you replace it. Stored values are never shown.'}
      </p>
    </form>
  )
}
