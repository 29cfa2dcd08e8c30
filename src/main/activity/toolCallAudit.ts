/**
 * Tool calls into the activity log, without a branch in any caller: the permission service's
 * `authorize` is wrapped (every caller — a turn, the person's tool_call, a connected app, an MCP
 * App, a hook's call of its tool in a turn — goes through it), and the dispatcher is observed (every
 * call that reaches an extension, including one that skipped the permission layer: a hook's test run).
 *
 * The decision's record is appended when authorize answers, i.e. before the dispatcher starts the
 * call; the outcome's record when the dispatcher ends it. The two are joined by the arguments object
 * itself: every caller hands the dispatcher the very object it had authorized (a WeakMap keeps the
 * link and forgets it with the call).
 */
import { randomUUID } from 'node:crypto'
import type { ActivityDecision, ActivityOutcome, DecisionMaker } from '../../shared/activityApi'
import type { Caller } from '../../shared/callerKind'
import type { CallOutcome, CallSession, DispatchObserver } from '../extensions'
import type { Authorization, PermissionService, ToolCallRequest } from '../permissions'
import type { ActivityRecorder } from './activityLog'
import { ALLOWED_BY_REVIEW } from '../../shared/permissionApi'

const MAKERS = new Set<string>(['mode', 'policy', 'rule', 'pin', 'person', 'security', 'repetition', 'guard', 'assisted', 'hook', 'routine'])

/** Who made the chain's verdict, read by the deciding inspector's cause. */
function chainMaker(authorization: Authorization, verdict: string): { by: DecisionMaker; detail?: string } {
  const { steps } = authorization.decision
  // An allow is the permission inspector's (the checks before it only let the call pass); ask and deny are the first inspector's that said so.
  const step = (verdict === 'allow' ? steps.findLast((s) => s.verdict === 'allow' && s.inspector === 'permission') : undefined) ?? steps.find((s) => s.verdict === verdict)
  if (!step) return { by: 'host' }
  const cause = step.cause
  if (step.inspector === 'permission') {
    if (cause === undefined) return { by: 'mode' }
    if (cause === 'person') return { by: 'person', detail: cause }
    if (cause === 'chat-only' || cause.startsWith('mode-')) return { by: 'mode', detail: cause }
    if (cause.startsWith('policy-')) return { by: 'policy', detail: cause }
    if (cause.startsWith('rule-')) return { by: 'rule', detail: cause }
    if (cause === 'definition-changed') return { by: 'pin', detail: cause }
    // A builtin's pre-approved tool (load_skill): the person consented when turning the skill on.
    if (cause === 'pre-approved') return { by: 'person', detail: cause }
    // "Allow for this session": the person's own answer earlier in the session.
    if (cause === 'session-allow') return { by: 'person', detail: cause }
    // A hook's call of its own tool, approved when the hook was saved (as the dispatcher's record of one says).
    if (cause === 'hook-approved') return { by: 'hook', detail: 'approved with the hook' }
    return { by: 'host', detail: cause }
  }
  // security, repetition, and inspectors added later (the guard, an assisted rating) by their name.
  const name = step.inspector as string
  return { by: (MAKERS.has(name) ? name : 'host') as DecisionMaker, ...(cause ? { detail: cause } : {}) }
}

/** The decision and its maker, as the activity log records it. */
export function decisionOf(call: ToolCallRequest, authorization: Authorization): ActivityDecision {
  const verdict = authorization.run ? 'allow' : 'deny'
  const chain = authorization.decision.verdict
  if (chain !== 'ask') return { verdict, asked: false, ...chainMaker(authorization, chain) }
  // Asked: the chain (or a hook) made it ask; the dialog's answer (or its timeout…) decided.
  const asker = call.hookAsks && !authorization.decision.steps.some((s) => s.verdict === 'ask') ? { by: 'hook' as const } : chainMaker(authorization, 'ask')
  const approval = authorization.approval
  const by: DecisionMaker = !approval
    ? 'host'
    : approval.by === 'person'
      ? 'person'
      : approval.by === 'assisted-review'
        ? 'assisted'
        : approval.by === 'timeout'
          ? 'timeout'
          : approval.by === 'cancelled'
            ? 'cancelled'
            : 'shutdown'
  const detail = !approval ? undefined : approval.by === 'assisted-review' ? ALLOWED_BY_REVIEW : approval.answer
  const rating = authorization.review ? { rating: authorization.review } : {}
  return { verdict, asked: true, by, ...(detail ? { detail } : {}), askedBy: asker.by, ...rating }
}

export function outcomeOf(outcome: CallOutcome): ActivityOutcome {
  if (outcome.status === 'ok') return outcome.result.isError ? 'tool-error' : 'ok'
  return outcome.status
}

/** Who asks, as the log names them (the shared caller kind). */
export function callerOfCall(call: ToolCallRequest): Caller {
  if (call.origin === 'person') return { kind: 'person' }
  return call.caller ?? { kind: 'model', ...(call.sessionId !== undefined ? { sessionId: call.sessionId } : {}) }
}

interface Expected {
  callId: string
  caller: Caller
  sessionId?: string
  tool: string
  extension: string
  decision: ActivityDecision
}

/**
 * One moment of a tool call, for whoever follows the tool round (telemetry): decided (the record
 * is in the log), started (the dispatcher sends it), ended (with the dispatcher's outcome). A call
 * that was refused is decided and never starts.
 */
export type ToolCallEvent = Expected & { arguments: Record<string, unknown> } & ({ phase: 'decided'; run: boolean } | { phase: 'started'; session: CallSession } | { phase: 'ended'; outcome: CallOutcome })

/** A follower of the tool round; at `started` it may answer with `_meta` entries for the request (trace context). */
export type ToolCallListener = (event: ToolCallEvent) => Record<string, string> | void

export interface ToolCallAudit {
  /** The permission service with `authorize` recording each decision. */
  permissions: PermissionService
  /** Observe the dispatcher with this (ToolDispatcher.observe). */
  observer: DispatchObserver
  /** Names the caller of a call that skips the permission layer (a hook's call of its approved target) before it is dispatched. */
  expect(args: Record<string, unknown>, caller: Caller): void
  /** Follows every call's decision, start and end; returns the function that stops following. */
  onToolCall(listener: ToolCallListener): () => void
}

export function auditToolCalls(permissions: PermissionService, activity: ActivityRecorder, now: () => number = Date.now): ToolCallAudit {
  const expected = new WeakMap<object, Expected>()
  const unaudited = new WeakMap<object, Caller>()
  const listeners = new Set<ToolCallListener>()
  /** Tells every follower; what they add to the request's `_meta` (only at `started`) comes back. */
  const tell = (event: ToolCallEvent): Record<string, string> | undefined => {
    let meta: Record<string, string> | undefined
    for (const listener of listeners) {
      try {
        const added = listener(event)
        if (added) meta = meta ? { ...meta, ...added } : added
      } catch {
        // A follower's failure never touches the call.
      }
    }
    return meta
  }
  const authorize: PermissionService['authorize'] = async (call, options) => {
    const began = now()
    const authorization = await permissions.authorize(call, options)
    const caller = callerOfCall(call)
    const sessionId = 'sessionId' in call ? call.sessionId : undefined
    const decision = decisionOf(call, authorization)
    activity.record(
      {
        kind: 'tool-call',
        caller,
        ...(sessionId !== undefined ? { sessionId } : {}),
        callId: call.callId,
        tool: call.toolName,
        extension: call.extensionId,
        decision,
        ...(authorization.run ? {} : { outcome: 'not-run' as const }),
        durationMs: now() - began,
      },
      call.arguments,
    )
    const entry: Expected = { callId: call.callId, caller, ...(sessionId !== undefined ? { sessionId } : {}), tool: call.toolName, extension: call.extensionId, decision }
    if (authorization.run) expected.set(call.arguments, entry)
    if (listeners.size > 0) tell({ ...entry, arguments: call.arguments, phase: 'decided', run: authorization.run })
    return authorization
  }
  const observer: DispatchObserver = {
    started(request, tool, session) {
      const args = request.arguments ?? {}
      const known = expected.get(args)
      if (known) return listeners.size > 0 ? tell({ ...known, arguments: args, phase: 'started', session }) : undefined
      // Not authorized here: a hook's call of the target the person approved with the hook.
      const caller = unaudited.get(args) ?? { kind: 'hook', name: 'unnamed' }
      const decision: ActivityDecision = { verdict: 'allow', asked: false, by: caller.kind === 'hook' ? 'hook' : 'host', detail: 'approved with the hook' }
      const callId = `dispatch-${randomUUID()}`
      activity.record({ kind: 'tool-call', caller, callId, tool: request.name, extension: tool.extensionId, decision }, args)
      const entry: Expected = { callId, caller, tool: request.name, extension: tool.extensionId, decision }
      expected.set(args, entry)
      if (listeners.size === 0) return undefined
      tell({ ...entry, arguments: args, phase: 'decided', run: true })
      return tell({ ...entry, arguments: args, phase: 'started', session })
    },
    ended(request, outcome) {
      const args = request.arguments ?? {}
      const call = expected.get(args)
      // A call that never started (unknown tool, extension not running) has no record yet.
      if (!call) return
      expected.delete(args)
      activity.record({
        kind: 'tool-result',
        caller: call.caller,
        ...(call.sessionId !== undefined ? { sessionId: call.sessionId } : {}),
        callId: call.callId,
        tool: outcome.name,
        extension: outcome.extensionId,
        outcome: outcomeOf(outcome),
        durationMs: outcome.durationMs,
      })
      if (listeners.size > 0) tell({ ...call, arguments: args, phase: 'ended', outcome })
    },
  }
  return {
    permissions: { ...permissions, authorize },
    observer,
    expect: (args, caller) => void unaudited.set(args, caller),
    onToolCall(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  }
}
