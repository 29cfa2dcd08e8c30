/**
 * How long until an unanswered approval denies itself, ticking once a second. Not a live region:
 * a countdown read out every second would drown everything else.
 */
import { useSecondsUntil } from '../../hooks/useSecondsUntil'

export function formatCountdown(seconds: number): string {
  const minutes = Math.floor(seconds / 60)
  return `${minutes}:${String(seconds % 60).padStart(2, '0')}`
}

export function ExpiryCountdown({ expiresAt }: { expiresAt: string }) {
  const at = Date.parse(expiresAt)
  const seconds = useSecondsUntil(Number.isNaN(at) ? undefined : at)
  if (Number.isNaN(at)) return null
  if (seconds === undefined) return <span className="font-medium text-red-700 dark:text-red-400">Timing out…</span>
  return (
    <span className={seconds <= 30 ? 'font-medium text-amber-700 dark:text-amber-400' : undefined}>
      Denied automatically in <span className="tabular-nums">{formatCountdown(seconds)}</span>
    </span>
  )
}
