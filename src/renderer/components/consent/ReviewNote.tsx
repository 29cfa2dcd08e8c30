/**
 * Assisted review's rating in the approval dialog (issue 38): "Rating…" while the chosen model works,
 * then its risk (in words; the colour only repeats it) and its one sentence, or that it could not
 * rate (which changes nothing). The sentence is the model's, about arguments it read: shown as text.
 */
import type { ReviewView } from '../../../shared/hostApi'

const riskLabels = { low: 'Low risk', medium: 'Medium risk', high: 'High risk' } as const
const riskChips = {
  low: 'bg-emerald-100 text-emerald-900 ring-emerald-600/25 dark:bg-emerald-500/15 dark:text-emerald-200 dark:ring-emerald-400/30',
  medium: 'bg-amber-100 text-amber-900 ring-amber-600/25 dark:bg-amber-500/15 dark:text-amber-200 dark:ring-amber-400/30',
  high: 'bg-red-100 text-red-800 ring-red-600/25 dark:bg-red-500/15 dark:text-red-200 dark:ring-red-400/30',
} as const

export function ReviewNote({ review }: { review: ReviewView }) {
  const who = `${review.model} (${review.provider})`
  return (
    <section aria-label="Assisted review" aria-live="polite" className="rounded-lg border border-zinc-200 px-3 py-2 text-sm dark:border-zinc-700">
      {review.status === 'rating' && <p className="text-zinc-600 dark:text-zinc-400">Assisted review: {who} is rating this call…</p>}
      {review.status === 'failed' && (
        <p className="text-zinc-600 dark:text-zinc-400">
          Assisted review could not rate this call ({review.error ?? 'no answer'}). Decide as usual.
        </p>
      )}
      {review.status === 'rated' && review.risk && (
        <p className="flex flex-wrap items-baseline gap-2 text-zinc-800 dark:text-zinc-200">
          <span className={`rounded px-1.5 py-0.5 text-xs font-semibold ring-1 ring-inset ${riskChips[review.risk]}`}>{riskLabels[review.risk]}</span>
          <span className="min-w-0 flex-1 break-words">{review.reason}</span>
          <span className="text-xs text-zinc-500 dark:text-zinc-400">rated by {who}; a rating is advice, the decision is yours</span>
        </p>
      )}
    </section>
  )
}
