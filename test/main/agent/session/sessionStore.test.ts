/** The sessions store on a real temp dir: commits, the index kept in step, damaged files read without failing (F21/F22). */
import { appendFile, readdir, readFile, stat, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { openSessionIndex, type SessionIndex } from '../../../../src/main/agent/session/sessionIndex'
import { openSessionStore, UnknownSessionError, type SessionStore } from '../../../../src/main/agent/session/sessionStore'
import { titleFromText } from '../../../../src/main/agent/session/sessionTitle'
import { setLogSink } from '../../../../src/main/log/log'
import { countDurableWrites } from '../../../helpers/durableWrites'
import { tempDir } from '../../../helpers/tempDir'

const cleanups: (() => Promise<void>)[] = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})
const logLines: string[] = []
let restoreLog: () => void
beforeAll(() => {
  restoreLog = setLogSink((line) => logLines.push(line), 'debug')
})
afterAll(() => restoreLog())

async function open(dataDir?: string): Promise<{ dataDir: string; index: SessionIndex; store: SessionStore }> {
  if (!dataDir) {
    const dir = await tempDir('switchboard-store-')
    cleanups.push(dir.remove)
    dataDir = dir.path
  }
  const index = await openSessionIndex(dataDir, undefined, { saveDelayMs: 20 })
  const store = await openSessionStore({ dataDir, index })
  cleanups.push(() => store.close())
  return { dataDir, index, store }
}

const user = (text: string) => ({ kind: 'user' as const, turnId: 't1', text })
const assistant = (text: string) => ({ kind: 'assistant' as const, turnId: 't1', step: 1, text, toolCalls: [], end: 'complete' as const })

describe('sessions store', () => {
  it('commits messages to <id>.jsonl, keeps the index in step and titles the session from the first user message', async () => {
    const { dataDir, index, store } = await open()
    const session = await index.create()
    const first = await store.append(session.id, user('  Plan a trip to\nLisbon in May  '))
    await store.append(session.id, assistant('Sure.'))
    await store.append(session.id, user('And Porto?'))
    expect(first).toMatchObject({ v: 1, kind: 'user', id: expect.any(String), at: expect.any(String) })
    expect(index.get(session.id)).toMatchObject({ title: 'Plan a trip to', messageCount: 3 })
    const lines = (await readFile(join(dataDir, 'sessions', `${session.id}.jsonl`), 'utf8')).split('\n')
    expect(lines).toHaveLength(4)
    expect(lines[3]).toBe('')
    expect((await store.load(session.id)).messages.map((m) => m.kind)).toEqual(['user', 'assistant', 'user'])
    // The counts reach the index file (coalesced).
    await index.flush()
    expect((await openSessionIndex(dataDir)).get(session.id)).toMatchObject({ title: 'Plan a trip to', messageCount: 3 })
  })

  it('tells listeners about each commit, and a throwing listener does not fail the commit', async () => {
    const { index, store } = await open()
    const session = await index.create()
    const seen: string[] = []
    const stop = store.onCommitted((sessionId, message) => seen.push(`${sessionId === session.id}:${message.kind}`))
    store.onCommitted(() => {
      throw new Error('listener bug')
    })
    await store.append(session.id, user('hi'))
    await store.append(session.id, assistant('hello'))
    stop()
    await store.append(session.id, user('unseen'))
    expect(seen).toEqual(['true:user', 'true:assistant'])
  })

  it('a renamed session keeps its name', async () => {
    const { index, store } = await open()
    const session = await index.create()
    await index.rename(session.id, 'My name')
    await store.append(session.id, user('Something else'))
    expect(index.get(session.id)?.title).toBe('My name')
  })

  it('refuses a session the index does not know, and ids that are not file names', async () => {
    const { store } = await open()
    await expect(store.append('no-such-session', user('x'))).rejects.toBeInstanceOf(UnknownSessionError)
    await expect(store.append('../escape', user('x'))).rejects.toBeInstanceOf(UnknownSessionError)
  })

  it('skips and reports a torn last line, then repairs it on the next append (F21)', async () => {
    const { dataDir, index, store } = await open()
    const session = await index.create()
    await store.append(session.id, user('kept'))
    await store.close()
    const file = join(dataDir, 'sessions', `${session.id}.jsonl`)
    await appendFile(file, '{"v":1,"id":"torn","kind":"assist')

    const reopened = await open(dataDir)
    const loaded = await reopened.store.load(session.id)
    expect(loaded.messages.map((m) => m.kind)).toEqual(['user'])
    expect(loaded.problems).toMatchObject([{ kind: 'torn-tail', line: 2 }])
    await reopened.store.append(session.id, assistant('after the crash'))
    const repaired = await reopened.store.load(session.id)
    expect(repaired.problems).toEqual([])
    expect(repaired.messages.map((m) => m.kind)).toEqual(['user', 'assistant'])
    expect(logLines.some((line) => line.includes('dropped an unfinished last line'))).toBe(true)
  })

  it('skips and reports a damaged middle line and a line from a newer version, keeping the rest', async () => {
    const { dataDir, index, store } = await open()
    const session = await index.create()
    await store.append(session.id, user('one'))
    await store.close()
    const file = join(dataDir, 'sessions', `${session.id}.jsonl`)
    await appendFile(file, 'garbage that is not json\n{"v":1,"kind":"user"}\n{"v":7,"kind":"hologram"}\n')
    const reopened = await open(dataDir)
    await reopened.store.append(session.id, assistant('two'))
    const loaded = await reopened.store.load(session.id)
    expect(loaded.messages.map((m) => m.kind)).toEqual(['user', 'assistant'])
    expect(loaded.problems.map((p) => [p.kind, p.line])).toEqual([
      ['unreadable-line', 2],
      ['unreadable-line', 3],
      ['newer-version', 4],
    ])
  })

  it('a file that holds only half a line loads as empty and is usable', async () => {
    const { dataDir, index, store } = await open()
    const session = await index.create()
    await writeFile(join(dataDir, 'sessions', `${session.id}.jsonl`), '{"v":1,"id":"x"')
    expect((await store.load(session.id)).problems).toMatchObject([{ kind: 'torn-tail', line: 1 }])
    await store.append(session.id, user('fresh start'))
    expect(await store.load(session.id)).toMatchObject({ messages: [{ text: 'fresh start' }], problems: [] })
  })

  it('corrects a stale index (count and title) when the session is loaded', async () => {
    const { dataDir, index, store } = await open()
    const session = await index.create()
    await store.append(session.id, user('a question'))
    await store.append(session.id, assistant('b'))
    await store.close()
    // Simulate a crash before the coalesced index save: the file says 0 messages and the default title.
    await writeFile(join(dataDir, 'sessions', 'index.json'), JSON.stringify({ version: 1, sessions: [{ ...session, messageCount: 0 }] }))
    const reopened = await open(dataDir)
    expect(reopened.index.get(session.id)).toMatchObject({ messageCount: 0, title: 'New session' })
    await reopened.store.load(session.id)
    expect(reopened.index.get(session.id)).toMatchObject({ messageCount: 2, title: 'a question' })
  })

  it('caps an oversized tool result with a marker and keeps the full one beside the session file (F10)', async () => {
    const dir = await tempDir('switchboard-store-')
    cleanups.push(dir.remove)
    const index = await openSessionIndex(dir.path)
    const store = await openSessionStore({ dataDir: dir.path, index, maxStoredResultSize: 1000 })
    cleanups.push(() => store.close())
    const session = await index.create()
    const message = await store.append(session.id, { kind: 'tool-result', turnId: 't', callId: 'c1', name: 'fx__huge', status: 'ok', content: [{ type: 'text', text: 'h'.repeat(5000) }] })
    expect(message).toMatchObject({ truncated: { originalSize: 5000, fullResultFile: `${message.id}.json` } })
    if (message.kind !== 'tool-result') throw new Error('expected a tool result')
    expect(message.content[0]?.text).toHaveLength(1000)
    expect(message.content.at(-1)?.text).toMatch(/^\[truncated: the full result is 4\.9 KiB/)
    const full = await store.fullResult(session.id, message.id)
    expect((full?.content[0] as { text: string }).text).toHaveLength(5000)
    expect(await store.fullResult(session.id, '../../etc/passwd')).toBeUndefined()
  })

  it('remove deletes the session from the index and its files', async () => {
    const { dataDir, index, store } = await open()
    const session = await index.create()
    await store.append(session.id, user('bye'))
    await store.remove(session.id)
    expect(index.get(session.id)).toBeUndefined()
    expect(await readdir(join(dataDir, 'sessions'))).toEqual(['index.json', 'index.jsonl'])
  })

  it('concurrent appends to one session are all kept, one per line', async () => {
    const { index, store } = await open()
    const session = await index.create()
    await Promise.all(Array.from({ length: 50 }, (_, i) => store.append(session.id, user(`m${i}`))))
    const loaded = await store.load(session.id)
    expect(loaded.problems).toEqual([])
    expect(new Set(loaded.messages.map((m) => (m.kind === 'user' ? m.text : '')))).toHaveProperty('size', 50)
    expect(index.get(session.id)?.messageCount).toBe(50)
  })

  it('a session just made: its private file is made before its first message, which syncs it and its folder entry once', async () => {
    const { dataDir, index, store } = await open()
    const session = await index.create()
    const file = join(dataDir, 'sessions', `${session.id}.jsonl`)
    const writes = await countDurableWrites()
    try {
      store.created(session.id)
      expect(await store.load(session.id)).toEqual({ messages: [], problems: [] })
      await expect.poll(() => stat(file).then((made) => made.mode & 0o777, () => undefined)).toBe(0o600)
      await store.append(session.id, user('first'))
      await store.append(session.id, assistant('second'))
      expect(writes.writes.map((write) => `${write.call}${write.directory ? ' (folder)' : ''}`).sort()).toEqual(['datasync', 'datasync', 'sync (folder)'])
    } finally {
      writes.stop()
    }
    expect((await store.load(session.id)).messages.map((message) => message.kind)).toEqual(['user', 'assistant'])
    expect(index.get(session.id)).toMatchObject({ title: 'first', messageCount: 2 })
  })

  it('an existing file opened again gets its next line at its end, and a session with messages is not taken for a new one', async () => {
    const { dataDir, index, store } = await open()
    const session = await index.create()
    await store.append(session.id, user('before'))
    await store.close()
    const again = await openSessionStore({ dataDir, index })
    cleanups.push(() => again.close())
    again.created(session.id) // told wrongly: the file holds a message, which stays
    expect((await again.load(session.id)).messages.map((message) => message.kind)).toEqual(['user'])
    await again.append(session.id, assistant('after'))
    expect((await again.load(session.id)).messages.map((message) => message.kind)).toEqual(['user', 'assistant'])
  })
})

describe('session titles', () => {
  it.each([
    ['Hello', 'Hello'],
    ['\n\n  first   real line \nsecond', 'first real line'],
    ['   ', undefined],
    ['word '.repeat(30), `${'word '.repeat(12).trim()}…`],
    ['x'.repeat(100), `${'x'.repeat(60)}…`],
  ])('%j → %j', (text, title) => {
    expect(titleFromText(text)).toBe(title)
  })

  it('stores the attachments of a user message, and still loads user lines written before attachments were recorded', async () => {
    const { dataDir, index, store } = await open()
    const session = await index.create()
    // A line as the version before attachments wrote it: no `attachments` field.
    await writeFile(join(dataDir, 'sessions', `${session.id}.jsonl`), JSON.stringify({ v: 1, id: 'old', at: '2026-01-01T00:00:00.000Z', kind: 'user', turnId: 't0', text: 'Hello' }) + '\n')
    const attachments = [{ extensionId: 'files', uri: 'file:///notes.md', name: 'notes.md', mimeType: 'text/markdown', size: 1200, truncated: true }]
    await store.append(session.id, { ...user('Read this'), attachments })
    const loaded = await store.load(session.id)
    expect(loaded.problems).toEqual([])
    expect(loaded.messages).toMatchObject([{ id: 'old', text: 'Hello' }, { text: 'Read this', attachments }])
    expect(loaded.messages[0]).not.toHaveProperty('attachments')
  })
})
