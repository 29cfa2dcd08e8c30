/**
 * A text field that offers completion/complete suggestions as a listbox under it: ↑/↓ move, Enter
 * or Tab takes the highlighted one, Escape closes the list (a second Escape reaches the form).
 * Any value can be typed; suggestions only help.
 */
import { useState, type KeyboardEvent } from 'react'
import type { Completion } from '../../../shared/hostApi'
import { textInput } from '../ui'
import { useCompletions } from './useCompletions'

interface Props {
  id: string
  label: string
  value: string
  onChange: (value: string) => void
  /** Null when the server offers no completions. */
  complete: ((value: string) => Promise<Completion>) | null
  required?: boolean
  description?: string
  autoFocus?: boolean
}

export function CompletionInput({ id, label, value, onChange, complete, required = false, description, autoFocus = false }: Props) {
  const [focused, setFocused] = useState(false)
  const [dismissed, setDismissed] = useState(false)
  const [active, setActive] = useState(-1)
  const { values, loading } = useCompletions(complete, value, focused)
  const suggestions = values.filter((suggestion) => suggestion !== value)
  const open = focused && !dismissed && suggestions.length > 0
  const listId = `${id}-suggestions`
  const highlighted = open && active >= 0 && active < suggestions.length ? active : -1

  const pick = (suggestion: string) => {
    onChange(suggestion)
    setActive(-1)
  }
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      if (suggestions.length === 0) return
      event.preventDefault()
      setDismissed(false)
      const step = event.key === 'ArrowDown' ? 1 : -1
      setActive((current) => (current + step + suggestions.length) % suggestions.length)
    } else if ((event.key === 'Enter' || event.key === 'Tab') && highlighted >= 0) {
      if (event.key === 'Enter') event.preventDefault()
      pick(suggestions[highlighted]!)
    } else if (event.key === 'Escape' && open) {
      event.preventDefault()
      event.stopPropagation()
      setDismissed(true)
    }
  }

  return (
    <div className="relative">
      <label htmlFor={id} className="mb-1 block text-xs font-medium text-zinc-700 dark:text-zinc-300">
        {label}
        {required && <span className="text-red-600 dark:text-red-400"> *</span>}
      </label>
      <input
        id={id}
        type="text"
        role="combobox"
        autoComplete="off"
        // Opening a form to fill it in: its first field is where typing goes.
        autoFocus={autoFocus}
        aria-required={required}
        aria-expanded={open}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-busy={loading}
        aria-activedescendant={highlighted >= 0 ? `${listId}-${highlighted}` : undefined}
        aria-describedby={description ? `${id}-hint` : undefined}
        value={value}
        onChange={(event) => {
          onChange(event.target.value)
          setDismissed(false)
          setActive(-1)
        }}
        onKeyDown={onKeyDown}
        onFocus={() => setFocused(true)}
        onBlur={() => {
          setFocused(false)
          setActive(-1)
        }}
        className={textInput}
      />
      {/* Placed over the field, so that it appearing never moves what is below it. */}
      {loading && (
        <span aria-hidden="true" className="pointer-events-none absolute top-7 right-2.5 text-xs text-zinc-400">
          …
        </span>
      )}
      {description && (
        <p id={`${id}-hint`} className="mt-0.5 text-xs text-zinc-500 dark:text-zinc-400">
          {description}
        </p>
      )}
      <ul
        id={listId}
        role="listbox"
        aria-label={`Suggestions for ${label}`}
        hidden={!open}
        className="absolute inset-x-0 top-full z-20 mt-1 max-h-48 overflow-auto rounded-md border border-zinc-200 bg-white py-1 shadow-lg dark:border-zinc-700 dark:bg-zinc-900"
      >
        {open &&
          suggestions.map((suggestion, index) => (
            <li
              key={suggestion}
              id={`${listId}-${index}`}
              role="option"
              aria-selected={index === highlighted}
              // mousedown, not click: the field keeps the focus, so the list does not close first.
              onMouseDown={(event) => {
                event.preventDefault()
                pick(suggestion)
              }}
              className={
                'cursor-pointer px-2.5 py-1 text-sm ' +
                (index === highlighted ? 'bg-indigo-600 text-white dark:bg-indigo-500' : 'text-zinc-800 hover:bg-zinc-100 dark:text-zinc-200 dark:hover:bg-zinc-800')
              }
            >
              {suggestion}
            </li>
          ))}
      </ul>
    </div>
  )
}
