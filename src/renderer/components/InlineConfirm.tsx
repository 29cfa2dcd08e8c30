/** A confirm step in place (remove a rule, forget a pin, revoke all); Escape or Cancel keeps things as they are. */
import type { ReactNode } from 'react'
import { dangerButton, quietButton } from './ui'

interface Props {
  /** Accessible name of the group, e.g. "Remove rule-1a2b?". */
  label: string
  children: ReactNode
  confirm: string
  busyText: string
  busy: boolean
  onConfirm: () => void
  onCancel: () => void
}

export function InlineConfirm({ label, children, confirm, busyText, busy, onConfirm, onCancel }: Props) {
  return (
    <div
      role="group"
      aria-label={label}
      className="mt-3 rounded-md border border-red-200 bg-red-50 p-3 dark:border-red-900/60 dark:bg-red-950/40"
      onKeyDown={(event) => {
        if (event.key === 'Escape' && !busy) {
          event.preventDefault()
          onCancel()
        }
      }}
    >
      <div className="text-sm text-red-900 dark:text-red-200">{children}</div>
      <div className="mt-2.5 flex justify-end gap-1.5">
        {/* Cancel takes focus, so that a stray Enter never confirms. */}
        <button type="button" className={quietButton} onClick={onCancel} disabled={busy} autoFocus>
          Cancel
        </button>
        <button type="button" className={dangerButton} onClick={onConfirm} disabled={busy}>
          {busy ? busyText : confirm}
        </button>
      </div>
    </div>
  )
}
