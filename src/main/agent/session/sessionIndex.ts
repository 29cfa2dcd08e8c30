/**
 * The list of chat sessions, persisted under the data dir as a compact snapshot (`index.json`, the
 * format every version reads) and a journal of the changes since (`index.jsonl`, one line per created,
 * changed or deleted session, appended durably by SessionAppender). So creating, renaming and deleting
 * a session costs one short line whatever the number of sessions; the snapshot is written again only
 * once the journal has grown to the size of the list (amortised O(1) per change), and at close.
 * A crash between the two writes is harmless: the journal replayed over the newer snapshot ends in the
 * same state.
 *
 * Durable writes (issue 33): a turn commits its messages with one fdatasync each in the session file,
 * and the index adds none. A new session's line and the counts noted after commits are appended
 * without a sync of their own: they are in the page cache at once (a killed process loses nothing)
 * and reach the disk with the next synced line or the system's write-back. What only a power loss
 * could drop is rebuilt from the session files, which are the truth: at a start after an unclean end
 * (the journal was not folded at close), a session file the list does not know is added back
 * (recoverOrphans), and the sessions store corrects a stale count when it loads a session. Changes
 * the person makes to the list (rename, delete, settings) stay durable before they are acknowledged.
 */
import { randomUUID } from 'node:crypto'
import { existsSync, readFileSync, rmSync } from 'node:fs'
import { readdir } from 'node:fs/promises'
import { join } from 'node:path'
import { z } from 'zod'
import { SESSIONS_PAGE_SIZE, SessionSummarySchema, newestFirst, parseSessionCursor, sessionCursor, type RootFolder, type SessionSummary, type SessionsPageRequest, type SessionsResource, type ToolOffer } from '../../../shared/hostApi'
import { log } from '../../log/log'
import { writeFileAtomic } from '../../storage/atomicFile'
import { makePrivateDir } from '../../storage/privateFiles'
import { readJsonFile } from '../../storage/jsonFile'
import { SessionAppender } from './sessionAppender'
import { readSessionFile } from './sessionFileRead'
import { titleFromText } from './sessionTitle'
import { shownCount } from '../setAside'

const IndexFileSchema = z.object({ version: z.literal(1), sessions: z.array(SessionSummarySchema) })

export const DEFAULT_SESSION_TITLE = 'New session'
export const DEFAULT_TOOL_OFFER: ToolOffer = 'auto'

export class SessionNotFoundError extends Error {
  constructor(id: string) {
    super(`No session with id "${id}" exists; it may have been deleted already.`)
  }
}

export interface SessionIndex {
  /** Set when the index file was damaged at load and moved aside: tell the person once. */
  readonly damage?: { message: string; movedTo?: string }
  list(): SessionSummary[]
  /** One page of the list, newest first (sessionsPageApi.ts): the page's sessions cost, not the whole list's. */
  page(request: SessionsPageRequest): SessionsResource
  /** `run`: the agent it runs with and, for a sub-agent's session, the session that called it. */
  create(title?: string, run?: Pick<SessionSummary, 'agentId' | 'parent'>): Promise<SessionSummary>
  /** create() in two halves: the session is in the list at once, `saved` once the list's line is written (meanwhile its file can be made). */
  add(title?: string, run?: Pick<SessionSummary, 'agentId' | 'parent'>): { session: SessionSummary; saved: Promise<void> }
  rename(id: string, title: string): Promise<SessionSummary>
  remove(id: string): Promise<void>
  onChange(listener: () => void): () => void
  get(id: string): SessionSummary | undefined
  /** Which extensions' tools the session offers when there are too many (undefined = automatic). */
  setActiveExtensions(id: string, extensions: string[] | undefined): Promise<SessionSummary>
  /** The agent the session's next turns run with. */
  setAgent(id: string, agentId: string): Promise<SessionSummary>
  /** "auto" (the default), "search" or "all"; stored as chosen. */
  setToolOffer(id: string, offer: ToolOffer): Promise<SessionSummary>
  /** The session's own instructions; blank ones are removed (the default instructions apply again). */
  setInstructions(id: string, instructions: string): Promise<SessionSummary>
  /** Adds tools found by search; they stay offered for the session. Unknown ids are ignored. */
  addFoundTools(id: string, names: readonly string[]): Promise<void>
  /** The session's own root folders, offered with the global ones while its reply is written (empty = none). */
  setRoots(id: string, roots: RootFolder[]): Promise<SessionSummary>
  /**
   * The sessions store reports a committed message: the new count and time, and a title taken from
   * the first user message. Applied and announced at once, saved coalesced (the session file is the
   * truth; the store corrects a stale count when it loads the session). Unknown ids are ignored.
   */
  noteCommitted(id: string, update: { messageCount: number; updated: string; title?: string }): void
  /** Saves a pending coalesced write now (unsynced, as the coalesced save: see the header). */
  flush(): Promise<void>
  /** Saves what is pending and folds the journal into the snapshot (at the app's end). */
  close(): Promise<void>
}

/** The journal is folded into the snapshot once it has this many lines, or as many as there are sessions if more. */
const JOURNAL_LINES = 500

/** How long counts reported by noteCommitted wait before the index is saved, so a busy turn costs one index write, not one per message. */
export const INDEX_SAVE_DELAY_MS = 1000

/** Loads (or starts) the index in `<dataDir>/sessions/index.json`. A damaged file is moved aside, never fatal. */
export async function openSessionIndex(
  dataDir: string,
  now: () => Date = () => new Date(),
  options: { saveDelayMs?: number } = {},
): Promise<SessionIndex> {
  const dir = join(dataDir, 'sessions')
  const file = join(dir, 'index.json')
  const journalFile = join(dir, 'index.jsonl')
  await makePrivateDir(dir)
  const sessions = new Map<string, SessionSummary>()
  const loaded = load(file)
  for (const session of loaded.sessions) sessions.set(session.id, session)
  // A journal left at start means the last run did not end by close(): look for sessions it may have lost.
  const uncleanEnd = existsSync(journalFile)
  let journalLines = replay(journalFile, sessions)
  const recovered = uncleanEnd ? await recoverOrphans(dir, sessions) : []
  /** The list newest first, kept until the next change. */
  let sorted: SessionSummary[] | undefined
  const listeners = new Set<() => void>()
  // Writes are chained so two quick edits never race.
  let writing: Promise<void> = Promise.resolve()
  let journal: SessionAppender | undefined
  /** Sessions whose count and time noteCommitted changed since the last save. */
  const pending = new Set<string>()
  let saveTimer: NodeJS.Timeout | undefined
  // A snapshot is written at once when there is none (a new data folder) or the old one was damaged.
  let snapshotDue = loaded.missing || loaded.damage !== undefined || recovered.length > 0

  const snapshot = async () => {
    await journal?.close()
    journal = undefined
    await writeFileAtomic(file, JSON.stringify({ version: 1, sessions: [...sessions.values()] }))
    rmSync(journalFile, { force: true })
    journalLines = 0
    snapshotDue = false
  }
  /** Saves `lines` (changes to the list) and tells the listeners; `durable: false`: lines the session files can rebuild (see above). */
  const save = async (lines: readonly JournalLine[], durable: boolean): Promise<void> => {
    writing = writing
      .catch(() => undefined)
      .then(async () => {
        if (snapshotDue || journalLines + lines.length > Math.max(JOURNAL_LINES, sessions.size)) return snapshot()
        if (lines.length === 0) return
        journal ??= new SessionAppender(journalFile)
        // One write for the lines of one save (a coalesced save can hold several sessions).
        await journal.append(lines.map((line) => JSON.stringify(line)).join('\n'), { durable })
        journalLines += lines.length
      })
    await writing
    for (const listener of listeners) listener()
  }
  const commit = async (ids: readonly string[] = [], durable = true): Promise<void> => {
    clearTimeout(saveTimer)
    saveTimer = undefined
    const changed = new Set([...pending, ...ids])
    pending.clear()
    await save(
      [...changed].map((id): JournalLine => {
        const session = sessions.get(id)
        return session ? { set: session } : { remove: id }
      }),
      durable,
    )
  }
  const existing = (id: string): SessionSummary => {
    const session = sessions.get(id)
    if (!session) throw new SessionNotFoundError(id)
    return session
  }
  /**
   * Puts a session in the map and in the sorted list where its order says (or takes it out): the list
   * is kept sorted through changes, so a page after a committed message costs the page, not a sort of
   * every session.
   */
  const put = (before: SessionSummary | undefined, after: SessionSummary | undefined) => {
    if (after) sessions.set(after.id, after)
    else if (before) sessions.delete(before.id)
    if (!sorted) return
    if (before) {
      const at = firstAfter(sorted, before) - 1
      if (sorted[at]?.id !== before.id) {
        sorted = undefined
        return
      }
      sorted.splice(at, 1)
    }
    if (after) sorted.splice(firstAfter(sorted, after), 0, after)
  }
  /** Sets one field of a session (`undefined` leaves it out: the default) and saves the list. */
  const setField = async <K extends keyof SessionSummary>(id: string, key: K, value: SessionSummary[K] | undefined): Promise<SessionSummary> => {
    const { [key]: _previous, ...rest } = existing(id)
    const session = (value === undefined ? rest : { ...rest, [key]: value }) as SessionSummary
    put(existing(id), session)
    await commit([id])
    return session
  }

  const add: SessionIndex['add'] = (title, run) => {
    const stamp = now().toISOString()
    const session: SessionSummary = { id: randomUUID(), title: title ?? DEFAULT_SESSION_TITLE, created: stamp, updated: stamp, messageCount: 0, toolOffer: DEFAULT_TOOL_OFFER, ...(run?.agentId ? { agentId: run.agentId } : {}), ...(run?.parent ? { parent: run.parent } : {}) }
    put(undefined, session)
    // Not synced: its first message's commit makes the session file durable, and the file brings it back (recoverOrphans).
    return { session, saved: commit([session.id], false) }
  }

  return {
    damage: loaded.damage,
    list() {
      // Sorted once per change, not at every read (the resource, the window, search's background pass).
      sorted ??= [...sessions.values()].sort(newestFirst)
      return [...sorted]
    },
    page(request) {
      if (request.id !== undefined) {
        const session = sessions.get(request.id)
        return { sessions: session ? [session] : [], total: sessions.size }
      }
      sorted ??= [...sessions.values()].sort(newestFirst)
      const after = request.before === undefined ? undefined : parseSessionCursor(request.before)
      const from = after ? firstAfter(sorted, after) : 0
      const page = sorted.slice(from, from + (request.limit ?? SESSIONS_PAGE_SIZE))
      const last = page.at(-1)
      return { sessions: page, ...(last && from + page.length < sorted.length ? { next: sessionCursor(last) } : {}), total: sessions.size }
    },
    add,
    async create(title, run) {
      const { session, saved } = add(title, run)
      await saved
      return session
    },
    rename: (id, title) => setField(id, 'title', title),
    setActiveExtensions: (id, extensions) => setField(id, 'activeExtensions', extensions),
    setAgent: (id, agentId) => setField(id, 'agentId', agentId),
    // The tool offer is stored as chosen (absent meant "search" once; see load()). Left out of the file: no instructions, no roots.
    setToolOffer: (id, offer) => setField(id, 'toolOffer', offer),
    setInstructions: (id, instructions) => setField(id, 'instructions', instructions.trim() === '' ? undefined : instructions),
    async addFoundTools(id, names) {
      const session = sessions.get(id)
      if (!session) return
      const found = [...new Set([...(session.foundTools ?? []), ...names])]
      if (found.length === (session.foundTools?.length ?? 0)) return
      put(session, { ...session, foundTools: found })
      await commit([id])
    },
    setRoots: (id, roots) => setField(id, 'roots', roots.length === 0 ? undefined : roots),
    async remove(id) {
      put(existing(id), undefined)
      await commit([id])
    },
    onChange(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    get: (id) => sessions.get(id),
    noteCommitted(id, update) {
      const session = sessions.get(id)
      if (!session) return
      put(session, { ...session, ...update })
      pending.add(id)
      for (const listener of listeners) listener()
      saveTimer ??= setTimeout(() => {
        saveTimer = undefined
        // Not synced: the session file holds the count and the time (the store corrects a stale one on load).
        commit([], false).catch((error: Error) => log('error', 'sessions', `could not save the session list: ${error.message}`))
      }, options.saveDelayMs ?? INDEX_SAVE_DELAY_MS)
      // A pending save must not keep a headless host or a test process alive.
      saveTimer.unref()
    },
    flush: () => (saveTimer ? commit([], false) : writing.catch(() => undefined)),
    async close() {
      if (saveTimer) await commit()
      await writing.catch(() => undefined)
      // The journal folded in: the next start reads one compact file.
      if (journalLines > 0) {
        writing = snapshot()
        await writing
      }
    },
  }
}

/** The index in `sorted` (newest first) of the first session after `place` in that order: a binary search. */
function firstAfter(sorted: readonly SessionSummary[], place: Pick<SessionSummary, 'updated' | 'id'>): number {
  let low = 0
  let high = sorted.length
  while (low < high) {
    const middle = (low + high) >>> 1
    if (newestFirst(sorted[middle]!, place) <= 0) low = middle + 1
    else high = middle
  }
  return low
}

/** The session files' names: `<id>.jsonl` (the journal, `index.jsonl`, is not one). */
const SESSION_FILE = /^([A-Za-z0-9_-]{1,100})\.jsonl$/

/**
 * Adds back the sessions whose files exist but whose unsynced index line a power loss dropped: the
 * title from the first message (the default title otherwise), times and count from the file. What
 * only the lost line held (a sub-agent session's parent, its agent) cannot be rebuilt; it opens as a
 * session of its own. Runs only at a start after an unclean end, so a normal start reads no folder.
 */
async function recoverOrphans(dir: string, sessions: Map<string, SessionSummary>): Promise<SessionSummary[]> {
  const recovered: SessionSummary[] = []
  for (const name of await readdir(dir).catch(() => [] as string[])) {
    const id = SESSION_FILE.exec(name)?.[1]
    if (!id || id === 'index' || sessions.has(id)) continue
    const { messages } = await readSessionFile(join(dir, name)).catch(() => ({ messages: [] }))
    const first = messages[0]
    const last = messages.at(-1)
    if (!first || !last) continue
    const firstUser = messages.find((message) => message.kind === 'user')
    const title = (firstUser?.kind === 'user' && titleFromText(firstUser.text)) || DEFAULT_SESSION_TITLE
    const session: SessionSummary = { id, title, created: first.at, updated: last.at, messageCount: shownCount(messages), toolOffer: DEFAULT_TOOL_OFFER }
    sessions.set(id, session)
    recovered.push(session)
  }
  if (recovered.length > 0) log('warn', 'sessions', `${recovered.length} session(s) missing from the session list after an unclean end were added back from their files`)
  return recovered
}

/** One change in the journal: a session as it is now, or the id of one deleted. */
type JournalLine = { set: SessionSummary } | { remove: string }

/** Applies the journal's lines to `sessions`; returns how many there were. A line that cannot be read (a torn last write) is skipped. */
function replay(journalFile: string, sessions: Map<string, SessionSummary>): number {
  let text: string
  try {
    text = readFileSync(journalFile, 'utf8')
  } catch {
    return 0
  }
  let lines = 0
  for (const line of text.split('\n')) {
    if (line.trim() === '') continue
    lines++
    try {
      const change = JSON.parse(line) as Partial<JournalLine & { set: unknown; remove: unknown }>
      if (typeof change.remove === 'string') sessions.delete(change.remove)
      else {
        const session = SessionSummarySchema.safeParse(change.set)
        if (session.success) sessions.set(session.data.id, withToolOffer(session.data))
      }
    } catch {
      // Skipped: the write never finished (SessionAppender cuts it off before the next append).
    }
  }
  return lines
}

function load(file: string): { sessions: SessionSummary[]; missing?: boolean; damage?: SessionIndex['damage'] } {
  const read = readJsonFile(file, IndexFileSchema)
  switch (read.kind) {
    case 'missing':
      return { sessions: [], missing: true }
    case 'ok':
      return { sessions: read.value.sessions.map(withToolOffer) }
    case 'damaged': {
      const message = `The session list could not be read (${read.reason})${read.movedTo ? `; it was moved to ${read.movedTo}` : ''} and a new one was started.`
      log('warn', 'sessions', message)
      return { sessions: [], damage: { message, movedTo: read.movedTo } }
    }
  }
}

/**
 * Sessions saved before "auto" existed stored "Find tools as needed", the default then, as no value;
 * they become "auto", the default now, and the value is written out with the next save.
 */
function withToolOffer(session: SessionSummary): SessionSummary {
  return session.toolOffer ? session : { ...session, toolOffer: DEFAULT_TOOL_OFFER }
}
