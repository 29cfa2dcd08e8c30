/** A sampling request as the dialog shows it: the conversation an extension wants the person's model to answer. */
import type { SamplingApproval } from './approvalQueue'
import { DecisionButtons } from './DecisionButtons'
import { ExpiryCountdown } from './ExpiryCountdown'
import { queueNote, type ApprovalView, type SingleViewProps } from './approvalView'
import { CallerAsks } from './CallerPhrase'

const labels = { allow_always: 'Always allow for this extension', allow_once: 'Allow once', deny: 'Deny' } as const

export function samplingView({ approval, position, busy, onAnswer }: SingleViewProps<SamplingApproval>): ApprovalView {
  const { subject, origin } = approval
  return {
    requestId: approval.id,
    title: (
      <>
        <CallerAsks caller={origin.caller} /> to use your model
      </>
    ),
    subtitle: (
      <>
        Sampling request · extension <code className="font-mono">{origin.extensionId}</code> · up to {subject.maxTokens} tokens
      </>
    ),
    footerNote: (
      <span className="inline-flex flex-wrap gap-x-1.5">
        <span>{queueNote(position, 'Escape denies.')}</span>
        {subject.expiresAt && (
          <>
            <span aria-hidden="true">·</span>
            <ExpiryCountdown expiresAt={subject.expiresAt} />
          </>
        )}
      </span>
    ),
    onEscape: () => onAnswer('dismissed'),
    actions: (armed) => <DecisionButtons offered={approval.decisions} labels={labels} primary="allow_once" armed={armed} busy={busy} onAnswer={onAnswer} />,
    body: (
      <>
        <p className="text-sm leading-relaxed break-words text-zinc-700 dark:text-zinc-300">{approval.message}</p>
        {subject.systemPrompt && (
          <section aria-label="System prompt" className="rounded-lg bg-zinc-50 p-3 text-sm dark:bg-zinc-800/60">
            <h3 className="mb-1 text-xs font-semibold tracking-wide text-zinc-500 uppercase">System prompt</h3>
            <p className="font-mono text-xs break-words whitespace-pre-wrap">{subject.systemPrompt}</p>
          </section>
        )}
        <ol aria-label="Messages" className="max-h-64 space-y-2 overflow-y-auto">
          {subject.messages.map((message, index) => (
            <li key={index} className="rounded-lg bg-zinc-50 p-3 text-sm dark:bg-zinc-800/60">
              <span className="mb-1 block text-xs font-semibold text-zinc-500 capitalize">{message.role}</span>
              <span className="break-words whitespace-pre-wrap">{message.text}</span>
            </li>
          ))}
        </ol>
      </>
    ),
  }
}
