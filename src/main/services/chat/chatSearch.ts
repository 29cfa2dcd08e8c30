/**
 * Search across all conversations (chat_search, Ctrl+K): a persistent, incremental full-text index in
 * SQLite FTS5 (`<dataDir>/search/messages.sqlite`, through Node's built-in node:sqlite — a real
 * embedded engine the app does not have to ship or build natively: node:sqlite exists from Node 22.5
 * with FTS5 compiled in, and Electron 45 ships a Node 24 (Electron moved to Node 24 with Electron 40,
 * 24.11.1; its release notes), so the app's main process has it; checked under Node 22.23 here.
 * MiniSearch, used before, kept every message's text in memory a second time and was built anew from
 * every session file on the first search after each start).
 *
 * Writes happen in a worker thread (searchWorker.ts): each commit is added as it is made, a rewind
 * indexes its session again (what it set aside leaves search), a deleted session leaves; data written
 * before the index existed, or while the app was not running, is indexed in the background, checked
 * against each session file's size and modification time. The worker starts on first need (the first
 * search or commit of a run), not with the host: an idle host runs no thread for it. Searches read the file here on the main
 * thread through their own connection, which only reads (WAL: readers never wait for the writer), so no text is
 * kept in memory: a snippet is cut from the text the index holds, for the page of results only.
 *
 * A damaged index is deleted and built again; until the background pass is through, results say they
 * are catching up. Words in most messages ("the") are answered newest first, a page at a time; rarer
 * ones best match first (bm25).
 */
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { Worker } from 'node:worker_threads'
import type { DatabaseSync, StatementSync } from 'node:sqlite'
import type { SearchResult } from '../../../shared/hostApi'
import { isShownMessage, type SessionIndex, type StoredMessage } from '../../agent'
import { log } from '../../log/log'
import { makePrivateDir } from '../../storage/privateFiles'
import { SEARCH_SCHEMA_VERSION, loadSqlite, type CommitNote, type FromWorker, type SearchWorkerData, type ToWorker } from './searchWorker'

export interface ChatSearchOptions {
  dataDir: string
  sessions: Pick<SessionIndex, 'list' | 'get'>
  /**
   * When set, the index also starts this long after creation if nothing needed it before. By default it
   * starts on first need only (issue 33): the first search or the first commit of this run, so a host
   * that is only started and left idle runs no worker thread (about 13 MB of resident memory).
   */
  startDelayMs?: number
  /** Words in more messages than this are answered newest first (default COMMON_DOCUMENTS). */
  commonDocuments?: number
}

export interface SearchPage {
  results: SearchResult[]
  /** Data written before the index existed (or while it was rebuilt) is still being indexed: more may be found soon. */
  catchingUp?: boolean
  /** There are more results after this page (ask again with `offset`). */
  hasMore?: boolean
  /** "relevance": best match first; "newest": words that are in most messages, newest first. */
  order?: 'relevance' | 'newest'
}

export interface ChatSearch {
  search(query: string, options?: { limit?: number; offset?: number }): Promise<SearchPage>
  /** Told after each commit (SessionStore.onCommitted): `end`, the session file's size after the message's line. */
  noteCommitted(sessionId: string, message: StoredMessage, end: number, bytes?: number): void
  /** Told when a session is deleted. */
  forget(sessionId: string): void
  /** Resolves once the background pass is through (tests, the benchmark). */
  caughtUp(): Promise<void>
  close(): Promise<void>
}

const SNIPPET = 160
/** How long commits wait to go to the search worker together; a search sends them at once. */
export const COMMIT_BATCH_MS = 250
export const DEFAULT_SEARCH_LIMIT = 50

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

/** A term in more messages than this is answered newest first: ranking every one of them would take long. */
const COMMON_DOCUMENTS = 5000

/** The words of a query, lower-cased: each is matched as a word or the start of one, all must match. */
export function queryTerms(query: string): string[] {
  return [...new Set(query.toLowerCase().match(/[\p{L}\p{N}_]+/gu) ?? [])]
}

/** The words of `text` that the terms matched (a term matches the start of a word), for marking in the snippet. */
function matchedWords(text: string, terms: readonly string[]): string[] {
  const words = new Set<string>()
  for (const word of text.match(/[\p{L}\p{N}_]+/gu) ?? []) {
    const lower = word.toLowerCase()
    if (terms.some((term) => lower.startsWith(term))) words.add(lower)
  }
  return words.size > 0 ? [...words] : [...terms]
}

/** The worker's entry: built beside the main bundle (out/main/searchWorker.js), or this source folder's .ts under tests. */
function workerEntry(): URL {
  for (const candidate of ['./searchWorker.js', '../searchWorker.js', './searchWorker.ts']) {
    const url = new URL(candidate, import.meta.url)
    if (existsSync(fileURLToPath(url))) return url
  }
  throw new Error('the search worker (searchWorker.js) is missing from the app; reinstall Switchboard')
}

interface Reader {
  db: DatabaseSync
  ranked: StatementSync
  newest: StatementSync
  documents: StatementSync
}

export function createChatSearch(options: ChatSearchOptions): ChatSearch {
  const dir = join(options.dataDir, 'search')
  const dbPath = join(dir, 'messages.sqlite')
  const sessionsDir = join(options.dataDir, 'sessions')
  let worker: Worker | undefined
  let reader: Reader | undefined
  let catchingUp = true
  let dirty = false
  let closed = false
  let nextToken = 0
  const flushes = new Map<number, () => void>()
  const caughtUpWaiters = new Set<() => void>()
  let opened: Promise<void> | undefined
  let openedNow: (() => void) | undefined

  // Commits go to the worker together, a moment after the first (issue 33): a turn commits a message
  // every few milliseconds, and each message to the worker wakes it (on a busy machine, on the turn's
  // own core). Anything else posted, a search's flush included, sends them first, in order.
  let noted: CommitNote[] = []
  let notedTimer: ReturnType<typeof setTimeout> | undefined
  const sendNoted = () => {
    clearTimeout(notedTimer)
    notedTimer = undefined
    if (noted.length === 0) return
    const commits = noted
    noted = []
    worker?.postMessage(commits.length === 1 ? commits[0] : ({ type: 'commits', commits } satisfies ToWorker))
  }
  const note = (commit: CommitNote) => {
    noted.push(commit)
    if (notedTimer) return
    notedTimer = setTimeout(sendNoted, COMMIT_BATCH_MS)
    notedTimer.unref()
  }
  const post = (message: ToWorker) => {
    sendNoted()
    worker?.postMessage(message)
  }

  const openReader = (): Reader | undefined => {
    if (reader) return reader
    if (!existsSync(dbPath)) return undefined
    try {
      // Not opened read-only: a read-only connection cannot open a WAL database whose -shm file is not
      // there yet (the worker has not opened it this run). It only ever reads; the worker writes.
      const db = new (loadSqlite().DatabaseSync)(dbPath)
      db.exec('PRAGMA busy_timeout = 5000')
      const version = db.prepare(`SELECT value FROM meta WHERE key = 'schema'`).get() as { value?: string } | undefined
      if (version?.value !== SEARCH_SCHEMA_VERSION) {
        db.close()
        return undefined
      }
      const select = 'SELECT d.session AS session, d.message AS message, d.role AS role, d.at AS at, m.text AS text FROM messages m JOIN docs d ON d.rowid = m.rowid WHERE messages MATCH ?'
      reader = {
        db,
        ranked: db.prepare(`${select} ORDER BY m.rank LIMIT ? OFFSET ?`),
        newest: db.prepare(`${select} ORDER BY m.rowid DESC LIMIT ? OFFSET ?`),
        documents: db.prepare('SELECT coalesce(sum(doc), 0) AS n FROM (SELECT doc FROM vocab WHERE term >= ? AND term < ? LIMIT 200)'),
      }
      return reader
    } catch (error) {
      log('warn', 'search', `the search index could not be opened: ${(error as Error).message}`)
      return undefined
    }
  }
  const closeReader = () => {
    try {
      reader?.db.close()
    } catch {
      // Already closed.
    }
    reader = undefined
  }
  /** The index cannot be read: dropped and built again, never trusted. */
  const damaged = (why: string) => {
    log('warn', 'search', `the search index is damaged (${why}); it is being built again`)
    closeReader()
    catchingUp = true
    post({ type: 'rebuild' })
  }

  /** Set from the first start() until its worker stops: a second call meanwhile (a commit and a search at once) waits for the same worker, never starts another. */
  let launching = false
  const start = () => {
    if (worker || launching || closed) return opened ?? Promise.resolve()
    launching = true
    opened = new Promise<void>((resolve) => (openedNow = resolve))
    void makePrivateDir(dir)
      .then(() => {
        if (closed) return
        const data: SearchWorkerData = { dbPath, sessionsDir }
        worker = new Worker(workerEntry(), { workerData: data })
        worker.unref()
        worker.on('message', (message: FromWorker) => {
          switch (message.type) {
            case 'opened':
              if (message.rebuilt) closeReader()
              openedNow?.()
              // Oldest first, so rowids (the "newest first" order) follow the conversations' ages.
              post({ type: 'sync', sessions: options.sessions.list().map((session) => session.id).reverse() })
              return
            case 'state':
              catchingUp = message.catchingUp
              if (!catchingUp) {
                for (const waiter of caughtUpWaiters) waiter()
                caughtUpWaiters.clear()
              }
              return
            case 'flushed':
              flushes.get(message.token)?.()
              flushes.delete(message.token)
              return
            case 'problem':
              log('warn', 'search', message.message)
              return
            case 'closed':
              return
          }
        })
        worker.on('error', (error) => {
          log('error', 'search', `the search index stopped: ${error.message}`)
          worker = undefined
          launching = false
          openedNow?.()
          for (const flushed of flushes.values()) flushed()
          flushes.clear()
        })
      })
      .catch((error: Error) => {
        log('error', 'search', `the search index could not start: ${error.message}`)
        launching = false
        openedNow?.()
      })
    return opened
  }
  const startTimer = options.startDelayMs === undefined ? undefined : setTimeout(() => void start(), options.startDelayMs)
  startTimer?.unref()

  /** Waits until the worker has taken every commit reported so far. */
  const flushed = async () => {
    if (!dirty || !worker) return
    dirty = false
    const token = ++nextToken
    await new Promise<void>((resolve) => {
      flushes.set(token, resolve)
      post({ type: 'flush', token })
    })
  }

  return {
    async search(query, { limit = DEFAULT_SEARCH_LIMIT, offset = 0 } = {}) {
      const terms = queryTerms(query)
      if (!worker) {
        // The first search starts the index; an index from an earlier run is read at once, else wait for it to open.
        const starting = start()
        if (!openReader()) await starting
      }
      await flushed()
      const open = openReader()
      if (terms.length === 0 || !open) return { results: [], ...(catchingUp ? { catchingUp } : {}) }
      const match = terms.map((term) => `"${term.replaceAll('"', '""')}"*`).join(' ')
      let rows: { session: string; message: string; role: 'user' | 'assistant'; at: string; text: string }[]
      let order: SearchPage['order']
      try {
        const documents = Math.min(...terms.map((term) => Number((open.documents.get(term, `${term}\u{10FFFF}`) as { n: number }).n)))
        order = documents > (options.commonDocuments ?? COMMON_DOCUMENTS) ? 'newest' : 'relevance'
        rows = (order === 'newest' ? open.newest : open.ranked).all(match, limit + 1, offset) as typeof rows
      } catch (error) {
        const why = (error as Error).message
        // A damaged file is built again; anything else (busy, a query SQLite refuses) is reported and retried next time.
        if (/malformed|not a database|corrupt/i.test(why)) damaged(why)
        else log('warn', 'search', `a search failed: ${why}`)
        return { results: [], catchingUp: true }
      }
      const results: SearchResult[] = []
      for (const row of rows.slice(0, limit)) {
        const session = options.sessions.get(row.session)
        // Deleted just now (the worker has not dropped it yet).
        if (!session) continue
        const { snippet, matches } = snippetOf(row.text, matchedWords(row.text, terms))
        results.push({ sessionId: row.session, sessionTitle: session.title, messageId: row.message, role: row.role, at: row.at, snippet, matches })
      }
      return { results, order, ...(rows.length > limit ? { hasMore: true } : {}), ...(catchingUp ? { catchingUp } : {}) }
    },
    noteCommitted(sessionId, message, end, lineBytes) {
      if (!worker) {
        // The first commit of this run starts the index; its background pass finds this message in the file.
        void start()
        return
      }
      const shown = isShownMessage(message) && (message.kind === 'user' || message.kind === 'assistant') && message.text !== ''
      note({
        type: 'commit',
        session: sessionId,
        id: message.id,
        kind: message.kind,
        ...(shown ? { document: { id: message.id, role: message.kind as 'user' | 'assistant', text: (message as { text: string }).text, at: message.at } } : {}),
        // The line as the store wrote it (sessionStore.ts: JSON.stringify(message) and a newline).
        bytes: lineBytes ?? Buffer.byteLength(JSON.stringify(message)) + 1,
        end,
      })
      dirty = true
    },
    forget(sessionId) {
      post({ type: 'forget', session: sessionId })
      dirty = true
    },
    async caughtUp() {
      await start()
      if (!catchingUp) return
      await new Promise<void>((resolve) => caughtUpWaiters.add(resolve))
    },
    async close() {
      closed = true
      clearTimeout(startTimer)
      const running = worker
      if (running) {
        await flushed()
        const exited = new Promise<void>((resolve) => running.once('exit', () => resolve()))
        post({ type: 'close' })
        await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 2000).unref())])
        await running.terminate()
      }
      worker = undefined
      closeReader()
      for (const waiter of caughtUpWaiters) waiter()
    },
  }
}
