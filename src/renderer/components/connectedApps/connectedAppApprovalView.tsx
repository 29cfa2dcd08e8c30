/** "Claude Code (a connected app) asks to use Switchboard": a client knocked on the endpoint without a token. */
import type { ApprovalElicitation, ConnectedAppSubject } from '../../../shared/hostApi'
import { DecisionButtons } from '../consent/DecisionButtons'
import { queueNote, type ApprovalView, type SingleViewProps } from '../consent/approvalView'
import { CallerAsks } from '../consent/CallerPhrase'

export type ConnectedAppApproval = ApprovalElicitation & { subject: ConnectedAppSubject }

export function isConnectedApp(approval: ApprovalElicitation): approval is ConnectedAppApproval {
  return approval.subject.type === 'connected-app'
}

const labels = { allow_once: 'Allow', allow_always: 'Allow', deny: 'Deny' } as const

export function connectedAppApprovalView({ approval, position, busy, onAnswer }: SingleViewProps<ConnectedAppApproval>): ApprovalView {
  const { subject } = approval
  return {
    requestId: approval.id,
    title: (
      <>
        <CallerAsks caller={approval.origin.caller} /> to use Switchboard
      </>
    ),
    subtitle: 'A connected app, over the endpoint on this computer',
    footerNote: queueNote(position, 'Escape denies; the app gets nothing until you allow it.'),
    onEscape: () => onAnswer('dismissed'),
    actions: (armed) => <DecisionButtons offered={approval.decisions} labels={labels} primary="allow_once" armed={armed} busy={busy} onAnswer={onAnswer} />,
    body: (
      <>
        <p className="text-sm leading-relaxed break-words text-zinc-700 dark:text-zinc-300">{approval.message}</p>
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 rounded-lg bg-zinc-50 p-3 text-sm dark:bg-zinc-800/60">
          <dt className="font-medium text-zinc-500">Agents</dt>
          <dd>{subject.agents.length > 0 ? subject.agents.join(', ') : 'none'}</dd>
          <dt className="font-medium text-zinc-500">Tools</dt>
          <dd>{subject.tools}</dd>
        </dl>
        <p className="text-xs text-zinc-500 dark:text-zinc-400">Every call it makes still asks here as the model&apos;s do. You can change what it may use, or revoke it, in Settings → Connected apps.</p>
      </>
    ),
  }
}
