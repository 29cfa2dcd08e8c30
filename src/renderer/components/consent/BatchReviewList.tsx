/**
 * "Review all": every pending call of one turn with its tool, findings, definition change and full
 * arguments, each with its own Deny. The end of the list reports when it has been seen, so that
 * "Allow all once" is only offered after the person has scrolled past every call.
 */
import { useEffect, useRef } from 'react'
import { BackIcon } from '../icons'
import { quietButton, quietDangerButton } from '../ui'
import { ArgumentsBlock } from './ArgumentsBlock'
import { CallBadges } from './CallBadges'
import { DefinitionChangeNote } from './DefinitionChangeNote'
import { FindingList } from './FindingList'
import { needsOwnReview, shortToolName, toolLabel, type ToolCallApproval } from './approvalQueue'

interface Props {
  items: readonly ToolCallApproval[]
  busy: boolean
  /** Back to answering the calls one at a time. */
  onBack: () => void
  onDeny: (approval: ToolCallApproval) => void
  /** The end of the list came into view (again, after the list changed). */
  onSeenAll: () => void
}

export function BatchReviewList({ items, busy, onBack, onDeny, onSeenAll }: Props) {
  const end = useRef<HTMLDivElement>(null)
  const list = useRef<HTMLOListElement>(null)
  const key = items.map((item) => item.id).join(' ')
  const seen = useRef(onSeenAll)
  useEffect(() => {
    seen.current = onSeenAll
  })

  // Observed afresh whenever the list changes: a call added at the end has to be seen too.
  useEffect(() => {
    const target = end.current
    if (!target) return
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) seen.current()
    })
    observer.observe(target)
    return () => observer.disconnect()
  }, [key])

  const deny = (approval: ToolCallApproval, index: number) => {
    // The button goes away with its call; the next call (or the one before) takes the focus.
    const items = list.current?.querySelectorAll<HTMLElement>(':scope > li')
    const next = items?.[index + 1] ?? items?.[index - 1]
    next?.focus()
    onDeny(approval)
  }

  return (
    <>
      <div className="flex items-center justify-between gap-3">
        <p className="text-sm text-zinc-600 dark:text-zinc-400">
          {items.length} calls, oldest first. Calls you deny here are not run.
        </p>
        <button type="button" className={`${quietButton} shrink-0`} disabled={busy} onClick={onBack}>
          <BackIcon className="size-3.5" />
          One at a time
        </button>
      </div>
      <ol ref={list} aria-label="Calls to review" className="space-y-3">
        {items.map((approval, index) => {
          const { subject } = approval
          const label = toolLabel(approval)
          const own = needsOwnReview(approval)
          return (
            <li
              key={approval.id}
              tabIndex={-1}
              aria-label={`Call ${index + 1}: ${label}`}
              className="space-y-2.5 rounded-lg border border-zinc-200 bg-white p-3 shadow-xs focus-visible:outline-offset-0 dark:border-zinc-700 dark:bg-zinc-900"
            >
              <div className="flex items-start gap-3">
                <span
                  aria-hidden="true"
                  className="flex size-6 shrink-0 items-center justify-center rounded-full bg-zinc-100 text-xs font-semibold text-zinc-600 tabular-nums dark:bg-zinc-800 dark:text-zinc-300"
                >
                  {index + 1}
                </span>
                <div className="min-w-0 flex-1">
                  <p className="text-sm font-medium break-words">
                    {label} <span className="font-normal text-zinc-500 dark:text-zinc-400">from {approval.origin.extensionName}</span>
                  </p>
                  <p className="font-mono text-xs wrap-anywhere text-zinc-500 dark:text-zinc-400">{subject.toolName}</p>
                </div>
                <button
                  type="button"
                  className={`${quietDangerButton} shrink-0`}
                  aria-label={`Deny call ${index + 1} (${shortToolName(approval)})`}
                  disabled={busy}
                  onClick={() => deny(approval, index)}
                >
                  Deny
                </button>
              </div>
              <CallBadges hints={subject.hints} trust={subject.trust} />
              {own && (
                <p className="text-xs font-medium text-red-700 dark:text-red-400">
                  Serious findings: this call is not part of “Allow all once”; answer it on its own afterwards.
                </p>
              )}
              <FindingList findings={subject.findings} compact />
              {subject.changed && <DefinitionChangeNote change={subject.changed} compact />}
              <ArgumentsBlock value={subject.arguments} label={`Arguments of call ${index + 1}`} maxHeight="max-h-48" />
            </li>
          )
        })}
      </ol>
      <div ref={end} aria-hidden="true" className="h-px" />
    </>
  )
}
