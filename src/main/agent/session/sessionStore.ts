/**
 * The sessions store: one append-only JSONL file per session under `<dataDir>/sessions/<id>.jsonl`,
 * one durable write (write + fdatasync) per committed message and never one per token; the agent
 * loop commits a message only once it is finished.
 *
 * Tool results are stored capped (default 100,000 characters, the dispatcher's cap too) with a
 * marker. When the dispatcher cut a result, the full one is kept in `<id>.results/<message id>.json`
 * for the person to open (docs/architecture.md §9 F10). That side file is written before the line but without
 * its own fsync: a crash can lose the full copy (the history then says it is unavailable), never
 * the capped copy or the message, and the rule of one durable write per message holds.
 *
 * The session index (sessionIndex.ts) is kept in step: count, time, and the title from the first
 * user message while the session still has the default title (a renamed session keeps its name).
 */
import { randomUUID } from 'node:crypto'
import { readFile, rm, writeFile } from 'node:fs/promises'
import { PRIVATE_FILE_MODE, makePrivateDir } from '../../storage/privateFiles'
import { join } from 'node:path'
import type { CallToolResult } from '@modelcontextprotocol/client'
import { capResult } from '../../extensions/dispatch/resultCap'
import { log } from '../../log/log'
import { maskSecretValuesIn, stringifyMasked } from '../../log/secretValues'
import { SessionAppender } from './sessionAppender'
import { readSessionFile, type LoadProblem } from './sessionFileRead'
import { DEFAULT_SESSION_TITLE, type SessionIndex } from './sessionIndex'
import { titleFromText } from './sessionTitle'
import { isShownMessage, shownCount } from '../setAside'
import { STORED_MESSAGE_VERSION, StoredMessageSchema, type MessageDraft, type StoredContentBlock, type StoredMessage } from './storedMessage'

/**
 * A backstop for results that did not pass the dispatcher's cap (100,000 characters plus its marker);
 * set a little above it so a result the dispatcher already cut is not cut again.
 */
export const DEFAULT_STORED_RESULT_SIZE = 110_000
/** Open file handles kept for recently used sessions. */
const OPEN_FILES = 16

export interface SessionStoreOptions {
  dataDir: string
  index: SessionIndex
  now?: () => Date
  /** Characters of tool-result content stored in the session file. */
  maxStoredResultSize?: number
}

export interface LoadedSession {
  messages: StoredMessage[]
  /** Lines that were skipped; the history shows them as a notice. Empty for a healthy file. */
  problems: LoadProblem[]
}

export interface SessionStore {
  /** Commits one message durably; resolves with it as stored. Rejects for a session the index does not know. */
  append(sessionId: string, draft: MessageDraft, extra?: { fullResult?: CallToolResult }): Promise<StoredMessage>
  /** Every readable committed message, oldest first; corrects the index count when it was stale. */
  load(sessionId: string): Promise<LoadedSession>
  /**
   * Told of a session made a moment ago, whose first message follows: its file is made now, while the
   * turn gets ready, and loading it reads nothing (it holds nothing yet).
   */
  created(sessionId: string): void
  /** The untruncated result of a tool-result message, when it was kept. */
  fullResult(sessionId: string, messageId: string): Promise<CallToolResult | undefined>
  /**
   * Told after each commit (the history resource's `resources/updated`); `where.end`: the session
   * file's size after the message's line (the search index follows the file by it), `where.bytes`: the
   * line's own size with its newline. Returns the unsubscribe.
   */
  onCommitted(listener: CommitListener): () => void
  /** Removes the session from the index and deletes its files. */
  remove(sessionId: string): Promise<void>
  /** Finishes queued appends, closes files, saves the index. */
  close(): Promise<void>
}

export type CommitListener = (sessionId: string, message: StoredMessage, where: { end: number; bytes: number }) => void

export class UnknownSessionError extends Error {
  constructor(id: string) {
    super(`No session with id "${id}" exists; it may have been deleted.`)
    this.name = 'UnknownSessionError'
  }
}

/** Index ids are UUIDs; anything else must not become a path. */
const SAFE_ID = /^[A-Za-z0-9_-]{1,100}$/

export async function openSessionStore(options: SessionStoreOptions): Promise<SessionStore> {
  const { index } = options
  const dir = join(options.dataDir, 'sessions')
  await makePrivateDir(dir)
  const now = options.now ?? (() => new Date())
  const maxStored = options.maxStoredResultSize ?? DEFAULT_STORED_RESULT_SIZE
  const appenders = new Map<string, SessionAppender>()
  /** Closes of evicted appenders: a new appender of the same file waits for its predecessor. */
  const closing = new Map<string, Promise<void>>()
  /** Messages per session, counted once per run, so keeping the index in step needs no file read per commit. */
  const counts = new Map<string, Promise<{ messageCount: number; hasUser: boolean }>>()
  const listeners = new Set<CommitListener>()
  /** Sessions told of by created() that no append has reached yet: they hold no message. */
  const empty = new Set<string>()

  const fileOf = (id: string) => join(dir, `${checkedId(id)}.jsonl`)
  const resultsDirOf = (id: string) => join(dir, `${checkedId(id)}.results`)

  const appenderFor = (id: string): SessionAppender => {
    let appender = appenders.get(id)
    if (appender) {
      // Map order is insertion order: re-inserting keeps the most recently used last.
      appenders.delete(id)
    } else {
      appender = new SessionAppender(fileOf(id), closing.get(id))
    }
    appenders.set(id, appender)
    for (const [oldId, old] of appenders) {
      if (appenders.size <= OPEN_FILES) break
      appenders.delete(oldId)
      const closed = old.close().finally(() => {
        if (closing.get(oldId) === closed) closing.delete(oldId)
      })
      closing.set(oldId, closed)
    }
    return appender
  }

  const countFor = (id: string) => {
    let count = counts.get(id)
    if (!count) {
      count = readSessionFile(fileOf(id)).then(({ messages }) => countOf(messages))
      counts.set(id, count)
      count.catch(() => counts.delete(id))
    }
    return count
  }

  return {
    async append(sessionId, draft, extra = {}) {
      const summary = index.get(sessionId)
      if (!summary) throw new UnknownSessionError(sessionId)
      empty.delete(sessionId)
      const count = await countFor(sessionId)
      const id = randomUUID()
      // A known secret value never reaches the file, whoever wrote it (the model in tool-call
      // arguments or its text, a server in a result): it is masked before anything is committed.
      // The masked JSON is the line, unless capping the result changes the message (serialised once a commit).
      const masked = stringifyMasked(StoredMessageSchema.parse({ ...draft, v: STORED_MESSAGE_VERSION, id, at: now().toISOString() }))
      const parsed = JSON.parse(masked) as StoredMessage
      const fullResult = extra.fullResult && maskSecretValuesIn(extra.fullResult)
      const message = parsed.kind === 'tool-result' ? await capStoredResult(parsed, fullResult, { maxStored, resultsDir: resultsDirOf(sessionId) }) : parsed
      const line = message === parsed ? masked : JSON.stringify(message)
      const end = await appenderFor(sessionId).append(line)
      // Listeners that need the line's size (the search index follows the file by it) get it here, not by stringifying the message again.
      const bytes = Buffer.byteLength(line) + 1
      if (message.kind === 'rewind') {
        // Messages were set aside: counted again from the file (rare, and the file is in the page cache).
        counts.delete(sessionId)
        Object.assign(count, await countFor(sessionId))
      } else if (isShownMessage(message)) {
        count.messageCount++
      }
      const title = message.kind === 'user' && !count.hasUser && summary.title === DEFAULT_SESSION_TITLE ? titleFromText(message.text) : undefined
      if (message.kind === 'user') count.hasUser = true
      index.noteCommitted(sessionId, { messageCount: count.messageCount, updated: message.at, ...(title ? { title } : {}) })
      for (const listener of listeners) {
        try {
          listener(sessionId, message, { end, bytes })
        } catch (error) {
          // The message is committed; a failing listener must not make the commit look failed.
          log('error', 'sessions', `a commit listener failed: ${(error as Error).message}`)
        }
      }
      return message
    },

    onCommitted(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },

    created(sessionId) {
      // Only a session that holds nothing (one with messages, told of by mistake, is read as ever).
      if ((index.get(sessionId)?.messageCount ?? 1) > 0 || counts.has(sessionId)) return
      empty.add(sessionId)
      counts.set(sessionId, Promise.resolve({ messageCount: 0, hasUser: false }))
      appenderFor(sessionId).create()
    },

    async load(sessionId) {
      if (empty.has(sessionId)) return { messages: [], problems: [] }
      // Appends already queued land first, so a load right after a commit sees it.
      await appenders.get(sessionId)?.settled()
      const loaded = await readSessionFile(fileOf(sessionId))
      for (const problem of loaded.problems) log('warn', 'sessions', `session ${sessionId}: ${problem.message}`)
      const counted = countOf(loaded.messages)
      if (!counts.has(sessionId)) counts.set(sessionId, Promise.resolve(counted))
      // The index is saved coalesced, so after a crash it can lag behind the file: the file wins.
      const summary = index.get(sessionId)
      const last = loaded.messages.at(-1)
      const firstUser = loaded.messages.find((message) => message.kind === 'user')
      const title = summary?.title === DEFAULT_SESSION_TITLE && firstUser ? titleFromText(firstUser.text) : undefined
      if (summary && last && (summary.messageCount !== counted.messageCount || title)) {
        index.noteCommitted(sessionId, { messageCount: counted.messageCount, updated: last.at, ...(title ? { title } : {}) })
      }
      return loaded
    },

    async fullResult(sessionId, messageId) {
      if (!SAFE_ID.test(messageId)) return undefined
      try {
        return JSON.parse(await readFile(join(resultsDirOf(sessionId), `${messageId}.json`), 'utf8')) as CallToolResult
      } catch {
        // Missing (lost in a crash, see above) or damaged: the capped copy is what there is.
        return undefined
      }
    },

    async remove(sessionId) {
      await index.remove(sessionId)
      const appender = appenders.get(sessionId)
      appenders.delete(sessionId)
      counts.delete(sessionId)
      empty.delete(sessionId)
      await appender?.close()
      await rm(fileOf(sessionId), { force: true })
      await rm(resultsDirOf(sessionId), { recursive: true, force: true })
    },

    async close() {
      const open = [...appenders.values()]
      appenders.clear()
      await Promise.all(open.map((appender) => appender.close()))
      await index.close()
    },
  }
}

/** The index's count is of the messages people see (setAside.ts), not of stored lines. */
function countOf(messages: readonly StoredMessage[]): { messageCount: number; hasUser: boolean } {
  return { messageCount: shownCount(messages), hasUser: messages.some((message) => message.kind === 'user') }
}

function checkedId(id: string): string {
  if (!SAFE_ID.test(id)) throw new UnknownSessionError(id)
  return id
}

/** Caps the content for the session file and keeps the full result beside it when the dispatcher cut one. */
async function capStoredResult(
  message: Extract<StoredMessage, { kind: 'tool-result' }>,
  fullResult: CallToolResult | undefined,
  where: { maxStored: number; resultsDir: string },
): Promise<Extract<StoredMessage, { kind: 'tool-result' }>> {
  const capped = capResult({ content: message.content as CallToolResult['content'], structuredContent: message.structuredContent as CallToolResult['structuredContent'] }, where.maxStored)
  if (!capped.truncated && fullResult === undefined) return message
  const full: CallToolResult = fullResult ?? { content: message.content as CallToolResult['content'], structuredContent: message.structuredContent as CallToolResult['structuredContent'] }
  let fullResultFile: string | undefined = `${message.id}.json`
  try {
    await makePrivateDir(where.resultsDir)
    await writeFile(join(where.resultsDir, fullResultFile), JSON.stringify(full), { mode: PRIVATE_FILE_MODE })
  } catch (error) {
    log('warn', 'sessions', `could not keep the full result of ${message.name}: ${(error as Error).message}`)
    fullResultFile = undefined
  }
  const originalSize = capResult(full, Number.MAX_SAFE_INTEGER).originalSize
  return {
    ...message,
    content: capped.result.content as StoredContentBlock[],
    structuredContent: capped.result.structuredContent,
    truncated: { originalSize, ...(fullResultFile ? { fullResultFile } : {}) },
  }
}
