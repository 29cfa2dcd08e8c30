/**
 * Instructions (a system prompt) as the person writes them: a text area with Save, saying when the
 * text is saved and when it differs from what is saved. Used for the default instructions
 * (Settings → General) and a session's own (the chat header's Instructions).
 */
import { useId, useState } from 'react'
import { MAX_INSTRUCTIONS_LENGTH } from '../../../shared/hostApi'
import { primaryButton, quietButton, textInput } from '../ui'

interface Props {
  /** What is saved now ('' = none). */
  saved: string
  label: string
  placeholder: string
  /** Saves the text; resolves false when the host refused it (its message is shown by the caller's action). */
  onSave: (text: string) => Promise<boolean>
  /** For a session's own instructions: clearing goes back to the default ones. */
  clearLabel?: string
}

export function InstructionsEditor({ saved, label, placeholder, onSave, clearLabel }: Props) {
  const id = useId()
  const [text, setText] = useState(saved)
  const [busy, setBusy] = useState(false)
  const [justSaved, setJustSaved] = useState(false)
  const changed = text !== saved
  const tooLong = text.length > MAX_INSTRUCTIONS_LENGTH

  const save = async (next: string) => {
    setBusy(true)
    const ok = await onSave(next)
    setBusy(false)
    if (ok) {
      setText(next)
      setJustSaved(true)
    }
  }

  return (
    <div className="space-y-2">
      <label htmlFor={`${id}-text`} className="sr-only">
        {label}
      </label>
      <textarea
        id={`${id}-text`}
        value={text}
        rows={5}
        placeholder={placeholder}
        disabled={busy}
        aria-invalid={tooLong || undefined}
        aria-describedby={`${id}-state`}
        onChange={(event) => {
          setText(event.target.value)
          setJustSaved(false)
        }}
        className={`${textInput} h-auto min-h-24 resize-y py-2 leading-relaxed`}
      />
      <div className="flex flex-wrap items-center justify-end gap-2">
        <p id={`${id}-state`} role="status" className={`mr-auto text-xs ${tooLong ? 'text-red-700 dark:text-red-400' : 'text-zinc-500 dark:text-zinc-400'}`}>
          {tooLong
            ? `Too long: keep it under ${MAX_INSTRUCTIONS_LENGTH.toLocaleString()} characters.`
            : justSaved && !changed
              ? 'Saved. New messages use it.'
              : changed
                ? 'Not saved yet.'
                : ''}
        </p>
        {clearLabel && saved !== '' && (
          <button type="button" className={quietButton} disabled={busy} onClick={() => void save('')}>
            {clearLabel}
          </button>
        )}
        <button type="button" className={primaryButton} disabled={busy || !changed || tooLong} onClick={() => void save(text)}>
          {busy ? 'Saving…' : 'Save instructions'}
        </button>
      </div>
    </div>
  )
}
