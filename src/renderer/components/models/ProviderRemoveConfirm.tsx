/** The confirm step before a provider is removed; Escape or Cancel keeps it. */
import { InlineConfirm } from '../InlineConfirm'

interface Props {
  name: string
  busy: boolean
  onConfirm: () => void
  onCancel: () => void
}

export function ProviderRemoveConfirm({ name, busy, onConfirm, onCancel }: Props) {
  return (
    <InlineConfirm label={`Remove ${name}?`} confirm="Remove" busyText="Removing…" busy={busy} onConfirm={onConfirm} onCancel={onCancel}>
      <p>
        Remove <span className="font-medium break-words">{name}</span>? Its models leave the picker. Its key stays under Settings → Secrets until you remove it there.
      </p>
    </InlineConfirm>
  )
}
