/** The approval of a hook's target, as the dialog shows it: which tool will get which payloads. */
import type { HookApproval } from './approvalQueue'
import { DecisionButtons } from './DecisionButtons'
import { queueNote, type ApprovalView, type SingleViewProps } from './approvalView'
import { CallerAsks } from './CallerPhrase'

const labels = { allow_always: 'Approve hook', allow_once: 'Approve once', deny: 'Deny' } as const

export function hookView({ approval, position, busy, onAnswer }: SingleViewProps<HookApproval>): ApprovalView {
  const { subject } = approval
  return {
    requestId: approval.id,
    title: (
      <>
        <CallerAsks caller={approval.origin.caller} /> to see {subject.sees}
      </>
    ),
    subtitle: (
      <>
        Hook on <code className="font-mono">{subject.event}</code> · {subject.command ? 'runs a command' : <>calls <code className="font-mono">{subject.target}</code></>}
        {subject.observeOnly ? ' · observe only' : ' · may change what it sees'}
      </>
    ),
    footerNote: queueNote(position, 'Escape denies; the hook stays off until approved.'),
    onEscape: () => onAnswer('dismissed'),
    actions: (armed) => <DecisionButtons offered={approval.decisions} labels={labels} primary="allow_always" armed={armed} busy={busy} onAnswer={onAnswer} />,
    body: (
      <>
        <p className="text-sm leading-relaxed break-words text-zinc-700 dark:text-zinc-300">{approval.message}</p>
        {subject.command && (
          <section aria-label="The command it runs" className="grid gap-1 rounded-lg bg-zinc-50 p-3 text-sm dark:bg-zinc-800/60">
            <pre className="font-mono text-xs break-all whitespace-pre-wrap">{subject.command.line}</pre>
            <p className="text-xs text-zinc-500 dark:text-zinc-400">
              In {subject.command.cwd} · from {subject.command.source}
            </p>
            {subject.command.warnings.map((warning) => (
              <p key={warning} className="text-xs text-amber-800 dark:text-amber-300">
                {warning}
              </p>
            ))}
          </section>
        )}
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
