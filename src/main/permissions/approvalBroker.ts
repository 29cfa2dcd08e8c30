/**
 * Pending approvals: an "ask" decision waits here until the person answers, the time runs out, or
 * the call is cancelled. No host, no renderer: the host lists `list()` as switchboard://elicitations
 * and forwards `elicitation_respond` to `respond()`.
 *
 * Why an answer can only ever release the call it was asked for: each approval gets a fresh
 * crypto.randomUUID() id, and `respond(id)` resolves the one promise created with that id — there
 * is no lookup by tool, call or session that an answer could be redirected through. An id answers
 * once; later answers (replays) get an error, and so do ids never issued. The only way to answer is
 * calling respond(), which the host exposes as an app tool to the renderer session only: tool
 * results, model messages and extensions have no path to it.
 */
import { randomUUID } from 'node:crypto'
import { z } from 'zod'
import { log } from '../log/log'
import { effectiveHints } from './inspectors/permissionInspector'
import { callerOf, type CallOrigin, type Decision, type DefinitionChange, type ExtensionTrust, type Finding, type ToolAnnotations, type ToolCallRequest } from './types'
import type { Caller } from '../../shared/callerKind'
import type { ProvenanceSource } from '../../shared/provenanceApi'
import type { ReviewView } from '../../shared/permissionApi'

/**
 * `allow_conversation`: run it, and stop the guard asking for this tool for the rest of the conversation (guardInspector.ts).
 * `allow_session`: run it, and allow the tool (this definition of it) for the rest of the session, across restarts (sessionGrants.ts).
 */
export const ApprovalAnswerSchema = z.enum(['allow_once', 'allow_always', 'allow_conversation', 'allow_session', 'deny'])
export type ApprovalAnswer = z.infer<typeof ApprovalAnswerSchema>

/** How an approval ended. Anything but the person's allow is a deny. */
export type ApprovalOutcome =
  | { answer: ApprovalAnswer; by: 'person' }
  | { answer: 'deny'; by: 'timeout' | 'cancelled' | 'closed' }
  /** A low rating answered a question the permission mode alone asked (assistedReview.ts). */
  | { answer: 'allow_once'; by: 'assisted-review' }

/** One pending approval as the renderer sees it (arguments with secret values masked). */
export interface PendingApproval {
  id: string
  kind: 'approval'
  callId: string
  origin: CallOrigin
  sessionId?: string
  /** Who asks: the dialog names it ("Cursor (a connected app) asks…"). */
  caller: Caller
  extensionId: string
  extensionTrust: ExtensionTrust
  toolName: string
  tool: { name: string; title?: string; description?: string }
  arguments: unknown
  annotations?: ToolAnnotations
  hints: ReturnType<typeof effectiveHints>
  reasons: string[]
  findings: Finding[]
  changed?: DefinitionChange
  /** False when "always allow" would not stop the prompt (security findings, an ask rule): the dialog should not offer it. */
  offerAlways: boolean
  /** The guard asks: the outside content in the caller's context, named in the dialog. */
  guard?: { sources: ProvenanceSource[] }
  /** Whether "Allow for the rest of this conversation" is offered (the guard asked, in a conversation). */
  offerConversation: boolean
  /** Whether "Allow for this session" is offered (a session's call that "always allow" would stop asking). */
  offerSession: boolean
  /** Assisted review's rating, updated in place when it arrives. */
  review?: ReviewView
  createdAt: string
  expiresAt: string
}

export type ApprovalErrorCode = 'unknown-id' | 'already-answered' | 'wrong-call' | 'invalid-answer' | 'always-not-offered' | 'conversation-not-offered' | 'session-not-offered'

/** A refused answer; the message says what to do. */
export class ApprovalError extends Error {
  constructor(
    readonly code: ApprovalErrorCode,
    message: string,
  ) {
    super(message)
    this.name = 'ApprovalError'
  }
}

export interface ApprovalBrokerOptions {
  /** Unanswered approvals are denied after this long. Default 5 minutes. */
  timeoutMs?: number
  /** Masks secret values in the arguments shown to the renderer (pass log's redactSecrets). */
  redact?: (text: string) => string
  /** Runs before the call is released, e.g. to save "always allow"; respond() waits for it. */
  onAnswered?: (call: ToolCallRequest, decision: Decision, answer: ApprovalAnswer) => Promise<void> | void
  now?: () => Date
}

export interface ApprovalBroker {
  /** Parks the call until it is answered; always resolves, never rejects. */
  request(call: ToolCallRequest, decision: Decision, options?: { signal?: AbortSignal; timeoutMs?: number; onPending?: (id: string) => void }): Promise<ApprovalOutcome>
  list(): PendingApproval[]
  /**
   * The person's answer. `answer` is validated here (it comes from the renderer). With
   * `expect.callId`, the answer is refused unless the approval is for that call.
   */
  respond(id: string, answer: unknown, expect?: { callId?: string }): Promise<ApprovalOutcome>
  /** Shows assisted review's rating in a pending approval (nothing when it was answered meanwhile). */
  setReview(id: string, review: ReviewView): void
  /** A low rating answers the approval with allow once; false when it is no longer waiting (the person was first). */
  allowByReview(id: string): boolean
  /** Whether `id` was one of this broker's approvals that is no longer waiting (answered, timed out or cancelled). */
  settled(id: string): boolean
  onChange(listener: () => void): () => void
  /** Denies everything pending (on shutdown) and stops all timers. */
  close(): void
}

export const DEFAULT_APPROVAL_TIMEOUT_MS = 5 * 60_000
/** How many answered ids are remembered, to tell "already answered" from "unknown". */
const REMEMBERED_ANSWERS = 1000

interface Entry {
  view: PendingApproval
  call: ToolCallRequest
  decision: Decision
  finish(outcome: ApprovalOutcome): void
}

/** Whether the guard asked in a conversation, and nothing but the guard and the person's settings holds the call back. */
function conversationWouldHelp(call: ToolCallRequest, decision: Decision): boolean {
  if (!decision.guard || call.origin === 'person' || call.origin === 'connected-app' || call.sessionId === undefined) return false
  return decision.steps.every((step) => step.inspector === 'permission' || step.inspector === 'guard' || step.verdict === 'allow')
}

/** Whether "Allow for this session" would stop this prompt next time: "always" would, and nothing but the mode, a lapsed "always" or a changed definition asked. */
function sessionWouldHelp(call: ToolCallRequest, decision: Decision): boolean {
  if (call.origin === 'person' || call.origin === 'connected-app' || call.sessionId === undefined) return false
  const permission = decision.steps.find((step) => step.inspector === 'permission')
  return alwaysWouldHelp(decision) && ['mode-smart', 'mode-ask', 'policy-lapsed', 'definition-changed'].includes(permission?.cause ?? '')
}

/** Whether answering "always" would actually stop this prompt next time. */
function alwaysWouldHelp(decision: Decision): boolean {
  return decision.steps.every((step) => step.inspector === 'permission' || step.verdict === 'allow') && !decision.steps.some((step) => step.cause === 'rule-ask')
}

function deepRedact(value: unknown, redact: (text: string) => string): unknown {
  if (typeof value === 'string') return redact(value)
  if (Array.isArray(value)) return value.map((item) => deepRedact(item, redact))
  if (value !== null && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([key, member]) => [redact(key), deepRedact(member, redact)]))
  return value
}

/** What the renderer is shown about one pending approval. */
function approvalView(id: string, call: ToolCallRequest, decision: Decision, at: { created: Date; limit: number; redact: (text: string) => string }): PendingApproval {
  const { tool } = call
  const { redact } = at
  const title = tool.title ?? tool.annotations?.title
  return {
    id,
    kind: 'approval',
    callId: call.callId,
    origin: call.origin,
    ...(call.origin !== 'person' && call.sessionId !== undefined ? { sessionId: call.sessionId } : {}),
    caller: callerOf(call),
    extensionId: call.extensionId,
    extensionTrust: call.extensionTrust,
    toolName: call.toolName,
    tool: { name: tool.name, ...(title !== undefined ? { title } : {}), ...(tool.description !== undefined ? { description: tool.description } : {}) },
    arguments: deepRedact(call.arguments, redact),
    ...(tool.annotations ? { annotations: tool.annotations } : {}),
    hints: effectiveHints(tool.annotations, call.extensionTrust),
    // Excerpts and reasons quote arguments and tool results, so they are masked like the arguments.
    reasons: decision.reasons.map(redact),
    findings: decision.findings.map((finding) => ({ ...finding, message: redact(finding.message), ...(finding.excerpt !== undefined ? { excerpt: redact(finding.excerpt) } : {}) })),
    ...(decision.changed ? { changed: decision.changed } : {}),
    offerAlways: alwaysWouldHelp(decision),
    ...(decision.guard ? { guard: decision.guard } : {}),
    offerConversation: conversationWouldHelp(call, decision),
    offerSession: sessionWouldHelp(call, decision),
    createdAt: at.created.toISOString(),
    expiresAt: new Date(at.created.getTime() + at.limit).toISOString(),
  }
}

export function createApprovalBroker(options: ApprovalBrokerOptions = {}): ApprovalBroker {
  const timeoutMs = options.timeoutMs ?? DEFAULT_APPROVAL_TIMEOUT_MS
  const now = options.now ?? (() => new Date())
  const redact = options.redact ?? ((text: string) => text)
  const pending = new Map<string, Entry>()
  const answered = new Set<string>()
  const listeners = new Set<() => void>()

  const changed = () => {
    for (const listener of listeners) {
      try {
        listener()
      } catch (error) {
        log('warn', 'permissions', `an approvals listener failed: ${(error as Error).message}`)
      }
    }
  }
  const remember = (id: string) => {
    answered.add(id)
    if (answered.size > REMEMBERED_ANSWERS) answered.delete(answered.values().next().value!)
  }

  /** Removes a pending approval (so nothing can answer it twice) and returns it. */
  const take = (id: string): Entry | undefined => {
    const entry = pending.get(id)
    if (!entry) return undefined
    pending.delete(id)
    remember(id)
    return entry
  }

  return {
    request(call, decision, requestOptions = {}) {
      if (requestOptions.signal?.aborted) return Promise.resolve({ answer: 'deny', by: 'cancelled' })
      const id = randomUUID()
      const created = now()
      const limit = requestOptions.timeoutMs ?? timeoutMs
      return new Promise<ApprovalOutcome>((resolve) => {
        const onAbort = () => take(id)?.finish({ answer: 'deny', by: 'cancelled' })
        const timer = setTimeout(() => take(id)?.finish({ answer: 'deny', by: 'timeout' }), limit)
        // A pending approval must not keep the process alive on its own.
        timer.unref?.()
        requestOptions.signal?.addEventListener('abort', onAbort, { once: true })
        pending.set(id, {
          call,
          decision,
          finish(outcome) {
            clearTimeout(timer)
            requestOptions.signal?.removeEventListener('abort', onAbort)
            resolve(outcome)
            changed()
          },
          view: approvalView(id, call, decision, { created, limit, redact }),
        })
        requestOptions.onPending?.(id)
        changed()
      })
    },

    list: () => [...pending.values()].map((entry) => entry.view),

    settled: (id) => !pending.has(id) && answered.has(id),

    setReview(id, review) {
      const entry = pending.get(id)
      if (!entry) return
      // Masked like everything else the window is shown: the sentence may quote the arguments.
      entry.view = { ...entry.view, review: { ...review, ...(review.reason !== undefined ? { reason: redact(review.reason) } : {}) } }
      changed()
    },

    allowByReview(id) {
      const entry = take(id)
      if (!entry) return false
      entry.finish({ answer: 'allow_once', by: 'assisted-review' })
      return true
    },

    async respond(id, rawAnswer, expect = {}) {
      const parsed = ApprovalAnswerSchema.safeParse(rawAnswer)
      if (!parsed.success) throw new ApprovalError('invalid-answer', `An approval is answered with allow_once, allow_always, allow_conversation, allow_session or deny, not ${JSON.stringify(rawAnswer)}.`)
      const answer = parsed.data
      const entry = typeof id === 'string' ? pending.get(id) : undefined
      if (!entry) {
        if (typeof id === 'string' && answered.has(id)) throw new ApprovalError('already-answered', `The approval ${id} was already answered (or timed out or was cancelled); its call is no longer waiting.`)
        throw new ApprovalError('unknown-id', `There is no pending approval with the id ${JSON.stringify(id)}. Read switchboard://elicitations for the current ones.`)
      }
      if (expect.callId !== undefined && expect.callId !== entry.call.callId) {
        throw new ApprovalError('wrong-call', `The approval ${id} is for another call than ${JSON.stringify(expect.callId)}; nothing was answered.`)
      }
      if (answer === 'allow_conversation' && !entry.view.offerConversation) {
        throw new ApprovalError('conversation-not-offered', `"Allow for the rest of this conversation" is offered only when the guard after outside content asks. Answer allow_once or deny.`)
      }
      if (answer === 'allow_session' && !entry.view.offerSession) {
        throw new ApprovalError('session-not-offered', `"Allow for this session" is not available for this call (${entry.view.reasons.join(' ')}). Answer allow_once or deny.`)
      }
      if (answer === 'allow_always' && !entry.view.offerAlways) {
        throw new ApprovalError('always-not-offered', `"Always allow" is not available for this call (${entry.view.reasons.join(' ')}). Answer allow_once or deny.`)
      }
      // Taken out before any await, so a second answer racing this one is refused as already answered.
      take(id)
      const outcome: ApprovalOutcome = { answer, by: 'person' }
      try {
        await options.onAnswered?.(entry.call, entry.decision, answer)
      } finally {
        // The person's answer for this call stands even if saving "always" failed; respond() still reports that failure.
        entry.finish(outcome)
      }
      return outcome
    },

    onChange(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },

    close() {
      for (const id of [...pending.keys()]) take(id)?.finish({ answer: 'deny', by: 'closed' })
    },
  }
}
