/**
 * The pending approvals the dialog works through, and the answers it relays. Everything here reads
 * what main sent; nothing decides. Oldest first, one queue for extension starts and tool calls.
 */
import type { ApprovalDecision, ApprovalElicitation, Elicitation, ExtensionStartSubject, HookSubject, HostToolArgs, SamplingSubject, ToolCallSubject } from '../../../shared/hostApi'

export type ExtensionStartApproval = ApprovalElicitation & { subject: ExtensionStartSubject }
export type ToolCallApproval = ApprovalElicitation & { subject: ToolCallSubject }
export type SamplingApproval = ApprovalElicitation & { subject: SamplingSubject }
export type HookApproval = ApprovalElicitation & { subject: HookSubject }

/** What the person chose; `dismissed` is Escape, which denies. */
export type Answer = ApprovalDecision | 'dismissed'

/** Where the shown request stands in the batch being answered (1-based; see approvalQueue's batchAfter). */
export interface QueuePosition {
  index: number
  total: number
}

export function isApproval(elicitation: Elicitation): elicitation is ApprovalElicitation {
  return elicitation.kind === 'approval'
}

export function isToolCall(approval: ApprovalElicitation): approval is ToolCallApproval {
  return approval.subject.type === 'tool-call'
}

export function isExtensionStart(approval: ApprovalElicitation): approval is ExtensionStartApproval {
  return approval.subject.type === 'extension-start'
}

export function isSampling(approval: ApprovalElicitation): approval is SamplingApproval {
  return approval.subject.type === 'sampling'
}

export function isHook(approval: ApprovalElicitation): approval is HookApproval {
  return approval.subject.type === 'hook'
}

/** The `elicitation_respond` arguments for an answer: anything but an allow is sent as a refusal. */
export function answerArgs(id: string, answer: Answer): HostToolArgs<'elicitation_respond'> {
  if (answer === 'dismissed') return { id, action: 'cancel', content: { decision: 'deny' } }
  return { id, action: answer === 'deny' ? 'decline' : 'accept', content: { decision: answer } }
}

/**
 * The chat session whose turn made a tool call: parallel calls of one turn can be reviewed together.
 * Only a turn's own calls (its model's, or a sub-agent's): an App or a connected app in the same
 * session asks on its own, never inside the turn's "Review all".
 */
export function sessionOf(approval: ApprovalElicitation): string | undefined {
  const { kind } = approval.origin.caller
  return kind === 'model' || kind === 'agent-chain' ? approval.origin.sessionId || undefined : undefined
}

/** The pending tool calls of the same session as `current` (itself included), oldest first; empty when there is no session. */
export function sameTurn(pending: readonly ApprovalElicitation[], current: ApprovalElicitation): ToolCallApproval[] {
  const session = sessionOf(current)
  if (session === undefined || !isToolCall(current)) return []
  return pending.filter(isToolCall).filter((approval) => sessionOf(approval) === session)
}

/** Findings serious enough that a call is answered on its own, never in "Allow all once". */
export function needsOwnReview(approval: ToolCallApproval): boolean {
  return approval.subject.findings.some((finding) => finding.severity === 'high' || finding.severity === 'critical')
}

/** The tool's own name, without the `<extension>__` prefix. */
export function shortToolName(approval: ToolCallApproval): string {
  const prefix = `${approval.origin.extensionId}__`
  const name = approval.subject.toolName
  return name.startsWith(prefix) && name.length > prefix.length ? name.slice(prefix.length) : name
}

/** What the dialog calls a tool: its title, else its own name. */
export function toolLabel(approval: ToolCallApproval): string {
  return approval.subject.title?.trim() || shortToolName(approval)
}

/**
 * The batch being answered: the ids of every approval that waited since the queue was last empty,
 * in arrival order. It outlives answers, so the count reads "1 of 3", "2 of 3", "3 of 3" instead of
 * shrinking with the queue ("1 of 3", "1 of 2", nothing); it grows when more arrive and starts over
 * once nothing waits. The same array comes back when nothing changed.
 */
export function batchAfter(batch: readonly string[], waiting: readonly string[]): readonly string[] {
  if (waiting.length === 0) return batch.length === 0 ? batch : []
  const known = new Set(batch)
  const arrived = waiting.filter((id) => !known.has(id))
  return arrived.length === 0 ? batch : [...batch, ...arrived]
}

/** Where the first waiting approval stands in its batch: after every one of the batch that is no longer waiting. */
export function batchPosition(batch: readonly string[], waiting: readonly string[]): QueuePosition {
  const open = new Set(waiting)
  const done = batch.filter((id) => !open.has(id)).length
  return { index: done + 1, total: done + waiting.length }
}
