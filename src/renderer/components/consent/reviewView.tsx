/**
 * "Review all" as the dialog shows it: the calls of one turn in a list, "Allow all once" armed only
 * after the whole list has been seen, Deny per call or for all. Escape denies them all.
 */
import { primaryButton, secondaryButton } from '../ui'
import { BatchReviewList } from './BatchReviewList'
import { ExpiryCountdown } from './ExpiryCountdown'
import { needsOwnReview, type ToolCallApproval } from './approvalQueue'
import type { ApprovalView } from './approvalView'
import { CallerAsks } from './CallerPhrase'

interface Props {
  session: string
  items: readonly ToolCallApproval[]
  busy: boolean
  reviewed: boolean
  onSeenAll: () => void
  onDeny: (approvals: readonly ToolCallApproval[], how: 'deny' | 'dismissed') => void
  onAllowOnce: (approvals: readonly ToolCallApproval[]) => void
  onBack: () => void
}

export function reviewView({ session, items, busy, reviewed, onSeenAll, onDeny, onAllowOnce, onBack }: Props): ApprovalView {
  const batchable = items.filter((approval) => !needsOwnReview(approval))
  const left = items.length - batchable.length
  const soonest = items.reduce((first, approval) => (approval.subject.expiresAt < first ? approval.subject.expiresAt : first), items[0]!.subject.expiresAt)
  return {
    requestId: `review:${session}`,
    title: (
      <>
        <CallerAsks caller={items[0]!.origin.caller} /> to run {items.length} calls in this turn
      </>
    ),
    subtitle: 'Look at each call and its arguments; then allow them together, or deny any of them.',
    footerNote: (
      <span className="inline-flex flex-wrap gap-x-1.5">
        <span>{reviewed ? 'Escape denies all.' : 'Scroll to the end to allow.'}</span>
        <span aria-hidden="true">·</span>
        <ExpiryCountdown expiresAt={soonest} />
      </span>
    ),
    onEscape: () => onDeny(items, 'dismissed'),
    actions: (armed) => (
      <>
        <button type="button" className={secondaryButton} disabled={busy} onClick={() => onDeny(items, 'deny')}>
          Deny all
        </button>
        <button
          type="button"
          className={primaryButton}
          disabled={busy || !armed || !reviewed || batchable.length === 0}
          title={left > 0 ? `${left} call${left === 1 ? '' : 's'} with serious findings must be answered on their own.` : undefined}
          onClick={() => onAllowOnce(batchable)}
        >
          {left > 0 ? `Allow ${batchable.length} once` : 'Allow all once'}
        </button>
      </>
    ),
    body: <BatchReviewList items={items} busy={busy} onBack={onBack} onDeny={(approval) => onDeny([approval], 'deny')} onSeenAll={onSeenAll} />,
  }
}
