/**
 * A modal window over the chat for one resource: a native <dialog> (the rest of the window is inert
 * while it is open), closed with Escape or its Close button; focus goes back where it was.
 */
import type { ReactNode } from 'react'
import { useModalDialog } from '../../hooks/useModalDialog'
import { smallSecondaryButton } from '../ui'

export function ResourceDialog({ title, onClose, children }: { title: string; onClose: () => void; children: ReactNode }) {
  const dialog = useModalDialog()
  return (
    <dialog
      ref={dialog}
      aria-label={title}
      onClose={onClose}
      className="m-auto w-[min(48rem,calc(100vw-2rem))] rounded-xl border border-zinc-200 bg-white p-0 text-zinc-900 shadow-2xl backdrop:bg-zinc-950/40 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100"
    >
      <div className="flex items-center justify-between gap-3 border-b border-zinc-200 px-4 py-2.5 dark:border-zinc-700">
        <h3 className="min-w-0 truncate text-sm font-semibold">{title}</h3>
        <button type="button" className={smallSecondaryButton} onClick={onClose}>
          Close
        </button>
      </div>
      <div className="max-h-[70vh] overflow-auto p-4">{children}</div>
    </dialog>
  )
}
