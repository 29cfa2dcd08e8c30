/**
 * The persistent search index (chatSearch.ts, searchWorker.ts) with the real sessions store writing
 * the files: it follows commits, rewinds (what they set aside leaves search) and deletions; it takes in
 * a data folder written before it existed in the background while search already answers; it trusts
 * what it saved only while a file's size and time still match; a damaged index is built again.
 */
import { randomUUID } from 'node:crypto'
import { appendFile, mkdir, readFile, readdir, stat, utimes, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { Worker } from 'node:worker_threads'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { openSessionIndex, openSessionStore, type MessageDraft, type SessionIndex, type SessionStore } from '../../../../src/main/agent'
import { createChatSearch, type ChatSearch } from '../../../../src/main/services/chat/chatSearch'
import { tempDir } from '../../../helpers/tempDir'

const cleanups: (() => Promise<unknown>)[] = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})

interface World {
  dataDir: string
  index: SessionIndex
  store: SessionStore
  search: ChatSearch
}

async function world(dataDir?: string, commonDocuments?: number): Promise<World> {
  const dir = dataDir ?? (await tempDir()).path
  const index = await openSessionIndex(dir)
  const store = await openSessionStore({ dataDir: dir, index })
  const search = createChatSearch({ dataDir: dir, sessions: index, startDelayMs: 60_000, ...(commonDocuments ? { commonDocuments } : {}) })
  store.onCommitted((sessionId, message, where) => search.noteCommitted(sessionId, message, where.end))
  cleanups.push(async () => {
    await search.close()
    await store.close()
  })
  return { dataDir: dir, index, store, search }
}

const user = (text: string): MessageDraft => ({ kind: 'user', turnId: 't', text })
const reply = (text: string): MessageDraft => ({ kind: 'assistant', turnId: 't', step: 1, text, toolCalls: [], end: 'complete' })
const texts = async (search: ChatSearch, query: string) => (await search.search(query)).results.map((result) => result.snippet)

describe('the search index', () => {
  it('starts on first need, not with the host: left idle it runs no worker and makes no index; the first commit starts it and its message is found', async () => {
    const dataDir = (await tempDir()).path
    const index = await openSessionIndex(dataDir)
    const store = await openSessionStore({ dataDir, index })
    vi.useFakeTimers({ toFake: ['setTimeout'] })
    let search: ChatSearch
    try {
      search = createChatSearch({ dataDir, sessions: index })
      // A long idle after start (the clock moved by hand): nothing starts the index.
      vi.advanceTimersByTime(10 * 60_000)
    } finally {
      vi.useRealTimers()
    }
    store.onCommitted((sessionId, message, where) => search.noteCommitted(sessionId, message, where.end, where.bytes))
    cleanups.push(async () => {
      await search.close()
      await store.close()
    })
    for (let i = 0; i < 5; i++) await readdir(dataDir)
    expect(await readdir(dataDir)).not.toContain('search')

    const session = await index.create()
    await store.append(session.id, user('Where do quinces grow?'))
    await search.caughtUp()
    expect(await readdir(dataDir)).toContain('search')
    expect(await texts(search, 'quinces')).toEqual(['Where do quinces grow?'])
  })

  it('follows commits, what a rewind set aside and deleted sessions', async () => {
    const { index, store, search } = await world()
    const session = await index.create()
    await store.append(session.id, user('Which apples keep longest?'))
    await store.append(session.id, reply('Russet apples keep for months.'))
    await search.caughtUp()
    expect(await texts(search, 'russet')).toEqual(['Russet apples keep for months.'])
    // Prefixes match; every word must match.
    expect(await texts(search, 'app')).toHaveLength(2)
    expect(await texts(search, 'russet months')).toHaveLength(1)
    expect(await texts(search, 'russet pears')).toEqual([])

    // Committed now, found now.
    const cherry = await store.append(session.id, reply('Cherries do not keep.'))
    expect(await texts(search, 'cherries')).toEqual(['Cherries do not keep.'])
    // A regenerate sets the reply aside: it leaves search, the new one is found.
    await store.append(session.id, { kind: 'rewind', turnId: 't2', from: cherry.id, reason: 'regenerate' })
    await store.append(session.id, reply('Plums keep a week.'))
    expect(await texts(search, 'cherries')).toEqual([])
    expect(await texts(search, 'plums')).toEqual(['Plums keep a week.'])

    await store.remove(session.id)
    search.forget(session.id)
    expect(await texts(search, 'russet')).toEqual([])
  })

  it("sends a turn's commits to the worker together (issue 33: one wake-up, not one a message), and a search right after finds them", async () => {
    const { index, store, search } = await world()
    const session = await index.create()
    await store.append(session.id, user('Warm up the index'))
    await search.caughtUp()
    await search.search('warm')
    const posted = vi.spyOn(Worker.prototype, 'postMessage')
    try {
      // A one-tool turn's four commits, a few milliseconds apart.
      await store.append(session.id, user('Which pears ripen off the tree?'))
      await store.append(session.id, { kind: 'assistant', turnId: 't', step: 1, text: '', toolCalls: [{ callId: 'c1', name: 'echo__echo', arguments: { text: 'pears' } }], end: 'complete' })
      await store.append(session.id, { kind: 'tool-result', turnId: 't', callId: 'c1', name: 'echo__echo', status: 'ok', content: [{ type: 'text', text: 'pears' }] })
      await store.append(session.id, reply('Bartlett pears ripen off the tree.'))
      expect(posted).not.toHaveBeenCalled()
      expect(await texts(search, 'bartlett')).toEqual(['Bartlett pears ripen off the tree.'])
      const kinds = posted.mock.calls.map(([message]) => (message as { type: string }).type)
      // The four commits in one message, then the search's flush.
      expect(kinds).toEqual(['commits', 'flush'])
      expect((posted.mock.calls[0]![0] as { commits: unknown[] }).commits).toHaveLength(4)
    } finally {
      posted.mockRestore()
    }
  })

  it('takes in a data folder from before the index existed in the background, answering meanwhile; after a restart it reads only files that changed', async () => {
    const { path: dataDir } = await tempDir()
    // Today's format, written as the store writes it: 1,000 sessions of 4 messages, one word only in the last.
    await mkdir(join(dataDir, 'sessions'), { recursive: true })
    const sessions = []
    const at = '2026-01-01T00:00:00.000Z'
    for (let s = 0; s < 1000; s++) {
      const id = randomUUID()
      sessions.push({ id, title: `Session ${s}`, created: at, updated: at, messageCount: 4, toolOffer: 'auto' })
      const lines = [user(`question ${s}`), reply(`answer ${s}`), user('more'), reply(s === 999 ? 'the quokka is last' : 'nothing special')]
      await writeFile(join(dataDir, 'sessions', `${id}.jsonl`), lines.map((draft) => JSON.stringify({ ...draft, v: 1, id: randomUUID(), at })).join('\n') + '\n')
    }
    await writeFile(join(dataDir, 'sessions', 'index.json'), JSON.stringify({ version: 1, sessions }))
    // A time in whole seconds, which every clock and utimes keeps exactly (set back below after an edit).
    const quokkaFile = join(dataDir, 'sessions', `${sessions[999]!.id}.jsonl`)
    const wholeSeconds = Math.floor(Date.now() / 1000) - 60
    await utimes(quokkaFile, wholeSeconds, wholeSeconds)

    const first = await world(dataDir, 500)
    const meanwhile = await first.search.search('special')
    expect(meanwhile.catchingUp).toBe(true)
    expect(meanwhile.results.length).toBeLessThanOrEqual(50)
    await first.search.caughtUp()
    const done = await first.search.search('quokka')
    expect(done).toMatchObject({ results: [{ sessionTitle: 'Session 999', role: 'assistant', snippet: 'the quokka is last' }] })
    expect(done.catchingUp).toBeUndefined()
    // A word in most messages (more than 500 here) comes newest first, a page at a time.
    const common = await first.search.search('nothing', { limit: 20 })
    expect(common).toMatchObject({ order: 'newest', hasMore: true })
    expect(common.results).toHaveLength(20)
    const next = await first.search.search('nothing', { limit: 20, offset: 20 })
    expect(next.results.map((result) => result.messageId)).not.toContain(common.results[0]!.messageId)
    await first.search.close()
    await first.store.close()

    // Same size, same time: trusted as indexed (the file is not read again). Any other change: read again.
    const sizeBefore = (await stat(quokkaFile)).size
    await writeFile(quokkaFile, (await readFile(quokkaFile, 'utf8')).replace('quokka', 'wombat'))
    await utimes(quokkaFile, wholeSeconds, wholeSeconds)
    expect((await stat(quokkaFile)).size).toBe(sizeBefore)
    const other = sessions[998]!.id
    await appendFile(join(dataDir, 'sessions', `${other}.jsonl`), JSON.stringify({ ...reply('a numbat appears'), v: 1, id: randomUUID(), at }) + '\n')
    const second = await world(dataDir)
    await second.search.caughtUp()
    expect(await texts(second.search, 'quokka')).toEqual(['the quokka is last'])
    expect(await texts(second.search, 'wombat')).toEqual([])
    expect(await texts(second.search, 'numbat')).toEqual(['a numbat appears'])
  })

  it('builds a damaged index again instead of trusting it, and skips a session line torn by a crash', async () => {
    const first = await world()
    const session = await first.index.create()
    await first.store.append(session.id, user('Tell me about the aurora'))
    await first.store.append(session.id, reply('The aurora borealis glows green.'))
    await first.search.caughtUp()
    expect(await texts(first.search, 'borealis')).toHaveLength(1)
    await first.search.close()
    await first.store.close()
    cleanups.length = 0

    // The app died mid-write: a torn line in the session file, garbage over the index.
    await appendFile(join(first.dataDir, 'sessions', `${session.id}.jsonl`), '{"v":1,"id":"torn","kind":"assistant","text":"half a zeph')
    const db = join(first.dataDir, 'search', 'messages.sqlite')
    await writeFile(db, Buffer.alloc(8192, 7))
    const second = await world(first.dataDir)
    const meanwhile = await second.search.search('borealis')
    expect(meanwhile.catchingUp).toBe(true)
    await second.search.caughtUp()
    expect(await texts(second.search, 'borealis')).toEqual(['The aurora borealis glows green.'])
    expect(await texts(second.search, 'zeph')).toEqual([])
    // It keeps following commits after the rebuild.
    await second.store.append(session.id, user('And the zephyr?'))
    expect(await texts(second.search, 'zephyr')).toEqual(['And the zephyr?'])
  })
})
