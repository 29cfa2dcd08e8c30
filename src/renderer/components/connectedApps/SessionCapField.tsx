/**
 * An app's session cap on its row: how many sessions it may have open at once. Typed as text and
 * saved when the field is left or Enter is pressed; main checks the value again (MaxSessionsSchema).
 * The row keys it by the saved value, so a change from elsewhere (the host API) starts a new draft.
 */
import { useId, useState } from 'react'
import { MaxSessionsSchema } from '../../../shared/hostApi'
import { textInput } from '../ui'

interface Props {
  appName: string
  value: number
  disabled: boolean
  onSave: (maxSessions: number) => void
}

/** What is wrong with a typed cap, or undefined. */
export function sessionCapProblem(text: string): string | undefined {
  if (!/^\s*\d+\s*$/.test(text)) return 'Type a whole number of sessions.'
  const checked = MaxSessionsSchema.safeParse(Number(text))
  return checked.success ? undefined : checked.error.issues[0]?.message
}

export function SessionCapField({ appName, value, disabled, onSave }: Props) {
  const id = useId()
  const [draft, setDraft] = useState(String(value))
  const problem = sessionCapProblem(draft)
  const save = () => {
    if (!problem && Number(draft) !== value) onSave(Number(draft))
  }
  return (
    <div className="mt-3 text-sm">
      <label className="flex items-center gap-2">
        At most
        <span className="w-16 shrink-0">
          <input
            aria-label={`Most open sessions of ${appName}`}
            inputMode="numeric"
            value={draft}
            disabled={disabled}
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? `${id}-problem` : undefined}
            onChange={(event) => setDraft(event.target.value)}
            onBlur={save}
            onKeyDown={(event) => {
              if (event.key === 'Enter') save()
            }}
            className={textInput}
          />
        </span>
        open sessions at once; a new one past that closes its oldest idle session.
      </label>
      {problem && (
        <p id={`${id}-problem`} className="mt-1 text-xs text-red-700 dark:text-red-400">
          {problem}
        </p>
      )}
    </div>
  )
}
