/** The confirm step before a provider is removed; Escape or Cancel keeps it. */
import { dangerButton, quietButton } from '../ui'

interface Props {
  name: string
  busy: boolean
  onConfirm: () => void
  onCancel: () => void
}

export function ProviderRemoveConfirm({ name, busy, onConfirm, onCancel }: Props) {
  return (
    <div
      role="group"
      aria-label={`Remove ${name}?`}
      className="mt-3 rounded-md border border-red-200 bg-red-50 p-3 dark:border-red-900/60 dark:bg-red-950/40"
      onKeyDown={(event) => {
        if (event.key === 'Escape' && !busy) {
          event.preventDefault()
          onCancel()
        }
      }}
    >
      <p className="text-sm text-red-900 dark:text-red-200">
        Remove <span className="font-medium break-words">{name}</span>? Its models leave the picker. Its key stays under Settings → Secrets until you remove it there.
      </p>
      <div className="mt-2.5 flex justify-end gap-1.5">
        {/* Cancel takes focus, so that a stray Enter never removes. */}
        <button type="button" className={quietButton} onClick={onCancel} disabled={busy} autoFocus>
          Cancel
        </button>
        <button type="button" className={dangerButton} onClick={onConfirm} disabled={busy}>
          {busy ? 'Removing…' : 'Remove'}
        </button>
      </div>
    </div>
  )
}
