/** Inline title editor: Enter (or leaving the field) saves, Escape cancels. */
import { useRef, useState } from 'react'

interface Props {
  title: string
  onSave: (title: string) => void
  onCancel: () => void
}

export function SessionRenameForm({ title, onSave, onCancel }: Props) {
  const [value, setValue] = useState(title)
  // Enter/Escape unmount the field, which may also fire blur; only the first ending counts.
  const ended = useRef(false)
  const end = (save: boolean) => {
    if (ended.current) return
    ended.current = true
    const next = value.trim()
    if (save && next && next !== title) onSave(next)
    else onCancel()
  }
  return (
    <input
      aria-label="Session title"
      className="h-8 w-full rounded-md border border-indigo-500 bg-white px-2 text-sm text-zinc-900 shadow-sm outline-none ring-2 ring-indigo-500/25 dark:bg-zinc-900 dark:text-zinc-100"
      value={value}
      maxLength={200}
      autoFocus
      onFocus={(event) => event.currentTarget.select()}
      onChange={(event) => setValue(event.target.value)}
      onBlur={() => end(true)}
      onKeyDown={(event) => {
        if (event.key === 'Enter') {
          event.preventDefault()
          end(true)
        } else if (event.key === 'Escape') {
          event.preventDefault()
          end(false)
        }
      }}
    />
  )
}
