/**
 * The approval of one tool call, as the dialog shows it: who asks (and what kind of caller it is),
 * which extension and tool, what the tool says about itself, anything the security inspector found
 * (first, most severe first), how the tool changed since it was allowed, every argument, and why
 * Switchboard asks. All from main.
 */
import { WrenchIcon } from '../icons'
import { secondaryButton } from '../ui'
import { ArgumentsBlock } from './ArgumentsBlock'
import { CallBadges } from './CallBadges'
import { DecisionButtons } from './DecisionButtons'
import { DefinitionChangeNote } from './DefinitionChangeNote'
import { ExpiryCountdown } from './ExpiryCountdown'
import { FindingList } from './FindingList'
import { ReviewNote } from './ReviewNote'
import { shortToolName, toolLabel, type ToolCallApproval } from './approvalQueue'
import { queueNote, type ApprovalView, type SingleViewProps } from './approvalView'
import { CallerAsks, CallerName } from './CallerPhrase'
import { VisibleText } from '../VisibleText'

const labels = { allow_once: 'Allow once', allow_session: 'Allow for this session', allow_always: 'Always allow', allow_conversation: 'Allow for the rest of this conversation', deny: 'Deny' } as const
const titles = {
  allow_once: 'Run this call now; ask again next time.',
  allow_session: 'Run this call, and this tool without asking for the rest of this session (kept across restarts), for as long as its definition stays the same.',
  allow_conversation: 'Run this call, and this tool without the outside-content question until this conversation ends.',
  allow_always: 'Run this call, and this tool from now on without asking, for as long as its definition stays the same.',
  deny: 'Do not run this call.',
}

interface Props extends SingleViewProps<ToolCallApproval> {
  /** Pending calls of the same turn, this one included (empty when main does not say which turn). */
  sameTurn: readonly ToolCallApproval[]
  onReviewAll: () => void
}

const sectionTitle = 'text-xs font-semibold tracking-wide text-zinc-500 uppercase dark:text-zinc-400'

export function toolCallView({ approval, position, busy, onAnswer, sameTurn, onReviewAll }: Props): ApprovalView {
  const { subject, origin } = approval
  const serious = subject.findings.some((finding) => finding.severity === 'high' || finding.severity === 'critical')
  const name = shortToolName(approval)
  const label = toolLabel(approval)
  return {
    requestId: approval.id,
    // Who asks comes first, with its kind: an app named "Assistant" must not read as the agent.
    title: (
      <>
        <CallerAsks caller={origin.caller} /> to run “<VisibleText text={label} />” from <VisibleText text={origin.extensionName} />
      </>
    ),
    icon: (
      <span
        aria-hidden="true"
        className={
          'flex size-9 shrink-0 items-center justify-center rounded-lg ring-1 ring-inset ' +
          (serious
            ? 'bg-red-50 text-red-600 ring-red-500/20 dark:bg-red-500/10 dark:text-red-300 dark:ring-red-400/25'
            : 'bg-amber-50 text-amber-600 ring-amber-500/20 dark:bg-amber-500/10 dark:text-amber-300 dark:ring-amber-400/25')
        }
      >
        <WrenchIcon className="size-[18px]" />
      </span>
    ),
    // Names, not ids: the ids are in the tooltip for whoever needs them.
    subtitle: (
      <span title={`Tool ${name} of the extension ${origin.extensionId}; the model calls it ${subject.toolName}.`}>
        <VisibleText text={label} />, from {origin.extensionName} — {subject.trust === 'trusted' ? 'a trusted extension' : 'not a trusted extension'}
      </span>
    ),
    footerNote: (
      <span className="inline-flex flex-wrap gap-x-1.5">
        <span>{queueNote(position, 'Escape denies.')}</span>
        <span aria-hidden="true">·</span>
        <ExpiryCountdown expiresAt={subject.expiresAt} />
      </span>
    ),
    onEscape: () => onAnswer('dismissed'),
    actions: (armed) => (
      <DecisionButtons offered={approval.decisions} labels={labels} titles={titles} primary="allow_once" armed={armed} busy={busy} onAnswer={onAnswer} />
    ),
    body: (
      <>
        {sameTurn.length > 1 && (
          <div className="flex flex-wrap items-center gap-3 rounded-lg border border-indigo-200 bg-indigo-50/70 px-3 py-2 dark:border-indigo-500/30 dark:bg-indigo-500/10">
            <p className="min-w-0 flex-1 text-sm text-indigo-950 dark:text-indigo-100">
              <CallerName caller={origin.caller} /> made {sameTurn.length} calls in this turn that wait for you.
            </p>
            <button type="button" className={`${secondaryButton} h-7`} disabled={busy} onClick={onReviewAll}>
              Review all {sameTurn.length}
            </button>
          </div>
        )}
        {subject.review && <ReviewNote review={subject.review} />}
        <FindingList findings={subject.findings} />
        {subject.changed && <DefinitionChangeNote change={subject.changed} />}
        <section aria-label="The tool" className="space-y-2">
          <CallBadges hints={subject.hints} trust={subject.trust} />
          {subject.description && subject.description !== subject.changed?.description?.after && (
            <p className="text-sm leading-relaxed break-words whitespace-pre-wrap text-zinc-700 dark:text-zinc-300">
              <VisibleText text={subject.description} />
            </p>
          )}
        </section>
        <section aria-labelledby="approval-arguments-heading">
          <h3 id="approval-arguments-heading" className={sectionTitle}>
            Arguments
          </h3>
          <div className="mt-1.5">
            <ArgumentsBlock value={subject.arguments} />
          </div>
        </section>
        {subject.reasons.length > 0 && (
          <section aria-labelledby="approval-reasons-heading">
            <h3 id="approval-reasons-heading" className={sectionTitle}>
              Why you are asked
            </h3>
            <ul className="mt-1.5 list-disc space-y-1 pl-5 text-sm text-zinc-700 dark:text-zinc-300">
              {subject.reasons.map((reason, index) => (
                <li key={index} className="break-words">
                  {reason}
                </li>
              ))}
            </ul>
          </section>
        )}
      </>
    ),
  }
}
