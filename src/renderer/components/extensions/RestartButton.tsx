/** Restarts a running extension; spins while it restarts. */
import { RefreshIcon } from '../icons'
import { quietButton } from '../ui'
import type { ExtensionControls } from './useExtensionControls'

interface Props {
  controls: ExtensionControls
  /** For a row among others: which extension it restarts. */
  label?: string
  /** Another action on the extension is under way. */
  busy?: boolean
}

export function RestartButton({ controls, label, busy = false }: Props) {
  return (
    <button
      type="button"
      className={quietButton}
      aria-label={label}
      title={controls.enabled ? 'Stop and start it again' : 'Turn it on first'}
      disabled={!controls.enabled || controls.restarting || busy}
      onClick={() => void controls.restart()}
    >
      <RefreshIcon className={`size-3.5 ${controls.restarting ? 'animate-spin' : ''}`} />
      Restart
    </button>
  )
}
