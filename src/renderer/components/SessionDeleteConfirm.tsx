/** The confirm step before a session is deleted; Escape or Cancel keeps it. */
import { dangerButton, quietButton } from './ui'

interface Props {
  title: string
  onConfirm: () => void
  onCancel: () => void
}

export function SessionDeleteConfirm({ title, onConfirm, onCancel }: Props) {
  return (
    <div
      role="group"
      aria-label={`Delete ${title}?`}
      className="rounded-md border border-red-200 bg-red-50 p-2 dark:border-red-900/60 dark:bg-red-950/40"
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          event.preventDefault()
          onCancel()
        }
      }}
    >
      <p className="mb-2 px-0.5 text-sm text-red-900 dark:text-red-200">
        Delete <span className="font-medium break-words">“{title}”</span>? This cannot be undone.
      </p>
      <div className="flex justify-end gap-1.5">
        {/* Cancel takes focus, so that a stray Enter never deletes. */}
        <button type="button" className={quietButton} onClick={onCancel} autoFocus>
          Cancel
        </button>
        <button type="button" className={dangerButton} onClick={onConfirm}>
          Delete
        </button>
      </div>
    </div>
  )
}
