/**
 * Search across all conversations (chat_search): MiniSearch (BM25+, prefix and a little fuzziness)
 * over the messages people see — theirs and the replies with text — of every session, read from the
 * session files here in main (not from whatever page the window has open). The index is built on the
 * first search and kept in step with every commit; a session whose messages were set aside
 * (regenerate, edit) or deleted is indexed again from its file on the next search.
 */
import MiniSearch from 'minisearch'
import type { SearchResult } from '../../../shared/hostApi'
import { activeMessages, isShownMessage, type SessionIndex, type StoredMessage } from '../../agent'

interface MessageDocument {
  id: string
  sessionId: string
  role: 'user' | 'assistant'
  text: string
  at: string
}

export interface ChatSearchOptions {
  sessions: Pick<SessionIndex, 'list' | 'get'>
  /** A session's stored messages, oldest first (SessionStore.load). */
  read: (sessionId: string) => Promise<readonly StoredMessage[]>
}

export interface ChatSearch {
  search(query: string, limit?: number): Promise<SearchResult[]>
  /** Told after each commit (SessionStore.onCommitted). */
  noteCommitted(sessionId: string, message: StoredMessage): void
  /** Told when a session is deleted. */
  forget(sessionId: string): void
}

const SNIPPET = 160
export const DEFAULT_SEARCH_LIMIT = 50

function documentOf(sessionId: string, message: StoredMessage): MessageDocument | undefined {
  if (!isShownMessage(message) || (message.kind !== 'user' && message.kind !== 'assistant')) return undefined
  return { id: message.id, sessionId, role: message.kind, text: message.text, at: message.at }
}

/** About SNIPPET characters around the first matched word, and where each matched word is in it. */
export function snippetOf(text: string, terms: readonly string[]): { snippet: string; matches: [number, number][] } {
  const flat = text.replace(/\s+/g, ' ').trim()
  const lower = flat.toLowerCase()
  const positions = terms.map((term) => lower.indexOf(term.toLowerCase())).filter((at) => at >= 0)
  const first = positions.length > 0 ? Math.min(...positions) : 0
  const start = Math.max(0, Math.min(first - SNIPPET / 3, flat.length - SNIPPET))
  const cutStart = start > 0 ? flat.lastIndexOf(' ', start) + 1 || start : 0
  const end = Math.min(flat.length, cutStart + SNIPPET)
  const body = flat.slice(cutStart, end)
  const prefix = cutStart > 0 ? '…' : ''
  const snippet = `${prefix}${body}${end < flat.length ? '…' : ''}`
  const matches: [number, number][] = []
  const bodyLower = body.toLowerCase()
  for (const term of terms) {
    const needle = term.toLowerCase()
    for (let at = bodyLower.indexOf(needle); at >= 0 && needle !== ''; at = bodyLower.indexOf(needle, at + needle.length)) {
      matches.push([at + prefix.length, at + prefix.length + needle.length])
    }
  }
  matches.sort((a, b) => a[0] - b[0])
  return { snippet, matches: matches.filter((match, index) => index === 0 || match[0] >= matches[index - 1]![1]) }
}

export function createChatSearch(options: ChatSearchOptions): ChatSearch {
  const index = new MiniSearch<MessageDocument>({
    fields: ['text'],
    storeFields: ['sessionId', 'role', 'text', 'at'],
    searchOptions: { prefix: true, fuzzy: 0.15, combineWith: 'AND' },
  })
  /** Session id → ids of its indexed messages; a session absent here is not indexed (yet, or again). */
  const indexed = new Map<string, Set<string>>()
  let built = false

  const drop = (sessionId: string) => {
    for (const id of indexed.get(sessionId) ?? []) index.discard(id)
    indexed.delete(sessionId)
  }
  const add = (sessionId: string, message: StoredMessage) => {
    const document = documentOf(sessionId, message)
    const ids = indexed.get(sessionId)
    if (!document || !ids || ids.has(document.id)) return
    index.add(document)
    ids.add(document.id)
  }
  const indexSession = async (sessionId: string) => {
    const messages = activeMessages(await options.read(sessionId).catch(() => []))
    drop(sessionId)
    indexed.set(sessionId, new Set())
    for (const message of messages) add(sessionId, message)
  }

  return {
    async search(query, limit = DEFAULT_SEARCH_LIMIT) {
      const sessions = options.sessions.list()
      const known = new Set(sessions.map((session) => session.id))
      for (const sessionId of [...indexed.keys()]) if (!known.has(sessionId)) drop(sessionId)
      // Sessions not indexed: all of them on the first search, then the ones marked for a fresh read.
      for (const session of sessions) if (!indexed.has(session.id)) await indexSession(session.id)
      built = true
      return index.search(query).slice(0, limit).map((hit) => {
        const stored = hit as unknown as MessageDocument & { terms: string[] }
        const { snippet, matches } = snippetOf(stored.text, hit.terms)
        return {
          sessionId: stored.sessionId,
          sessionTitle: options.sessions.get(stored.sessionId)?.title ?? '',
          messageId: String(hit.id),
          role: stored.role,
          at: stored.at,
          snippet,
          matches,
        }
      })
    },
    noteCommitted(sessionId, message) {
      if (!built) return
      // Set-aside messages leave the index: the session is read again at the next search.
      if (message.kind === 'rewind') return drop(sessionId)
      if (!indexed.has(sessionId)) return
      add(sessionId, message)
    },
    forget: drop,
  }
}
