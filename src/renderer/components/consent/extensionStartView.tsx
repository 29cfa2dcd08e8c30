/** The approval before an extension starts, as the dialog shows it: exactly what main will run or connect to. */
import { GlobeIcon, TerminalIcon } from '../icons'
import type { ExtensionStartApproval } from './approvalQueue'
import { DecisionButtons } from './DecisionButtons'
import { ExtensionStartDetails, Warnings } from './ExtensionStartDetails'
import { queueNote, type ApprovalView, type SingleViewProps } from './approvalView'
import { CallerAsks } from './CallerPhrase'

const labels = { allow_always: 'Allow and remember', allow_once: 'Allow once', deny: 'Deny' } as const

export function extensionStartView({ approval, position, busy, onAnswer }: SingleViewProps<ExtensionStartApproval>): ApprovalView {
  const { subject, origin } = approval
  const stdio = subject.extensionType === 'stdio'
  return {
    requestId: approval.id,
    title: (
      <>
        <CallerAsks caller={origin.caller} /> {stdio ? 'to run on this computer' : 'to connect to its server'}
      </>
    ),
    icon: (
      <span
        aria-hidden="true"
        className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-amber-50 text-amber-600 ring-1 ring-amber-500/20 ring-inset dark:bg-amber-500/10 dark:text-amber-300 dark:ring-amber-400/25"
      >
        {stdio ? <TerminalIcon className="size-[18px]" /> : <GlobeIcon className="size-[18px]" />}
      </span>
    ),
    subtitle: (
      <>
        {stdio ? 'Local program' : subject.extensionType === 'sse' ? 'SSE server' : 'Streamable HTTP server'} · extension{' '}
        <code className="font-mono">{origin.extensionId}</code> · stays stopped until you allow it
      </>
    ),
    footerNote: queueNote(position, 'Escape denies.'),
    onEscape: () => onAnswer('dismissed'),
    actions: (armed) => <DecisionButtons offered={approval.decisions} labels={labels} primary="allow_always" armed={armed} busy={busy} onAnswer={onAnswer} />,
    body: (
      <>
        <Warnings warnings={subject.warnings} />
        <p className="text-sm leading-relaxed break-words text-zinc-700 dark:text-zinc-300">{approval.message}</p>
        <ExtensionStartDetails subject={subject} />
      </>
    ),
  }
}
