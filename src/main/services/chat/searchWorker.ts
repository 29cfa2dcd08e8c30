/**
 * The search index's writer (searchIndex.ts), off the main thread: a worker_threads worker that owns
 * every write to `<dataDir>/search/messages.sqlite` (SQLite FTS5 through node:sqlite). It
 * - checks the file when it starts (schema version, PRAGMA quick_check): a damaged or unknown index is
 *   deleted and built again, never trusted;
 * - brings it up to date with the session files in the background, oldest session first: a file whose
 *   size and modification time match what was indexed is skipped, any other is indexed again whole,
 *   many sessions per transaction (a slice of BATCH_MESSAGES messages or BATCH_MS), yielding between
 *   slices so commits are taken in between;
 * - adds each committed message as the main thread reports it; a rewind (regenerate, edit) indexes its
 *   session again from the file, so what it set aside leaves search; a deleted session leaves with it.
 *
 * Only Node's own modules are imported: the worker runs as its own entry (out/main/searchWorker.js,
 * or this file with Node's type stripping under tests), and the few lines it needs of setAside.ts and
 * the session-file format are repeated here on purpose.
 */
import { closeSync, existsSync, openSync, readFileSync, rmSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { parentPort, workerData } from 'node:worker_threads'
import type { DatabaseSync as Database, StatementSync } from 'node:sqlite'

/** Bumped when the tables change: an index of another version is built again. */
export const SEARCH_SCHEMA_VERSION = '2'

export interface SearchDocument {
  id: string
  role: 'user' | 'assistant'
  text: string
  at: string
}

/** A committed message. `bytes`: its line with its newline; `end`: the file's size after it. */
export interface CommitNote {
  type: 'commit'
  session: string
  id: string
  kind: string
  document?: SearchDocument
  bytes: number
  end: number
}

/** Main → worker. */
export type ToWorker =
  | { type: 'sync'; sessions: string[] }
  | CommitNote
  /** Commits noted close together, in commit order: one message to the worker (chatSearch.ts). */
  | { type: 'commits'; commits: CommitNote[] }
  | { type: 'forget'; session: string }
  | { type: 'rebuild' }
  | { type: 'flush'; token: number }
  | { type: 'close' }

/** Worker → main. */
export type FromWorker =
  | { type: 'opened'; rebuilt: boolean }
  /** `transactions`: how many the background pass has written since the sync (many sessions go in one). */
  | { type: 'state'; catchingUp: boolean; done: number; total: number; transactions: number }
  | { type: 'flushed'; token: number }
  | { type: 'problem'; message: string }
  | { type: 'closed' }

export interface SearchWorkerData {
  dbPath: string
  sessionsDir: string
  /** The background pass's slice, when not BATCH_MESSAGES / BATCH_MS (tests make it depend on counts only). */
  batch?: { messages: number; ms: number }
}

/**
 * The tables: `docs` says where each indexed message is; `messages` (FTS5) holds its text under the
 * same rowid. A message is unique within its session: the key (session, message) keeps one session's
 * rows together (version 1's key on the message id alone, random UUIDs, made each insert touch pages
 * all over an index of a million entries: 2.5× the time of the whole docs table at 1,000,000
 * messages) and serves the deletes by session as well.
 */
export const SCHEMA = `
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS files (session TEXT PRIMARY KEY, size INTEGER NOT NULL, mtime REAL NOT NULL);
CREATE TABLE IF NOT EXISTS docs (rowid INTEGER PRIMARY KEY, session TEXT NOT NULL, message TEXT NOT NULL, role TEXT NOT NULL, at TEXT NOT NULL, UNIQUE (session, message));
CREATE VIRTUAL TABLE IF NOT EXISTS messages USING fts5 (text, tokenize = 'unicode61 remove_diacritics 2');
CREATE VIRTUAL TABLE IF NOT EXISTS vocab USING fts5vocab (messages, 'row');
`

/** node:sqlite without its one-time ExperimentalWarning (Node 22 and 24 print it; it says nothing the app can act on). */
export function loadSqlite(): typeof import('node:sqlite') {
  const emit = process.emitWarning
  process.emitWarning = ((warning: string | Error, ...rest: unknown[]) => {
    const text = typeof warning === 'string' ? warning : warning.message
    if (/SQLite is an experimental feature/.test(text)) return
    ;(emit as (...args: unknown[]) => void).call(process, warning, ...rest)
  }) as typeof process.emitWarning
  try {
    return process.getBuiltinModule('node:sqlite')
  } finally {
    process.emitWarning = emit
  }
}

/** Creates the file with owner-only access before SQLite opens it (its -wal and -shm files take the same mode). */
export function createPrivateFile(path: string): void {
  if (!existsSync(path)) closeSync(openSync(path, 'a', 0o600))
}

interface Line {
  v?: unknown
  id?: unknown
  kind?: unknown
  text?: unknown
  at?: unknown
  from?: unknown
}

/** The documents of a session file as it stands (what rewinds set aside left out), and the bytes of whole lines read. */
export function documentsOfFile(data: Buffer): { documents: SearchDocument[]; bytes: number } {
  const active: Line[] = []
  let start = 0
  for (;;) {
    const newline = data.indexOf(0x0a, start)
    // What follows the last newline is a write that never finished (sessionFileRead.ts).
    if (newline === -1) break
    const text = data.subarray(start, newline).toString('utf8')
    start = newline + 1
    let line: Line
    try {
      line = JSON.parse(text) as Line
    } catch {
      continue
    }
    if (typeof line !== 'object' || line === null || typeof line.id !== 'string') continue
    if (line.kind === 'rewind') {
      // setAside.ts: a rewind sets aside the message it names and everything after it.
      const at = active.findIndex((kept) => kept.id === line.from)
      if (at >= 0) active.length = at
      continue
    }
    active.push(line)
  }
  const seen = new Set<string>()
  const documents: SearchDocument[] = []
  for (const line of active) {
    const document = documentOf(line)
    if (!document || seen.has(document.id)) continue
    seen.add(document.id)
    documents.push(document)
  }
  return { documents, bytes: start }
}

/** Messages people see are searched: theirs and the replies with text (setAside.ts isShownMessage). */
function documentOf(line: Line): SearchDocument | undefined {
  if ((line.kind !== 'user' && line.kind !== 'assistant') || typeof line.text !== 'string' || line.text === '') return undefined
  return { id: line.id as string, role: line.kind, text: line.text, at: typeof line.at === 'string' ? line.at : '' }
}

/**
 * The background pass writes this many messages, or for this long, per transaction before it yields.
 * One transaction per session (100 messages) made FTS5 write a segment and SQLite a WAL commit per
 * session, and the merges of those small segments grew with the index: the build of 1,000,000 messages
 * did not finish in 600 s. Thousands of messages per transaction make few large segments; a slice
 * still ends within about a quarter of a second, so a commit reported meanwhile waits no longer.
 */
export const BATCH_MESSAGES = 20_000
export const BATCH_MS = 250

/** Page cache for the writer (KiB, SQLite's negative form): the message-id index of a million messages stays in memory while it is built. */
const CACHE_KIB = 32 * 1024

/** Modification times are compared to the millisecond: what every file system and copy tool keeps. */
function millis(mtimeMs: number): number {
  return Math.trunc(mtimeMs)
}

// ------------------------------------------------------------------ the worker itself

class Writer {
  private db!: Database
  private insertDoc!: StatementSync
  private insertText!: StatementSync
  private fileRow!: StatementSync
  private setFile!: StatementSync
  private dropTexts!: StatementSync
  private dropDocs!: StatementSync
  private dropFile!: StatementSync
  private queue: string[] = []
  private total = 0
  private done = 0
  private transactions = 0
  private syncing = false
  private readonly sqlite = loadSqlite()
  private readonly data: SearchWorkerData

  constructor(data: SearchWorkerData) {
    this.data = data
  }

  open(): boolean {
    let rebuilt = false
    try {
      this.connect()
      const version = this.db.prepare(`SELECT value FROM meta WHERE key = 'schema'`).get() as { value?: string } | undefined
      const check = this.db.prepare('PRAGMA quick_check').get() as Record<string, unknown> | undefined
      if (version?.value !== SEARCH_SCHEMA_VERSION || Object.values(check ?? {})[0] !== 'ok') throw new Error('the search index is from another version or damaged')
    } catch {
      rebuilt = true
      this.reset()
    }
    return rebuilt
  }

  /** Deletes the index and starts an empty one. */
  reset(): void {
    try {
      this.db?.close()
    } catch {
      // Already closed, or never opened: the files go either way.
    }
    for (const suffix of ['', '-wal', '-shm', '-journal']) rmSync(`${this.data.dbPath}${suffix}`, { force: true })
    this.connect()
  }

  private connect(): void {
    createPrivateFile(this.data.dbPath)
    this.db = new this.sqlite.DatabaseSync(this.data.dbPath)
    this.db.exec(`PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; PRAGMA busy_timeout = 5000; PRAGMA cache_size = -${CACHE_KIB};`)
    this.db.exec(SCHEMA)
    this.db.prepare(`INSERT OR IGNORE INTO meta (key, value) VALUES ('schema', ?)`).run(SEARCH_SCHEMA_VERSION)
    this.insertDoc = this.db.prepare('INSERT OR IGNORE INTO docs (session, message, role, at) VALUES (?, ?, ?, ?)')
    this.insertText = this.db.prepare('INSERT INTO messages (rowid, text) VALUES (?, ?)')
    this.fileRow = this.db.prepare('SELECT size, mtime FROM files WHERE session = ?')
    this.setFile = this.db.prepare('INSERT OR REPLACE INTO files (session, size, mtime) VALUES (?, ?, ?)')
    this.dropTexts = this.db.prepare('DELETE FROM messages WHERE rowid IN (SELECT rowid FROM docs WHERE session = ?)')
    this.dropDocs = this.db.prepare('DELETE FROM docs WHERE session = ?')
    this.dropFile = this.db.prepare('DELETE FROM files WHERE session = ?')
  }

  private fileOf(session: string): string {
    return join(this.data.sessionsDir, `${session}.jsonl`)
  }

  private add(session: string, document: SearchDocument): void {
    const added = this.insertDoc.run(session, document.id, document.role, document.at)
    if (added.changes > 0) this.insertText.run(added.lastInsertRowid, document.text)
  }

  private inTransaction(work: () => void): void {
    this.db.exec('BEGIN')
    try {
      work()
      this.db.exec('COMMIT')
    } catch (error) {
      this.db.exec('ROLLBACK')
      throw error
    }
  }

  /** Indexes a session again from its file, in a transaction of its own. */
  reindex(session: string): void {
    this.inTransaction(() => this.reindexIn(session, true))
  }

  /**
   * Indexes a session again from its file, inside the caller's transaction; returns how many messages
   * it wrote. `known`: the index may hold some of it (else there is nothing to delete first).
   */
  private reindexIn(session: string, known: boolean): number {
    let data: Buffer
    let mtime: number
    try {
      mtime = millis(statSync(this.fileOf(session)).mtimeMs)
      data = readFileSync(this.fileOf(session))
    } catch {
      // No file (a session without messages yet, or deleted meanwhile): nothing to find in it.
      if (known) this.forgetIn(session)
      return 0
    }
    const { documents, bytes } = documentsOfFile(data)
    if (known) {
      this.dropTexts.run(session)
      this.dropDocs.run(session)
    }
    for (const document of documents) this.add(session, document)
    this.setFile.run(session, bytes, mtime)
    return documents.length
  }

  forget(session: string): void {
    this.inTransaction(() => this.forgetIn(session))
  }

  private forgetIn(session: string): void {
    this.dropTexts.run(session)
    this.dropDocs.run(session)
    this.dropFile.run(session)
  }

  /**
   * A committed message. What is indexed of a file is counted in bytes of whole lines (files.size): a
   * line that ends within it was read from the file already; one that starts where it ends is added;
   * anything else (lines this run did not report: the index started after them) reads the file again.
   */
  commit(message: CommitNote): void {
    const { session } = message
    const row = this.fileRow.get(session) as { size: number; mtime: number } | undefined
    if (message.end <= (row?.size ?? -1)) return
    if (!row || message.kind === 'rewind' || message.end - message.bytes !== row.size) return this.reindex(session)
    let mtime = row.mtime
    try {
      mtime = millis(statSync(this.fileOf(session)).mtimeMs)
    } catch {
      // Gone meanwhile: the next start finds no file and forgets the session.
    }
    this.inTransaction(() => {
      if (message.document) this.add(session, message.document)
      this.setFile.run(session, message.end, mtime)
    })
  }

  /** Queues the sessions to check and starts the background pass; forgets sessions no longer listed. */
  sync(sessions: string[]): void {
    const listed = new Set(sessions)
    const indexed = this.db.prepare('SELECT DISTINCT session FROM files').all() as { session: string }[]
    for (const { session } of indexed) if (!listed.has(session)) this.forget(session)
    this.queue = [...sessions]
    this.total = sessions.length
    this.done = 0
    this.transactions = 0
    this.post({ type: 'state', catchingUp: true, done: 0, total: this.total, transactions: 0 })
    if (!this.syncing) {
      this.syncing = true
      setImmediate(() => this.step())
    }
  }

  /** One slice of the background pass (BATCH_MESSAGES messages or BATCH_MS, in one transaction), then the event loop takes messages. */
  private step(): void {
    const began = performance.now()
    const slice: string[] = []
    try {
      this.inTransaction(() => {
        let written = 0
        while (this.queue.length > 0 && written < (this.data.batch?.messages ?? BATCH_MESSAGES) && performance.now() - began < (this.data.batch?.ms ?? BATCH_MS)) {
          const session = this.queue.shift()!
          slice.push(session)
          const row = this.fileRow.get(session) as { size: number; mtime: number } | undefined
          let stat: { size: number; mtimeMs: number } | undefined
          try {
            stat = statSync(this.fileOf(session))
          } catch {
            stat = undefined
          }
          if (!stat) {
            if (row) this.forgetIn(session)
          } else if (!row || row.size !== stat.size || row.mtime !== millis(stat.mtimeMs)) {
            written += this.reindexIn(session, row !== undefined)
          }
        }
      })
      this.transactions++
      this.done += slice.length
    } catch (error) {
      // The slice was rolled back: the session that failed is passed over (the next start tries it again), the others are taken again.
      this.queue.unshift(...slice.slice(0, -1))
      this.done++
      this.post({ type: 'problem', message: `The search index could not be brought up to date: ${(error as Error).message}` })
    }
    if (this.queue.length > 0) {
      this.post({ type: 'state', catchingUp: true, done: this.done, total: this.total, transactions: this.transactions })
      setImmediate(() => this.step())
      return
    }
    this.syncing = false
    this.post({ type: 'state', catchingUp: false, done: this.done, total: this.total, transactions: this.transactions })
  }

  close(): void {
    this.queue = []
    this.db.close()
  }

  post(message: FromWorker): void {
    parentPort?.postMessage(message)
  }
}

if (parentPort && (workerData as SearchWorkerData | undefined)?.dbPath) {
  const writer = new Writer(workerData as SearchWorkerData)
  const rebuilt = writer.open()
  writer.post({ type: 'opened', rebuilt })
  const handle = (message: ToWorker): void => {
    try {
      switch (message.type) {
        case 'sync':
          return writer.sync(message.sessions)
        case 'commit':
          return writer.commit(message)
        case 'commits':
          // One by one, as if posted apart: a commit that fails does not take the others with it.
          return message.commits.forEach(handle)
        case 'forget':
          return writer.forget(message.session)
        case 'rebuild':
          writer.reset()
          // The main thread answers with the session list to check (sync).
          return writer.post({ type: 'opened', rebuilt: true })
        case 'flush':
          return writer.post({ type: 'flushed', token: message.token })
        case 'close':
          writer.close()
          writer.post({ type: 'closed' })
          return parentPort?.close()
      }
    } catch (error) {
      writer.post({ type: 'problem', message: `The search index could not be updated: ${(error as Error).message}` })
    }
  }
  parentPort.on('message', handle)
}
