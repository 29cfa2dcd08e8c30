/** The confirm step before a secret is removed; Escape or Cancel keeps it. */
import { InlineConfirm } from '../InlineConfirm'

interface Props {
  name: string
  title: string
  busy: boolean
  onConfirm: () => void
  onCancel: () => void
}

export function SecretRemoveConfirm({ name, title, busy, onConfirm, onCancel }: Props) {
  return (
    <InlineConfirm label={`Remove ${name}?`} confirm="Remove" busyText="Removing…" busy={busy} onConfirm={onConfirm} onCancel={onCancel}>
      <p>
        Remove <span className="font-medium">{title}</span>? Anything that uses it stops working until you set it again.
      </p>
    </InlineConfirm>
  )
}
