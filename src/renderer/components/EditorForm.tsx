import type { ReactNode } from 'react'

/**
 * The form shell the settings editors share (an agent, a routine): Enter in a field submits, Escape
 * cancels, and the two-column card they are drawn in.
 */
export function EditorForm({ label, onSubmit, onCancel, children }: { label: string; onSubmit: () => void; onCancel: () => void; children: ReactNode }) {
  return (
    <form
      aria-label={label}
      onSubmit={(submitted) => {
        submitted.preventDefault()
        onSubmit()
      }}
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          event.preventDefault()
          onCancel()
        }
      }}
      className="mt-3 grid gap-3 rounded-lg border border-zinc-200 p-4 sm:grid-cols-2 dark:border-zinc-700"
    >
      {children}
    </form>
  )
}
