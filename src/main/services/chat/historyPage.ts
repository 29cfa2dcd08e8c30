/**
 * Which slice of a conversation a history page holds (historyPageApi.ts). Pages are cut from the
 * conversation as the history resource shows it — set-aside messages left out and tool results
 * already folded into their calls — so a call and its result never fall on different pages.
 */
import { HISTORY_PAGE_SIZE, type HistoryPageRequest } from '../../../shared/hostApi'
import type { HistoryEntry } from '../../agent'

export class UnknownHistoryMessageError extends Error {
  constructor(id: string) {
    super(`The conversation has no message "${id}" (it may have been set aside by a regenerate or an edit); read the newest page again.`)
    this.name = 'UnknownHistoryMessageError'
  }
}

/** Index of the entry that shows `id`: a message's own id, or for a tool result the reply whose call it answers. */
function indexOf(entries: readonly HistoryEntry[], id: string): number {
  const at = entries.findIndex((entry) => entry.id === id)
  if (at >= 0) return at
  return entries.findIndex((entry) => entry.kind === 'assistant' && entry.toolCalls.some((call) => call.result?.messageId === id))
}

/** The page's range [start, end) of `entries`; throws UnknownHistoryMessageError for a cursor not in the conversation. */
export function pageRange(entries: readonly HistoryEntry[], request: HistoryPageRequest): { start: number; end: number } {
  const limit = request.limit ?? HISTORY_PAGE_SIZE
  const total = entries.length
  const cursor = request.before ?? request.after ?? request.around
  if (cursor === undefined) return { start: Math.max(0, total - limit), end: total }
  const at = indexOf(entries, cursor)
  if (at < 0) throw new UnknownHistoryMessageError(cursor)
  if (request.before !== undefined) return { start: Math.max(0, at - limit), end: at }
  if (request.after !== undefined) return { start: at + 1, end: Math.min(total, at + 1 + limit) }
  // Around: the message in the middle, the page kept full near either end.
  const start = Math.max(0, Math.min(at - Math.floor(limit / 2), total - limit))
  return { start, end: Math.min(total, start + limit) }
}
