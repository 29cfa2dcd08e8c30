/**
 * Adds (or, for a name already set, replaces) a secret: a name checked as it is typed, and a password
 * field that is cleared once the host has stored the value.
 */
import { useEffect, useId, useRef, useState, type FormEvent } from 'react'
import { useHostAction } from '../../hooks/useHostAction'
import { useSecretHome } from '../../hooks/useSecretHome'
import { CheckIcon, PlusIcon } from '../icons'
import { primaryButton, textInput } from '../ui'
import { SecretValueInput } from './SecretValueInput'
import { secretNameProblem, secretValueProblem } from './secretText'

interface Props {
  /** Names already set, so that the form can say it will replace one. */
  setNames: ReadonlySet<string>
}

const schemes = [
  { pattern: 'provider:anthropic', meaning: 'a model provider’s API key' },
  { pattern: 'extension:<id>:env:<VARIABLE>', meaning: 'an environment variable of an extension' },
  { pattern: 'extension:<id>:header:<Header>', meaning: 'an HTTP header an extension sends' },
]

export function AddSecretForm({ setNames }: Props) {
  const id = useId()
  const act = useHostAction()
  const secrets = useSecretHome()
  const [name, setName] = useState('')
  const [value, setValue] = useState('')
  const [submitted, setSubmitted] = useState(false)
  const [busy, setBusy] = useState(false)
  const [saved, setSaved] = useState<string | null>(null)
  const nameInput = useRef<HTMLInputElement>(null)

  useEffect(() => {
    if (!saved) return
    const timer = setTimeout(() => setSaved(null), 5000)
    return () => clearTimeout(timer)
  }, [saved])

  const key = name.trim()
  // An empty name is only a problem once the person tries to save; a bad character is one at once.
  const nameProblem = key.length > 0 || submitted ? secretNameProblem(key) : undefined
  const valueProblem = secretValueProblem(value, { submitted })
  const replacing = !nameProblem && setNames.has(key)
  const storedWhere = `The value is kept ${secrets.where}; it is never shown here again.`

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    setSubmitted(true)
    if (busy) return
    if (secretNameProblem(key)) {
      nameInput.current?.focus()
      return
    }
    if (secretValueProblem(value, { submitted: true })) return
    setBusy(true)
    const stored = await act('secret_set', { key, value })
    setBusy(false)
    if (!stored) return
    setName('')
    setValue('')
    setSubmitted(false)
    setSaved(stored.key)
    nameInput.current?.focus()
  }

  const messageClass = 'mt-1.5 text-xs empty:mt-0'
  return (
    <form
      noValidate
      aria-labelledby={`${id}-heading`}
      onSubmit={(event) => void submit(event)}
      className="space-y-4 rounded-lg border border-zinc-200 bg-zinc-50/70 p-5 dark:border-zinc-800 dark:bg-zinc-950/40"
    >
      <div>
        <h3 id={`${id}-heading`} className="text-sm font-semibold">
          Add a secret
        </h3>
        <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">{storedWhere}</p>
      </div>
      <div className="grid items-start gap-4 sm:grid-cols-2">
        <div className="min-w-0">
          <label htmlFor={`${id}-name`} className="block text-xs font-medium text-zinc-700 dark:text-zinc-300">
            Name
          </label>
          <input
            ref={nameInput}
            id={`${id}-name`}
            value={name}
            disabled={busy}
            placeholder="provider:anthropic"
            autoComplete="off"
            spellCheck={false}
            autoCapitalize="off"
            aria-invalid={nameProblem ? true : undefined}
            aria-describedby={`${id}-name-message ${id}-examples`}
            onChange={(event) => {
              setName(event.target.value)
              setSaved(null)
            }}
            className={`${textInput} mt-1.5 font-mono placeholder:font-sans`}
          />
          <p
            id={`${id}-name-message`}
            aria-live="polite"
            className={`${messageClass} ${nameProblem ? 'text-red-700 dark:text-red-400' : 'text-amber-700 dark:text-amber-400'}`}
          >
            {nameProblem ?? (replacing ? 'This name is already set; saving replaces its value.' : '')}
          </p>
        </div>
        <div className="min-w-0">
          <label htmlFor={`${id}-value`} className="block text-xs font-medium text-zinc-700 dark:text-zinc-300">
            Value
          </label>
          <SecretValueInput
            id={`${id}-value`}
            value={value}
            disabled={busy}
            placeholder="Paste the key or token"
            aria-invalid={valueProblem ? true : undefined}
            aria-describedby={`${id}-value-message`}
            onChange={(event) => {
              setValue(event.target.value)
              setSaved(null)
            }}
            className="mt-1.5"
          />
          <p id={`${id}-value-message`} aria-live="polite" className={`${messageClass} text-red-700 dark:text-red-400`}>
            {valueProblem ?? ''}
          </p>
        </div>
      </div>
      <div id={`${id}-examples`} className="text-xs text-zinc-500 dark:text-zinc-400">
        <p>Name a secret after where it is used (letters, digits and . _ - : / @):</p>
        <ul className="mt-1.5 space-y-1">
          {schemes.map(({ pattern, meaning }) => (
            <li key={pattern} className="flex flex-wrap gap-x-2">
              <code className="font-mono text-zinc-700 dark:text-zinc-300">{pattern}</code>
              <span>{meaning}</span>
            </li>
          ))}
        </ul>
      </div>
      <div className="flex items-center gap-3">
        <button type="submit" className={primaryButton} disabled={busy}>
          {!replacing && <PlusIcon className="size-3.5" />}
          {busy ? 'Saving…' : replacing ? 'Replace secret' : 'Set secret'}
        </button>
        <p role="status" className="flex items-center gap-1.5 text-sm text-emerald-700 dark:text-emerald-400">
          {saved && (
            <>
              <CheckIcon className="size-4" />
              <span>
                <code className="font-mono">{saved}</code> is set.
              </span>
            </>
          )}
        </p>
      </div>
    </form>
  )
}
