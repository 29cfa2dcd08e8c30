/** The look of the permission tables and their empty states. */
import type { ReactNode } from 'react'

// Scrolls sideways when the window is narrower than its columns, rather than cutting them off.
export const tableClass = 'overflow-x-auto rounded-lg border border-zinc-200 bg-white shadow-xs dark:border-zinc-800 dark:bg-zinc-900'
export const thClass =
  'border-b border-zinc-200 bg-zinc-50 px-4 py-2 text-left text-xs font-medium text-zinc-500 dark:border-zinc-800 dark:bg-zinc-950/40 dark:text-zinc-400'
export const tdClass = 'px-4 py-2.5 align-middle'

export function EmptyNote({ children }: { children: ReactNode }) {
  return (
    <p className="rounded-lg border border-dashed border-zinc-300 px-4 py-5 text-center text-sm text-zinc-500 dark:border-zinc-700 dark:text-zinc-400">
      {children}
    </p>
  )
}
