/**
 * Opening a conversation at one message (a search result): the one place that knows how. It selects
 * the session and leaves the message as the list's focus; the list brings it into view and marks it
 * once its rows hold it (MessageList). When the message is not in the pages the window holds, the
 * chat reads the page around it first (ChatView, useChatSession's openAround).
 */
import { useSearchStore } from '../../stores/searchStore'
import { useViewStore } from '../../stores/viewStore'

export function openAtMessage(sessionId: string, messageId: string): void {
  useSearchStore.getState().setFocus({ sessionId, messageId })
  useViewStore.getState().selectSession(sessionId)
}

/** The index of the row showing `messageId` (a message of the person, or a reply's step), or -1. */
export function rowOfMessage(rows: readonly { kind: 'user' | 'assistant'; messageId?: string; message?: { id: string } }[], messageId: string): number {
  return rows.findIndex((row) => (row.kind === 'user' ? row.messageId === messageId : row.message?.id === messageId))
}
