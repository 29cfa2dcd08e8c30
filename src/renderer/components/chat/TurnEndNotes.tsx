/** How a reply ended when it did not simply finish: stopped by the person, cut off mid-stream, or an error with what to do about it. */
import { useViewStore } from '../../stores/viewStore'
import { AlertIcon, StopIcon } from '../icons'
import { smallSecondaryButton } from '../ui'

export function StoppedMarker() {
  return (
    <p data-testid="stopped-marker" className="mt-2 inline-flex items-center gap-1.5 text-xs font-medium text-zinc-500 dark:text-zinc-400">
      <StopIcon className="size-3" />
      Stopped
    </p>
  )
}

/** A reply that broke off mid-stream: what is shown is all that arrived (the error below says why). */
export function CutOffMarker() {
  return (
    <p data-testid="cut-off-marker" className="mt-2 inline-flex items-center gap-1.5 text-xs font-medium text-amber-700 dark:text-amber-400">
      <AlertIcon className="size-3" />
      Cut off: this reply did not finish
    </p>
  )
}

/** Errors that a key, an address or a model name fixes lead to Settings → Models & keys. */
const settingsHint = /\b(key|401|403|unauthori[sz]ed|forbidden|model not found|404|cannot reach|could not reach|connect|address|base url)\b/i

interface Props {
  error: string
  /** Sends the last message again; absent when there is nothing to resend. */
  onRetry?: () => void
}

export function TurnError({ error, onRetry }: Props) {
  const showModels = useViewStore((state) => state.showModels)
  return (
    <div
      role="alert"
      data-testid="turn-error"
      className="mt-3 flex items-start gap-2.5 rounded-lg border border-red-200 bg-red-50 px-3 py-2.5 text-sm text-red-900 dark:border-red-900/60 dark:bg-red-950/40 dark:text-red-100"
    >
      <AlertIcon className="mt-0.5 size-4 text-red-600 dark:text-red-400" />
      <div className="min-w-0 flex-1">
        <p className="font-medium">The reply stopped with an error.</p>
        <p className="mt-0.5 break-words">{error}</p>
        <div className="mt-2 flex flex-wrap gap-1.5">
          {onRetry && (
            <button type="button" className={smallSecondaryButton} onClick={onRetry}>
              Send again
            </button>
          )}
          {settingsHint.test(error) && (
            <button type="button" className={smallSecondaryButton} onClick={() => showModels({ page: 'list' })}>
              Open Models &amp; keys
            </button>
          )}
        </div>
      </div>
    </div>
  )
}
