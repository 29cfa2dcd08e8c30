/** Says so when the connection to the host is lost, and offers to retry at once. */
import { useHostClient } from '../mcp/hostContext'
import { useConnectionStore, type EndpointKind } from '../stores/connectionStore'
import { quietButton } from './ui'

/** What the person can do when reconnecting does not help. */
export function reconnectHint(endpoint: EndpointKind): string {
  return endpoint === 'browser'
    ? 'If you restarted Switchboard, open the new address it printed; the old one stops working.'
    : 'If this does not clear, reload the window (Ctrl+R).'
}

export function ConnectionBanner() {
  const client = useHostClient()
  const state = useConnectionStore((store) => store.state)
  const endpoint = useConnectionStore((store) => store.endpoint)
  if (state.status === 'connected') return null
  const lost = state.status === 'lost'
  return (
    <div
      role="status"
      className="flex items-center gap-3 border-b border-amber-200 bg-amber-50 px-4 py-2 text-sm text-amber-900 dark:border-amber-900/60 dark:bg-amber-950/40 dark:text-amber-100"
    >
      <span aria-hidden="true" className={`size-2 shrink-0 rounded-full bg-amber-500 ${lost ? '' : 'animate-pulse'}`} />
      <div className="flex-1">
        <p className="font-medium">{lost ? `Connection lost. ${state.error}` : 'Reconnecting to the Switchboard host…'}</p>
        <p className="text-xs text-amber-800 dark:text-amber-200/80">
          {lost ? 'Retrying automatically. ' : ''}
          {reconnectHint(endpoint)}
        </p>
      </div>
      {lost && (
        <button type="button" className={quietButton} onClick={() => client.retryNow()}>
          Retry now
        </button>
      )}
    </div>
  )
}
