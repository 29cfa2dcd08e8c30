/**
 * One routine run, the way a `chat-with-<agent>` call runs: the launcher calls the agent's tool
 * through the extension dispatcher (so the agent server makes the session and starts the turn with
 * its hooks, approvals, trail and history), with the run's host-only marker (routineGrants.ts) that
 * carries the routine's name, mode, approval wait and caps into the turn, and follows the turn to
 * its end. Caps (tool calls, tokens as the provider reports them, wall time) and an approval nobody
 * answered end the run, with a note in its session; a pending approval shows the run as waiting and
 * sends one notification (the app's, or the browser's in browser mode).
 */
import { agentExtensionId, agentToolName, historyUri, type HistoryResource, type Routine } from '../../../shared/hostApi'
import { namespacedToolName } from '../../../shared/toolNames'
import { ROUTINE_RUN_META_KEY } from '../../builtins/agentServer'
import type { TurnResult } from '../../agent'
import type { ApprovalBroker } from '../../permissions'
import type { ChatService, RoutineTurn } from '../chat/chatService'
import { PERSON_CALLER, type CallerGrants } from '../agents/callerGrants'
import type { RoutineClock, TimerHandle } from './clock'
import type { RoutineGrants } from './routineGrants'
import type { RoutineLauncher, RunEnd } from './routineService'

const MINUTE_MS = 60_000

/** A chat-with call's outcome as far as the launcher cares. */
export type ChatWithOutcome = { ok: true } | { ok: false; message: string }

export interface RoutineLauncherOptions {
  grants: RoutineGrants
  clock: RoutineClock
  chat: Pick<ChatService, 'cancel' | 'history' | 'onChange' | 'note'>
  callers: Pick<CallerGrants, 'run'>
  /** Calls a catalog tool by its namespaced name with `_meta` (the extension dispatcher). */
  call(name: string, args: Record<string, unknown>, meta: Record<string, unknown>): Promise<ChatWithOutcome>
  /** Resolves true once the tool is in the catalog (the agent's extension connected), false when it did not come. */
  toolReady(name: string): Promise<boolean>
  broker: Pick<ApprovalBroker, 'list' | 'onChange'>
  /** One notification to the person (the OS's in the app, the browser's in browser mode). */
  notify(title: string, body: string): void
  /** True while the host shuts down: a turn cancelled then was interrupted, not failed. */
  closing(): boolean
}

/**
 * Tokens so far: as the provider reported them; without its usage data, the tokenizer's estimate of
 * each request Switchboard recorded on the replies (of the newest page of the history).
 */
function tokensOf(history: HistoryResource): number {
  if (history.usage) return history.usage.input + history.usage.output
  return history.messages.reduce((sum, message) => sum + (message.role === 'assistant' ? (message.tokens?.request ?? 0) : 0), 0)
}

export function createRoutineLauncher(options: RoutineLauncherOptions): RoutineLauncher {
  const { grants, clock, chat } = options
  return async (routine: Routine, handle) => {
    const { limits } = routine
    const toolName = namespacedToolName(agentExtensionId(routine.agentId), agentToolName(routine.agentId))
    if (!(await options.toolReady(toolName))) return { outcome: 'failed', note: `The agent "${routine.agentId}" did not become ready to answer; check it in Settings → Agents and Settings → Extensions.` }

    let ending: { outcome: 'capped' | 'denied'; note: string } | undefined
    let sessionId: string | undefined
    let toolCalls = 0
    let personDenied = false
    const end = (outcome: 'capped' | 'denied', note: string) => {
      if (ending) return
      ending = { outcome, note }
      if (sessionId) chat.cancel(sessionId)
    }
    const approvalWaitMs = Math.min(limits.approvalWaitMinutes, limits.maxMinutes) * MINUTE_MS
    const turn: RoutineTurn = {
      name: routine.name,
      mode: limits.mode,
      approvalTimeoutMs: approvalWaitMs,
      beforeCall() {
        toolCalls++
        if (toolCalls <= limits.maxToolCalls) return undefined
        const note = `The routine "${routine.name}" reached its cap of ${limits.maxToolCalls} tool call${limits.maxToolCalls === 1 ? '' : 's'}, so this run ended here. Raise the cap in Settings → Routines if it needs more.`
        end('capped', note)
        return note
      },
      afterAuthorize({ run, approvalBy }) {
        if (approvalBy === 'timeout') end('denied', approvalNote(routine, limits.approvalWaitMinutes))
        else if (!run && approvalBy === 'person') personDenied = true
      },
    }
    // Set by the agent server's start (a callback, so held in an object the compiler does not narrow away).
    const begun: { run?: { sessionId: string; turnId: string; done: Promise<TurnResult> } } = {}
    const grant = grants.issue({
      turn,
      ...(handle.sessionId ? { sessionId: handle.sessionId } : {}),
      title: `${routine.name} · ${new Date(clock.now()).toISOString().slice(0, 16).replace('T', ' ')}`,
      started(run) {
        begun.run = run
        sessionId = run.sessionId
      },
    })
    let outcome: ChatWithOutcome
    try {
      outcome = await options.callers.run(PERSON_CALLER, (meta) =>
        options.call(toolName, { prompt: routine.prompt, ...(routine.attachments?.length ? { attachments: routine.attachments } : {}) }, { ...meta, [ROUTINE_RUN_META_KEY]: grant.token }),
      )
    } finally {
      grant.revoke()
    }
    if (!outcome.ok) return { outcome: 'failed', note: outcome.message }
    const run = begun.run
    if (!run) return { outcome: 'failed', note: 'The agent did not start a turn for this run.' }
    handle.started(run.sessionId)
    // A cap reached before the call returned (a fast model) ends the run now.
    if (ending) chat.cancel(run.sessionId)

    const timers: TimerHandle[] = []
    const stops: (() => void)[] = []
    // Wall time: the whole run, from now.
    timers.push(clock.setTimer(limits.maxMinutes * MINUTE_MS, () => end('capped', `The routine "${routine.name}" reached its cap of ${limits.maxMinutes} minute${limits.maxMinutes === 1 ? '' : 's'}, so this run ended here.`)))
    // Tokens: what this run's replies report, over what the session had before it.
    const baseline = tokensOf(await chat.history(run.sessionId))
    const uri = historyUri(run.sessionId)
    stops.push(
      chat.onChange((changed) => {
        if (changed !== uri || ending) return
        void chat.history(run.sessionId).then((history) => {
          const used = tokensOf(history) - baseline
          if (used > limits.maxTokens) end('capped', tokensNote(routine, used, limits.maxTokens))
        })
      }),
    )
    // Waiting for an approval: the run says so, one notification goes out, and the wait is bounded on the routine's clock.
    let waitingFor: string | undefined
    let waitTimer: TimerHandle | undefined
    const watchApprovals = () => {
      const pending = options.broker.list().find((approval) => approval.sessionId === run.sessionId)
      if (pending?.id === waitingFor) return
      waitTimer?.cancel()
      waitTimer = undefined
      waitingFor = pending?.id
      handle.waiting(pending !== undefined)
      if (!pending) return
      options.notify(`${routine.name} needs your approval`, `The routine wants to use ${pending.tool.title ?? pending.tool.name}. It waits up to ${limits.approvalWaitMinutes} min; open Switchboard to answer.`)
      waitTimer = clock.setTimer(approvalWaitMs, () => end('denied', approvalNote(routine, limits.approvalWaitMinutes)))
    }
    stops.push(options.broker.onChange(watchApprovals))
    watchApprovals()

    let result: TurnResult
    try {
      result = await run.done
    } finally {
      timers.forEach((timer) => timer.cancel())
      waitTimer?.cancel()
      stops.forEach((stop) => stop())
    }
    // The last reply's usage may come in as the turn ends: the token cap is checked once more.
    if (!ending) {
      const used = tokensOf(await chat.history(run.sessionId)) - baseline
      if (used > limits.maxTokens) ending = { outcome: 'capped', note: tokensNote(routine, used, limits.maxTokens) }
    }
    if (ending) {
      await chat.note(run.sessionId, run.turnId, ending.note).catch(() => undefined)
      return ending
    }
    const ended = endOf(result, options.closing())
    return ended.outcome === 'done' && personDenied ? { outcome: 'denied', note: 'You denied a tool call of this run; the agent went on without it.' } : ended
  }
}

function tokensNote(routine: Routine, used: number, cap: number): string {
  return `The routine "${routine.name}" used ${used} tokens, over its cap of ${cap}, so this run ended here.`
}

function approvalNote(routine: Routine, minutes: number): string {
  return `A tool call of the routine "${routine.name}" waited ${minutes} minute${minutes === 1 ? '' : 's'} for an approval nobody gave, so it was denied and this run ended.`
}

function endOf(result: TurnResult, closing: boolean): RunEnd {
  switch (result.status) {
    case 'done':
      return { outcome: 'done' }
    case 'step-limit':
      return { outcome: 'done', note: 'The agent stopped at its step limit.' }
    case 'cancelled':
      return closing ? { outcome: 'interrupted', note: 'Switchboard stopped while this run was going.' } : { outcome: 'failed', note: 'The run was stopped before it finished.' }
    case 'failed':
      return { outcome: 'failed', note: result.error?.message ?? 'The turn failed.' }
  }
}

/** Resolves true once `name` is in the catalog, false after `timeoutMs` (an agent's extension connects in the background at start). */
export function waitForTool(cache: { catalog(): { tools: readonly { name: string }[] }; onChange(listener: () => void): () => void }, name: string, timeoutMs: number): Promise<boolean> {
  const present = () => cache.catalog().tools.some((tool) => tool.name === name)
  if (present()) return Promise.resolve(true)
  return new Promise((resolve) => {
    const timer = setTimeout(() => finish(false), timeoutMs)
    timer.unref?.()
    const stop = cache.onChange(() => present() && finish(true))
    function finish(found: boolean) {
      clearTimeout(timer)
      stop()
      resolve(found)
    }
  })
}
