/**
 * The agent's committed messages and turn progress as the renderer sees them (chatApi.ts). While a
 * step is in flight it is shown by the progress resource only; once all of it is committed it
 * moves to the history. So nothing is drawn twice and nothing is missing in between.
 */
import type { ChatMessageView, ConversationUsage, HistoryPageRequest, HistoryResource, ModelFactsRow, ProgressResource, ProgressSince, ToolCallView } from '../../../shared/hostApi'
import { conversationUsage, usageView } from './usageViews'
import { pageRange } from './historyPage'
import type { HistoryEntry, HistoryPayload, ProgressPayload, ToolCallProgress, ToolResultMessage, TurnProgress } from '../../agent'

/** Finds the committed result of a call of the step in flight (its card shows it before the step moves to history). */
export type CommittedResult = (callId: string) => ToolResultMessage | undefined

const RESULT_STATE = { ok: 'done', error: 'error', denied: 'denied', cancelled: 'cancelled', 'timed-out': 'timed-out' } as const

function running(progress: ProgressPayload): TurnProgress | undefined {
  return 'turnId' in progress && (progress.status === 'streaming' || progress.status === 'running-tools') ? progress : undefined
}

/** The in-flight step is committed as a whole once its text and every tool result are. */
function stepCommitted(turn: TurnProgress): boolean {
  return turn.assistantMessageId !== undefined && turn.toolCalls.every((call) => call.resultMessageId !== undefined)
}

/** The card shows what the call went ahead with; the model's own arguments go along when hooks changed them. */
function shownArguments(model: unknown, ran: Record<string, unknown> | undefined): Pick<ToolCallView, 'arguments' | 'modelArguments'> {
  return ran ? { arguments: ran, modelArguments: model } : { arguments: model }
}

/** Structured output travels with the result only when there is some. */
function structured(value: unknown): { structuredContent?: unknown } {
  return value === undefined ? {} : { structuredContent: value }
}

function toolCallFromHistory(call: Extract<HistoryEntry, { kind: 'assistant' }>['toolCalls'][number]): ToolCallView {
  const { result } = call
  return {
    callId: call.callId,
    toolName: call.name,
    ...shownArguments(call.arguments, result?.ranArguments),
    // No result and no turn running: the app stopped before the call finished.
    state: result ? RESULT_STATE[result.status] : 'cancelled',
    result: result && { content: result.content, isError: result.status !== 'ok', truncated: result.truncated !== undefined, ...structured(result.structuredContent) },
    ...(result?.hookChanges ? { hookChanges: result.hookChanges } : {}),
    ...(result?.provenance ? { provenance: result.provenance } : {}),
  }
}

function messageView(entry: HistoryEntry, facts: readonly ModelFactsRow[]): ChatMessageView {
  switch (entry.kind) {
    case 'user':
      return {
        id: entry.id,
        role: 'user',
        // The person sees what an App hid in its message (escaped); the model got `text`, without it.
        text: entry.shown ?? entry.text,
        created: entry.at,
        ...(entry.attachments?.length ? { attachments: entry.attachments } : {}),
        ...(entry.from ? { from: entry.from } : {}),
        ...(entry.provenance ? { provenance: entry.provenance } : {}),
        ...(entry.hookChanges ? { hookChanges: entry.hookChanges } : {}),
        ...(entry.refusedBy ? { refusedBy: entry.refusedBy } : {}),
      }
    case 'assistant':
      return {
        id: entry.id,
        role: 'assistant',
        text: entry.text,
        created: entry.at,
        turnId: entry.turnId,
        step: entry.step,
        toolCalls: entry.toolCalls.map(toolCallFromHistory),
        stopped: entry.end === 'stopped' || undefined,
        cutOff: entry.end === 'failed' || undefined,
        ...(entry.tokens ? { tokens: entry.tokens } : {}),
        ...(entry.hookChanges ? { hookChanges: entry.hookChanges } : {}),
        ...(entry.model ? { model: entry.model } : {}),
        ...(entry.usage ? { usage: usageView(entry.usage, entry.model, facts) } : {}),
        ...(entry.agent ? { agent: entry.agent } : {}),
      }
    case 'summary':
      return {
        id: entry.id,
        role: 'assistant',
        text: '',
        created: entry.at,
        toolCalls: [],
        summary: { text: entry.text, covered: entry.covered, tokensBefore: entry.tokensBefore, tokensAfter: entry.tokensAfter, ...(entry.provenance ? { provenance: entry.provenance } : {}) },
        ...(entry.model ? { model: entry.model } : {}),
        ...(entry.usage ? { usage: usageView(entry.usage, entry.model, facts) } : {}),
      }
    case 'notice':
      // The tools were over the limit, or "auto" changed how they are offered: a note above the reply.
      // A turn that ended early (step limit, provider error): shown as the reason, with what to do.
      return entry.reason === 'tool-limit' || entry.reason === 'tool-offer' || entry.reason === 'hook'
        ? { id: entry.id, role: 'assistant', text: '', created: entry.at, toolCalls: [], note: { kind: entry.reason, text: entry.text } }
        : { id: entry.id, role: 'assistant', text: '', created: entry.at, toolCalls: [], error: entry.text }
  }
}

/**
 * `facts`: the person's rows of the model table, for the cost of each reply. `page`: which page
 * (historyPage.ts); `'whole'` for every message (an export). Only the page's messages are turned
 * into views; the usage is the whole conversation's.
 */
export function historyView(
  history: HistoryPayload,
  progress: ProgressPayload,
  facts: readonly ModelFactsRow[] = [],
  page: HistoryPageRequest | 'whole' = {},
  usage: ConversationUsage | undefined = conversationUsage(history.all, facts),
): HistoryResource {
  const turn = running(progress)
  const inFlight = turn && !stepCommitted(turn) ? turn.assistantMessageId : undefined
  // Whether the step is whole is read from the history itself: the progress is published at most every
  // ~30 ms, so it may still show a step whose results (and even the next reply) are already committed.
  const partial = (entry: HistoryEntry) => entry.id === inFlight && entry.kind === 'assistant' && entry.toolCalls.some((call) => call.result === undefined)
  // The step in flight is one of the newest entries: looked for from the end, not over the whole conversation.
  const partialAt = inFlight === undefined ? -1 : history.messages.findLastIndex((entry) => entry.id === inFlight)
  const entries = partialAt >= 0 && partial(history.messages[partialAt]!) ? history.messages.toSpliced(partialAt, 1) : history.messages
  const { start, end } = page === 'whole' ? { start: 0, end: entries.length } : pageRange(entries, page)
  const precedingId = entries[start - 1]?.id
  return {
    sessionId: history.sessionId,
    messages: entries.slice(start, end).map((entry) => messageView(entry, facts)),
    ...(usage ? { usage } : {}),
    offset: start,
    total: entries.length,
    hasOlder: start > 0,
    hasNewer: end < entries.length,
    ...(precedingId !== undefined ? { precedingId } : {}),
  }
}

function toolCallFromProgress(call: ToolCallProgress, committedResult: CommittedResult): ToolCallView {
  const committed = call.resultMessageId === undefined ? undefined : committedResult(call.callId)
  const result = committed
    ? { content: committed.content, isError: committed.status !== 'ok', truncated: committed.truncated !== undefined, ...structured(committed.structuredContent) }
    : call.message !== undefined && call.state !== 'running' && call.state !== 'pending-approval'
      ? { content: [{ type: 'text', text: call.message }], isError: call.state !== 'done' }
      : undefined
  const hookChanges = committed?.hookChanges ?? call.hookChanges
  return { callId: call.callId, toolName: call.name, ...shownArguments(call.arguments, committed?.ranArguments ?? call.ranArguments), state: call.state, progress: call.progress, result, ...(hookChanges ? { hookChanges } : {}) }
}

/**
 * `retrying` is set while the provider waits to retry a rate-limited or failed request. `since`: what
 * the reader already holds; a step's text only ever grows (a new step starts a new text), so when the
 * turn and step are the same the reader gets only what follows.
 */
export function progressView(sessionId: string, progress: ProgressPayload, committedResult: CommittedResult, retrying?: string, since?: ProgressSince): ProgressResource {
  const turn = running(progress)
  if (!turn) return { sessionId, turn: null }
  const committed = stepCommitted(turn)
  const toolCalls = committed ? [] : turn.toolCalls.map((call) => toolCallFromProgress(call, committedResult))
  const status = toolCalls.some((call) => call.state === 'pending-approval')
    ? 'waiting-for-approval'
    : turn.status === 'running-tools'
      ? 'running-tools'
      : committed || (turn.text === '' && toolCalls.length === 0)
        ? 'waiting-for-model'
        : 'streaming'
  const text = committed ? '' : turn.text
  const textFrom = since && since.turnId === turn.turnId && since.step === turn.step && since.length <= text.length ? since.length : undefined
  return {
    sessionId,
    turn: {
      turnId: turn.turnId,
      step: turn.step,
      status: retrying ? 'retrying' : status,
      ...(textFrom === undefined ? { text } : { text: text.slice(textFrom), textFrom }),
      toolCalls,
      notice: retrying,
    },
  }
}
