/** Shown until the first sessions and settings arrive from the host. */
import { useHostClient } from '../mcp/hostContext'
import { useConnectionStore } from '../stores/connectionStore'
import { AppMark } from './AppMark'
import { reconnectHint } from './ConnectionBanner'
import { ErrorBanner } from './ErrorBanner'
import { secondaryButton } from './ui'

export function StartupScreen() {
  const client = useHostClient()
  const state = useConnectionStore((store) => store.state)
  const endpoint = useConnectionStore((store) => store.endpoint)
  const lost = state.status === 'lost'
  return (
    <main className="flex h-full flex-col">
      <ErrorBanner />
      <div className="flex flex-1 flex-col items-center justify-center gap-4 p-8 text-center">
        <AppMark size="size-10" />
        <div role="status">
          <h1 className="text-base font-semibold">{lost ? 'Cannot reach the Switchboard host' : 'Connecting to Switchboard…'}</h1>
          {lost && (
            <p className="mt-2 max-w-md text-sm text-zinc-600 dark:text-zinc-400">
              {state.error} Retrying automatically. {reconnectHint(endpoint)}
            </p>
          )}
        </div>
        {lost && (
          <button type="button" className={secondaryButton} onClick={() => client.retryNow()}>
            Retry now
          </button>
        )}
      </div>
    </main>
  )
}
