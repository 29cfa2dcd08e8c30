/** How long until an unanswered question is cancelled, ticking once a second (not a live region: it would drown everything else). */
import { useSecondsUntil } from '../../hooks/useSecondsUntil'
import { formatCountdown } from '../consent/ExpiryCountdown'

export function QuestionCountdown({ expiresAt }: { expiresAt: string }) {
  const at = Date.parse(expiresAt)
  const seconds = useSecondsUntil(Number.isNaN(at) ? undefined : at)
  if (Number.isNaN(at)) return null
  if (seconds === undefined) return <span className="font-medium text-red-700 dark:text-red-400">Cancelling…</span>
  return (
    <span className={seconds <= 30 ? 'font-medium text-amber-700 dark:text-amber-400' : undefined}>
      Cancelled automatically in <span className="tabular-nums">{formatCountdown(seconds)}</span>
    </span>
  )
}
