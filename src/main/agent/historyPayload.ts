/**
 * The payload of `switchboard://sessions/{id}/history`: the committed messages with each tool
 * result folded into the call it answers, so the renderer draws a tool card from one object.
 * Lines that could not be read are listed once as `problems` (the UI says "n damaged lines were
 * skipped"); they never stop the rest from showing.
 */
import type { LoadedSession } from './sessionStore'
import type { LoadProblem } from './sessionFileRead'
import type { AssistantMessage, NoticeMessage, StoredMessage, StoredToolCall, SummaryMessage, ToolResultMessage, UserMessage } from './storedMessage'
import { activeMessages } from './setAside'

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
  const results = new Map<string, ToolResultMessage>()
  for (const message of loaded.messages) if (message.kind === 'tool-result') results.set(message.callId, message)
  const messages: HistoryEntry[] = []
  for (const message of activeMessages(loaded.messages)) {
    if (message.kind === 'tool-result' || message.kind === 'rewind') continue
    if (message.kind !== 'assistant') {
      messages.push(message)
      continue
    }
    messages.push({
      ...message,
      toolCalls: message.toolCalls.map((call) => {
        const result = results.get(call.callId)
        if (!result) return call
        const { id, at, status, errorKind, content, structuredContent, truncated, hookChanges, ranArguments, provenance } = result
        return {
          ...call,
          result: { messageId: id, at, status, content, ...(errorKind ? { errorKind } : {}), ...(structuredContent !== undefined ? { structuredContent } : {}), ...(truncated ? { truncated } : {}), ...(hookChanges ? { hookChanges } : {}), ...(ranArguments ? { ranArguments } : {}), ...(provenance ? { provenance } : {}) },
        }
      }),
    })
  }
  return { sessionId, messages, problems: loaded.problems, all: loaded.messages }
}
