/**
 * Reading the session list in pages (docs/guide/host-api.md), the way `switchboard://activity` pages.
 * The plain `switchboard://sessions` is the newest page and the one to subscribe to; a query asks for
 * another page, read once:
 *   `?before=<cursor>`  the sessions after that point in the list (the previous page's `next`)
 *   `?limit=<n>`        the page size, alone or with `before` (default 100, at most 1,000)
 *   `?id=<session id>`  that one session alone (an empty list when it does not exist)
 * The list is newest first (last changed first). A cursor names a place in the order (the time a
 * session last changed and its id), not a position, so a session that moves to the top while someone
 * pages is neither skipped nor shown twice on the older pages.
 */

/** `HostResource.sessions` (hostApi.ts re-exports this file, so it is not imported from there). */
const SESSIONS_URI = 'switchboard://sessions'

/** What orders the list: when a session last changed, and its id. */
type Place = { updated: string; id: string }

export const SESSIONS_PAGE_SIZE = 100
export const MAX_SESSIONS_PAGE_SIZE = 1000

/** The session list with a query: matched by this template (registered after the sessions' own templates). */
export const SESSIONS_PAGE_TEMPLATE = 'switchboard://sessions{+query}'

/** Which page of the session list to read; without a cursor, the newest. */
export interface SessionsPageRequest {
  before?: string
  limit?: number
  id?: string
}

/** Where a session stands in the list: pass as `before` to read what comes after it. */
export const sessionCursor = (session: Place): string => `${session.updated}~${session.id}`

/** The list's order, newest first: the last change (ISO times compare as strings), then the id. */
export function newestFirst(a: Place, b: Place): number {
  if (a.updated !== b.updated) return a.updated < b.updated ? 1 : -1
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0
}

/** The place a cursor names, or undefined when it is not one. */
export function parseSessionCursor(cursor: string): Place | undefined {
  const at = cursor.indexOf('~')
  if (at <= 0 || at === cursor.length - 1) return undefined
  return { updated: cursor.slice(0, at), id: cursor.slice(at + 1) }
}

export function sessionsPageUri(page: SessionsPageRequest): string {
  const query = new URLSearchParams()
  if (page.id !== undefined) query.set('id', page.id)
  if (page.before !== undefined) query.set('before', page.before)
  if (page.limit !== undefined) query.set('limit', String(page.limit))
  const text = query.toString()
  return text === '' ? SESSIONS_URI : `${SESSIONS_URI}?${text}`
}

/** The page a sessions URI's query asks for (`query` with its "?"); an Error names what is wrong. */
export function parseSessionsPage(query: string): SessionsPageRequest | Error {
  if (!query.startsWith('?')) return new Error(`Unknown resource switchboard://sessions${query}`)
  const params = new URLSearchParams(query.slice(1))
  for (const name of params.keys()) if (!['before', 'limit', 'id'].includes(name)) return new Error(`The session list takes before, limit and id in its query, not "${name}".`)
  const page: SessionsPageRequest = {}
  const id = params.get('id')
  if (id !== null) {
    if (id === '') return new Error('The session list\'s id names a session; it was empty.')
    if (params.has('before')) return new Error('The session list takes id or before, not both.')
    page.id = id
  }
  const before = params.get('before')
  if (before !== null) {
    if (!parseSessionCursor(before)) return new Error(`The session list's before is the "next" of a page read before, not "${before}".`)
    page.before = before
  }
  const limit = params.get('limit')
  if (limit !== null) {
    const n = Number(limit)
    if (!/^\d{1,6}$/.test(limit) || n < 1 || n > MAX_SESSIONS_PAGE_SIZE) return new Error(`The session list's limit is a number of sessions from 1 to ${MAX_SESSIONS_PAGE_SIZE}, not "${limit}".`)
    page.limit = n
  }
  return page
}
