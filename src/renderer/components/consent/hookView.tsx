/** The approval of a hook's target, as the dialog shows it: which tool will get which payloads. */
import type { HookApproval } from './approvalQueue'
import { DecisionButtons } from './DecisionButtons'
import type { ApprovalView, SingleViewProps } from './approvalView'

const labels = { allow_always: 'Approve hook', allow_once: 'Approve once', deny: 'Deny' } as const

export function hookView({ approval, position, busy, onAnswer }: SingleViewProps<HookApproval>): ApprovalView {
  const { subject } = approval
  return {
    requestId: approval.id,
    title: <>Let the hook “{subject.hookName}” see {subject.sees}?</>,
    subtitle: (
      <>
        Hook on <code className="font-mono">{subject.event}</code> · calls <code className="font-mono">{subject.target}</code>
        {subject.observeOnly ? ' · observe only' : ' · may change what it sees'}
      </>
    ),
    footerNote: position.total > 1 ? `Request ${position.index} of ${position.total}` : 'Escape denies; the hook stays off until approved.',
    onEscape: () => onAnswer('dismissed'),
    actions: (armed) => <DecisionButtons offered={approval.decisions} labels={labels} primary="allow_always" armed={armed} busy={busy} onAnswer={onAnswer} />,
    body: (
      <>
        <p className="text-sm leading-relaxed break-words text-zinc-700 dark:text-zinc-300">{approval.message}</p>
        {subject.toolDescription && (
          <section aria-label="The hook's tool" className="rounded-lg bg-zinc-50 p-3 text-sm dark:bg-zinc-800/60">
            <h3 className="mb-1 text-xs font-semibold tracking-wide text-zinc-500 uppercase">{subject.toolTitle ?? subject.target}</h3>
            <p className="break-words whitespace-pre-wrap">{subject.toolDescription}</p>
          </section>
        )}
      </>
    ),
  }
}
