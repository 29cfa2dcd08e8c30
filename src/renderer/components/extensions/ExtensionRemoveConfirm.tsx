/** The confirm step before an extension is removed; Escape or Cancel keeps it. */
import { InlineConfirm } from '../InlineConfirm'

interface Props {
  name: string
  busy: boolean
  onConfirm: () => void
  onCancel: () => void
}

export function ExtensionRemoveConfirm({ name, busy, onConfirm, onCancel }: Props) {
  return (
    <InlineConfirm label={`Remove ${name}?`} confirm="Remove" busyText="Removing…" busy={busy} onConfirm={onConfirm} onCancel={onCancel}>
      <p>
        Remove <span className="font-medium break-words">{name}</span>? It is stopped, its configuration is deleted and its tools leave the
        catalog. Secrets it uses stay under Settings → Secrets.
      </p>
    </InlineConfirm>
  )
}
