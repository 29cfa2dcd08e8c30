/**
 * The payload of `switchboard://sessions/{id}/history`: the committed messages with each tool
 * result folded into the call it answers, so the renderer draws a tool card from one object.
 * Lines that could not be read are listed once as `problems` (the UI says "n damaged lines were
 * skipped"); they never stop the rest from showing.
 */
import type { LoadedSession } from './sessionStore'
import type { LoadProblem } from './sessionFileRead'
import type { AssistantMessage, NoticeMessage, StoredMessage, StoredToolCall, SummaryMessage, ToolResultMessage, UserMessage } from './storedMessage'
import { activeMessages } from '../setAside'

export type HistoryToolResult = Pick<ToolResultMessage, 'status' | 'errorKind' | 'content' | 'structuredContent' | 'truncated' | 'hookChanges' | 'ranArguments' | 'provenance'> & {
  /** The tool-result message's id (for opening the full result with SessionStore.fullResult). */
  messageId: string
  at: string
}

/** A tool call with its result; no result yet means it is still running, or the app stopped before it finished. */
export type HistoryToolCall = StoredToolCall & { result?: HistoryToolResult }

export type HistoryEntry = UserMessage | NoticeMessage | SummaryMessage | (Omit<AssistantMessage, 'toolCalls'> & { toolCalls: HistoryToolCall[] })

export interface HistoryPayload {
  sessionId: string
  /** The conversation as it stands (what a regenerate or an edit set aside is left out). */
  messages: HistoryEntry[]
  problems: LoadProblem[]
  /** Every stored message, set-aside ones too (a conversation's usage counts what was spent on them). */
  all: readonly StoredMessage[]
}

export function historyPayload(sessionId: string, loaded: LoadedSession): HistoryPayload {
  const payload: HistoryPayload = { sessionId, messages: [], problems: loaded.problems, all: loaded.messages }
  const active = activeMessages(loaded.messages)
  const results = new Map<string, ToolResultMessage>()
  for (const message of loaded.messages) if (message.kind === 'tool-result') results.set(message.callId, message)
  const calls = new Map<string, number>()
  callsOf.set(payload, calls)
  for (const message of active) {
    if (message.kind === 'tool-result' || message.kind === 'rewind') continue
    if (message.kind === 'assistant') message.toolCalls.forEach((call) => calls.set(call.callId, payload.messages.length))
    payload.messages.push(message.kind === 'assistant' ? assistantEntry(message, results) : message)
  }
  return payload
}

/** Where each call's reply is in a payload's messages, so a result committed later finds it at once. */
const callsOf = new WeakMap<HistoryPayload, Map<string, number>>()

/**
 * The payload with one more committed message (its `all` already holds it): the new entry added, or a
 * result folded into the reply whose call it answers, without a pass over the conversation. False
 * when the payload must be built again instead: a rewind set messages aside.
 */
export function extendHistoryPayload(payload: HistoryPayload, message: StoredMessage): boolean {
  const calls = callsOf.get(payload)
  if (!calls || message.kind === 'rewind') return false
  if (message.kind === 'tool-result') {
    const at = calls.get(message.callId)
    const entry = at === undefined ? undefined : payload.messages[at]
    if (entry?.kind === 'assistant') payload.messages[at!] = { ...entry, toolCalls: entry.toolCalls.map((call) => (call.callId === message.callId ? withResult(call, message) : call)) }
    return true
  }
  if (message.kind === 'assistant') message.toolCalls.forEach((call) => calls.set(call.callId, payload.messages.length))
  payload.messages.push(message.kind === 'assistant' ? assistantEntry(message, new Map()) : message)
  return true
}

function assistantEntry(message: AssistantMessage, results: ReadonlyMap<string, ToolResultMessage>): HistoryEntry {
  return {
    ...message,
    toolCalls: message.toolCalls.map((call) => {
      const result = results.get(call.callId)
      return result ? withResult(call, result) : call
    }),
  }
}

function withResult(call: StoredToolCall | HistoryToolCall, result: ToolResultMessage): HistoryToolCall {
  const { id, at, status, errorKind, content, structuredContent, truncated, hookChanges, ranArguments, provenance } = result
  return {
    ...call,
    result: { messageId: id, at, status, content, ...(errorKind ? { errorKind } : {}), ...(structuredContent !== undefined ? { structuredContent } : {}), ...(truncated ? { truncated } : {}), ...(hookChanges ? { hookChanges } : {}), ...(ranArguments ? { ranArguments } : {}), ...(provenance ? { provenance } : {}) },
  }
}
