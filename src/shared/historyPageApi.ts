/**
 * Reading a conversation's history in pages (docs/guide/host-api.md). The plain
 * history URI is the newest page and the one to subscribe to: every commit updates it. A query asks
 * for another page, read once:
 *   `?before=<messageId>`  the messages just before that one (scrolling up)
 *   `?after=<messageId>`   the messages just after it (scrolling down from an older page)
 *   `?around=<messageId>`  a page with that message in the middle (a search result, "jump to message")
 *   `?limit=<n>`           the page size, alone or with one of the above (default 50, at most 500)
 * Message ids are those of the history's messages (a tool result's id names the reply whose call it answers).
 */
import { historyUri } from './chatApi'

export const HISTORY_PAGE_SIZE = 50
export const MAX_HISTORY_PAGE_SIZE = 500

/** Which page of the history to read: at most one cursor (parseHistoryPage checks); without one, the newest. */
export interface HistoryPageRequest {
  before?: string
  after?: string
  around?: string
  limit?: number
}

/** The history with a query: matched by this template (the SDK's `{?…}` needs every name present, so the query is taken whole). */
export const HISTORY_PAGE_TEMPLATE = 'switchboard://sessions/{id}/history{+query}'

export function historyPageUri(sessionId: string, page: HistoryPageRequest): string {
  const query = new URLSearchParams()
  if (page.before !== undefined) query.set('before', page.before)
  if (page.after !== undefined) query.set('after', page.after)
  if (page.around !== undefined) query.set('around', page.around)
  if (page.limit !== undefined) query.set('limit', String(page.limit))
  const text = query.toString()
  return text === '' ? historyUri(sessionId) : `${historyUri(sessionId)}?${text}`
}

/** The page a history URI's query asks for (`query` with or without its "?"); an Error names what is wrong. */
export function parseHistoryPage(query: string): HistoryPageRequest | Error {
  const params = new URLSearchParams(query.startsWith('?') ? query.slice(1) : query)
  const known = new Set(['before', 'after', 'around', 'limit'])
  for (const name of params.keys()) if (!known.has(name)) return new Error(`The history takes before, after, around and limit in its query, not "${name}".`)
  const cursors = (['before', 'after', 'around'] as const).filter((name) => params.has(name))
  if (cursors.length > 1) return new Error(`The history takes one of before, after and around at a time, not ${cursors.join(' and ')}.`)
  let limit: number | undefined
  const limitText = params.get('limit')
  if (limitText !== null) {
    limit = Number(limitText)
    if (!/^\d{1,6}$/.test(limitText) || limit < 1 || limit > MAX_HISTORY_PAGE_SIZE) return new Error(`The history's limit is a number of messages from 1 to ${MAX_HISTORY_PAGE_SIZE}, not "${limitText}".`)
  }
  const withLimit = limit === undefined ? {} : { limit }
  const cursor = cursors[0]
  if (cursor === undefined) return withLimit
  const id = params.get(cursor) ?? ''
  if (id === '') return new Error(`The history's ${cursor} names a message id; it was empty.`)
  return { [cursor]: id, ...withLimit }
}
