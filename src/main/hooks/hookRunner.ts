/**
 * Runs the hooks of one event: each matching, enabled, approved hook in order, every one getting the
 * payload as the one before left it. Observing (`!mutate:`) hooks are started at their place in the
 * order with the payload as it is there, and not waited for: they cannot change or refuse anything. A hook is a tool call through the extension dispatcher, made
 * by main itself: it is not a model's call, so it never reaches hooks of its own (hooks never
 * trigger hooks). Before it is dispatched it is authorized (`authorize`: the permission layer's
 * chain, where the guard after outside content asks once the session holds outside content); a call
 * not allowed is a failed hook. What each hook changed is returned as the mutation trail.
 */
import { isDeepStrictEqual } from 'node:util'
import type { CallOutcome, DispatchOptions, ToolCallRequest } from '../extensions'
import { wildcardMatch } from '../permissions/rules/wildcard'
import { hookSubject, type Hook, type HookChange, type HookEvent } from '../../shared/hooksApi'
import { formatDuration } from '../../shared/format'
import { canRefuse, type HookPayload } from './hookPayloads'
import { readStructured, type HookAnswer } from './hookAnswer'
import { matchedValue, matcherMatches } from './commandHooks/claudeFormat'
import { callCommandHook } from './commandHooks/commandHook'

export type HookDispatch = (request: ToolCallRequest, options: DispatchOptions) => Promise<CallOutcome>
/**
 * Whether a hook's call of its tool may go ahead, asked before its time-out starts (an approval can
 * take longer than a hook may): undefined when it may, else why not. `sessionId` is the payload's.
 * The same `request.arguments` object is then dispatched (the activity log joins the two by it).
 */
export type HookAuthorize = (hook: Hook, request: ToolCallRequest, sessionId: string | undefined) => Promise<string | undefined>

export interface HookRunResult<E extends HookEvent> {
  payload: HookPayload<E>
  /** Set for user-message and tool-call events when a hook refused or failed: the step does not go ahead. */
  refusal?: { hook: string; reason: string }
  changes: HookChange[]
  /** Hooks that failed or refused where they cannot refuse, in words for the turn's notice. */
  warnings: string[]
  /** A tool-call hook answered "ask": the call needs the person's approval, whatever the permissions say. */
  ask?: { hook: string; reason?: string }
  /** Context hooks added for the model (command hooks' `additionalContext`), each naming its hook. */
  context: string[]
  /**
   * Starts the observing (`!mutate:`) hooks of this step, which the step never waits for: the turn
   * starts them once the step is over (so they cost the step nothing), with the payload as it was.
   * Starts them once however often it is called; settles, never rejects, with their warnings once
   * all of them finished (or timed out).
   */
  observe: () => Promise<string[]>
}

/** What the agent loop calls at each step of a turn. */
export interface TurnHooks {
  run<E extends HookEvent>(event: E, payload: HookPayload<E>): Promise<HookRunResult<E>>
}

export interface HookRunnerOptions {
  hooks: () => readonly Hook[]
  dispatch: HookDispatch
  /** Absent: every call of an approved hook's tool goes ahead (a hook's test run, which the person starts). */
  authorize?: HookAuthorize
}

function matches(hook: Hook, event: HookEvent, payload: object): boolean {
  if (!hook.enabled || hook.event !== event || hook.approvedTarget !== hookSubject(hook)) return false
  if (hook.command) {
    const value = matchedValue(event, payload as Record<string, unknown>)
    return value === undefined || matcherMatches(hook.command.matcher, value)
  }
  const { tool, extension } = payload as { tool?: string; extension?: string }
  if (hook.match.tool !== undefined && (tool === undefined || !wildcardMatch(hook.match.tool, tool))) return false
  return hook.match.extension === undefined || hook.match.extension === extension
}

/** Calls one hook's target (or runs its command) with the payload; every failure is an answer with a reason, never a throw. */
export async function callHook(hook: Hook, event: HookEvent, payload: object, dispatch: HookDispatch, authorize?: HookAuthorize): Promise<HookAnswer> {
  if (hook.command) return callCommandHook(hook, hook.command, event, payload as Record<string, unknown>)
  const request = { name: hook.target ?? '', arguments: { event, ...payload } }
  const sessionId = (payload as { sessionId?: unknown }).sessionId
  const refused = await authorize?.(hook, request, typeof sessionId === 'string' ? sessionId : undefined)
  if (refused !== undefined) return { ok: false, reason: refused }
  const timer = new AbortController()
  const timeout = setTimeout(() => timer.abort(), hook.timeoutMs)
  let outcome: CallOutcome
  try {
    outcome = await dispatch(request, { signal: timer.signal })
  } finally {
    clearTimeout(timeout)
  }
  if (timer.signal.aborted || outcome.status === 'timed-out') return { ok: false, reason: `it did not answer within ${formatDuration(hook.timeoutMs)}` }
  if (outcome.status !== 'ok') return { ok: false, reason: outcome.message }
  const text = outcome.result.content.flatMap((block) => (block.type === 'text' ? [block.text] : [])).join(' ').slice(0, 300)
  if (outcome.result.isError) return { ok: false, reason: text || 'its tool returned an error' }
  return await readStructured(event, outcome.result.structuredContent)
}

/** The changes a hook's fields make to the payload; `tools` may only shrink (a hook never offers a tool the turn did not). */
function applyFields(payload: Record<string, unknown>, fields: Record<string, unknown>): Record<string, unknown> {
  const next = { ...payload, ...fields }
  if (Array.isArray(fields.tools) && Array.isArray(payload.tools)) {
    const offered = new Set(payload.tools as string[])
    next.tools = (fields.tools as string[]).filter((name) => offered.has(name))
  }
  return next
}

export function createHookRunner(options: HookRunnerOptions): TurnHooks {
  return {
    async run<E extends HookEvent>(event: E, payload: HookPayload<E>): Promise<HookRunResult<E>> {
      const result: Omit<HookRunResult<E>, 'observe'> = { payload, changes: [], warnings: [], context: [] }
      const observers: (() => Promise<string | undefined>)[] = []
      let observing: Promise<string[]> | undefined
      const observe = () => (observing ??= Promise.all(observers.map((start) => start())).then((outcomes) => outcomes.filter((text) => text !== undefined)))
      const done = (): HookRunResult<E> => ({ ...result, observe })
      const hooks = options.hooks().filter((hook) => matches(hook, event, payload))
      for (const hook of hooks) {
        if (hook.observeOnly) {
          // An observer can neither refuse nor change anything, so the step does not wait for it:
          // it is called when the caller starts the observers (observe), with the payload it saw here.
          const seen = result.payload
          observers.push(() =>
            callHook(hook, event, seen, options.dispatch, options.authorize).then(
              (answer) => observerWarning(hook, event, answer),
              (error: unknown) => observerWarning(hook, event, { ok: false, reason: error instanceof Error ? error.message : String(error) }),
            ),
          )
          continue
        }
        const answer = await callHook(hook, event, result.payload, options.dispatch, options.authorize)
        if (answer.ok && answer.warning) result.warnings.push(`Hook "${hook.name}" at ${event}: ${answer.warning}. The turn went on.`)
        if (!answer.ok || answer.decision === 'deny') {
          const reason = answer.ok ? (answer.reason ?? 'no reason given') : `the hook failed: ${answer.reason}`
          if (canRefuse(event)) return { ...done(), refusal: { hook: hook.name, reason } }
          result.warnings.push(`Hook "${hook.name}" ${answer.ok ? 'refused' : 'failed'} at ${event}: ${reason}. The turn went on.`)
          continue
        }
        if (answer.decision === 'ask' && event === 'tool-call') result.ask ??= { hook: hook.name, ...(answer.reason ? { reason: answer.reason } : {}) }
        if (answer.context && TAKES_CONTEXT.has(event)) {
          result.context.push(`[Context from hook "${hook.name}": ${answer.context}]`)
          result.changes.push({ hook: hook.name, field: 'context', reason: 'added context for the model' })
        }
        const current = result.payload as unknown as Record<string, unknown>
        const next = applyFields(current, answer.fields)
        for (const field of Object.keys(answer.fields)) {
          if (!isDeepStrictEqual(current[field], next[field])) result.changes.push({ hook: hook.name, field, ...(answer.reason ? { reason: answer.reason.slice(0, 500) } : {}) })
        }
        result.payload = next as unknown as HookPayload<E>
      }
      return done()
    },
  }
}

/** Where added context has a place: the person's message, or the tool call's result. */
const TAKES_CONTEXT = new Set<HookEvent>(['session-start', 'user-message', 'tool-call', 'tool-result'])


/** What an observing hook's outcome tells the person: nothing when it answered, a warning when it failed or tried to refuse. */
function observerWarning(hook: Hook, event: HookEvent, answer: HookAnswer): string | undefined {
  if (!answer.ok) return `Observing hook "${hook.name}" failed at ${event}: ${answer.reason}. It only observes, so nothing was held up.`
  if (answer.decision === 'deny') return `Observing hook "${hook.name}" answered "deny" at ${event}${answer.reason ? ` (${answer.reason})` : ''}; a hook that only observes cannot refuse, so the step went on.`
  return undefined
}

/** No hooks: what the loop uses when none are given. */
export const NO_HOOKS: TurnHooks = { run: async (_event, payload) => ({ payload, changes: [], warnings: [], context: [], observe: async () => [] }) }
