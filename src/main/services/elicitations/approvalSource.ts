/** Tool-call approvals from the permission broker, shown in `switchboard://elicitations`. */
import { callerAsks, type Elicitation } from '../../../shared/hostApi'
import type { ApprovalBroker, PendingApproval } from '../../permissions'
import type { ElicitationSource } from './elicitationBoard'

function approvalMessage(pending: PendingApproval, extension: string): string {
  return `${callerAsks(pending.caller)} to run ${pending.tool.title ?? pending.tool.name} of ${extension}.`
}

function toElicitation(pending: PendingApproval, extensionName: (id: string) => string): Elicitation {
  const decisions = ['allow_once', ...(pending.offerAlways ? (['allow_always'] as const) : []), ...(pending.offerConversation ? (['allow_conversation'] as const) : []), ...(pending.offerSession ? (['allow_session'] as const) : []), 'deny'] as const
  return {
    kind: 'approval',
    id: pending.id,
    created: Date.parse(pending.createdAt),
    origin: {
      extensionId: pending.extensionId,
      extensionName: extensionName(pending.extensionId),
      tool: pending.toolName,
      sessionId: pending.sessionId,
      caller: pending.caller,
    },
    message: approvalMessage(pending, extensionName(pending.extensionId)),
    subject: {
      type: 'tool-call',
      callId: pending.callId,
      toolName: pending.toolName,
      title: pending.tool.title,
      description: pending.tool.description,
      arguments: pending.arguments,
      hints: pending.hints,
      trust: pending.extensionTrust,
      reasons: pending.reasons,
      findings: pending.findings,
      changed: pending.changed && { description: pending.changed.description, summary: pending.changed.summary },
      ...(pending.guard ? { guard: pending.guard } : {}),
      expiresAt: pending.expiresAt,
      ...(pending.review ? { review: pending.review } : {}),
    },
    decisions: [...decisions],
  }
}

export function approvalSource(broker: ApprovalBroker, extensionName: (id: string) => string): ElicitationSource {
  return {
    list: () => broker.list().map((pending) => toElicitation(pending, extensionName)),
    async respond(id, action, content) {
      // An approval answered before (a replay, a second window) is the broker's to explain.
      if (!broker.list().some((pending) => pending.id === id) && !broker.settled(id)) return false
      // Anything but an explicit accept denies; the broker refuses answers it did not offer, a replay,
      // and an answer meant for another call than the one waiting under this id (ApprovalError).
      const callId = typeof content?.callId === 'string' ? content.callId : undefined
      await broker.respond(id, action === 'accept' ? content?.decision : 'deny', { callId })
      return true
    },
    onChange: (listener) => broker.onChange(listener),
  }
}
