/**
 * Approval before an extension starts: shown whenever `switchboard://elicitations` holds an approval
 * of an extension start, one at a time (oldest first) with a count. Everything in it comes from the
 * elicitation main sent; the renderer only relays the chosen decision with `elicitation_respond`.
 */
import { useState } from 'react'
import type { ApprovalDecision, ApprovalElicitation, HostToolArgs } from '../../../shared/hostApi'
import { useHostAction } from '../../hooks/useHostAction'
import { useElicitationsStore } from '../../stores/elicitationsStore'
import { GlobeIcon, TerminalIcon } from '../icons'
import { primaryButton, secondaryButton } from '../ui'
import { ApprovalModal } from './ApprovalModal'
import { ExtensionStartDetails, Warnings } from './ExtensionStartDetails'

const labels: Record<ApprovalDecision, string> = {
  allow_always: 'Allow and remember',
  allow_once: 'Allow once',
  deny: 'Deny',
}
/** Deny first: it is the first button Tab reaches. */
const order: ApprovalDecision[] = ['deny', 'allow_once', 'allow_always']

function answer(id: string, decision: ApprovalDecision | 'dismissed'): HostToolArgs<'elicitation_respond'> {
  if (decision === 'dismissed') return { id, action: 'cancel', content: { decision: 'deny' } }
  return { id, action: decision === 'deny' ? 'decline' : 'accept', content: { decision } }
}

function isExtensionStart(elicitation: { kind: string }): elicitation is ApprovalElicitation {
  return elicitation.kind === 'approval' && (elicitation as ApprovalElicitation).subject.type === 'extension-start'
}

export function ConsentDialog() {
  const act = useHostAction()
  const elicitations = useElicitationsStore((state) => state.elicitations)
  // Answered here, not yet gone from the host's list (its update follows the answer by a round trip).
  const [answered, setAnswered] = useState<ReadonlySet<string>>(new Set())
  const [sending, setSending] = useState<string | null>(null)
  const pending = elicitations.filter(isExtensionStart).filter((elicitation) => !answered.has(elicitation.id))
  const current = pending[0]
  if (!current) return null

  const respond = async (decision: ApprovalDecision | 'dismissed') => {
    if (sending) return
    setSending(current.id)
    const done = await act('elicitation_respond', answer(current.id, decision))
    setSending(null)
    if (done) setAnswered((before) => new Set(before).add(current.id))
  }

  const { subject, origin } = current
  const title =
    subject.extensionType === 'stdio' ? (
      <>Run “{origin.extensionName}” on this computer?</>
    ) : (
      <>Connect to “{origin.extensionName}”?</>
    )
  const busy = sending === current.id
  return (
    <ApprovalModal
      requestId={current.id}
      title={title}
      icon={
        <span
          aria-hidden="true"
          className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-amber-50 text-amber-600 ring-1 ring-amber-500/20 ring-inset dark:bg-amber-500/10 dark:text-amber-300 dark:ring-amber-400/25"
        >
          {subject.extensionType === 'stdio' ? <TerminalIcon className="size-[18px]" /> : <GlobeIcon className="size-[18px]" />}
        </span>
      }
      subtitle={
        <>
          {subject.extensionType === 'stdio' ? 'Local program' : subject.extensionType === 'sse' ? 'SSE server' : 'Streamable HTTP server'} · extension{' '}
          <code className="font-mono">{origin.extensionId}</code> · stays stopped until you allow it
        </>
      }
      onEscape={() => void respond('dismissed')}
      footerNote={pending.length > 1 ? `Request 1 of ${pending.length}` : 'Escape denies.'}
      actions={(armed) =>
        order
          .filter((decision) => current.decisions.includes(decision))
          .map((decision) => (
            <button
              key={decision}
              type="button"
              className={decision === 'allow_always' ? primaryButton : secondaryButton}
              disabled={busy || (decision !== 'deny' && !armed)}
              onClick={() => void respond(decision)}
            >
              {labels[decision]}
            </button>
          ))
      }
    >
      <Warnings warnings={subject.warnings} />
      <p className="text-sm leading-relaxed break-words text-zinc-700 dark:text-zinc-300">{current.message}</p>
      <ExtensionStartDetails subject={subject} />
    </ApprovalModal>
  )
}
