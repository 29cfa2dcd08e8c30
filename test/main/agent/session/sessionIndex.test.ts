import { afterEach, describe, expect, it } from 'vitest'
import { appendFile, mkdir, readdir, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { openSessionIndex, SessionNotFoundError } from '../../../../src/main/agent/session/sessionIndex'
import { openSessionStore } from '../../../../src/main/agent/session/sessionStore'
import { tempDir } from '../../../helpers/tempDir'

let cleanup: (() => Promise<void>)[] = []
afterEach(async () => {
  await Promise.all(cleanup.map((remove) => remove()))
  cleanup = []
})

async function dir() {
  const made = await tempDir()
  cleanup.push(made.remove)
  return made.path
}

describe('session index', () => {
  it('persists creates, renames and deletes, newest first', async () => {
    const dataDir = await dir()
    let clock = Date.parse('2026-01-01T00:00:00Z')
    const index = await openSessionIndex(dataDir, () => new Date((clock += 1000)))
    const a = await index.create()
    const b = await index.create('Second')
    await index.rename(a.id, 'First')
    expect(index.list().map((s) => s.title)).toEqual(['Second', 'First'])
    const reopened = await openSessionIndex(dataDir)
    expect(reopened.list()).toEqual(index.list())
    await reopened.remove(b.id)
    expect((await openSessionIndex(dataDir)).list().map((s) => s.id)).toEqual([a.id])
    await expect(reopened.remove(b.id)).rejects.toBeInstanceOf(SessionNotFoundError)
    // No temp files are left behind: the snapshot and the journal of changes since.
    expect(await readdir(join(dataDir, 'sessions'))).toEqual(['index.json', 'index.jsonl'])
  })

  it('keeps a session\'s tool offer and the tools found in it across a reopen; a new session is "auto", and every choice is stored', async () => {
    const dataDir = await dir()
    const index = await openSessionIndex(dataDir)
    const { id, toolOffer } = await index.create()
    expect(toolOffer).toBe('auto')
    expect(await index.setToolOffer(id, 'all')).toMatchObject({ toolOffer: 'all' })
    await index.addFoundTools(id, ['fx__echo', 'fx__sleep'])
    await index.addFoundTools(id, ['fx__echo'])
    await index.addFoundTools('no-such-session', ['fx__echo'])
    const reopened = await openSessionIndex(dataDir)
    expect(reopened.get(id)).toMatchObject({ toolOffer: 'all', foundTools: ['fx__echo', 'fx__sleep'] })
    expect(await reopened.setToolOffer(id, 'search')).toMatchObject({ toolOffer: 'search' })
    expect((await openSessionIndex(dataDir)).get(id)).toMatchObject({ toolOffer: 'search' })
    // Closing folds the journal into the snapshot.
    await reopened.close()
    const stored = JSON.parse(await readFile(join(dataDir, 'sessions', 'index.json'), 'utf8')) as { sessions: { id: string; toolOffer?: string }[] }
    expect(stored.sessions.find((session) => session.id === id)?.toolOffer).toBe('search')
  })

  it('reads sessions saved before "auto" existed (no tool offer stored: "find tools as needed" then) as "auto", and writes it out with the next save', async () => {
    const dataDir = await dir()
    await mkdir(join(dataDir, 'sessions'))
    const at = '2026-01-01T00:00:00.000Z'
    const old = (id: string, toolOffer?: string) => ({ id, title: id, created: at, updated: at, messageCount: 2, ...(toolOffer ? { toolOffer } : {}) })
    await writeFile(join(dataDir, 'sessions', 'index.json'), JSON.stringify({ version: 1, sessions: [old('was-search'), old('was-all', 'all')] }))
    const index = await openSessionIndex(dataDir)
    expect(index.get('was-search')?.toolOffer).toBe('auto')
    expect(index.get('was-all')?.toolOffer).toBe('all')
    await index.rename('was-all', 'Renamed')
    await index.close()
    const stored = JSON.parse(await readFile(join(dataDir, 'sessions', 'index.json'), 'utf8')) as { sessions: { id: string; toolOffer?: string }[] }
    expect(Object.fromEntries(stored.sessions.map((session) => [session.id, session.toolOffer]))).toEqual({ 'was-search': 'auto', 'was-all': 'all' })
  })

  it.each([
    ['unparseable JSON', '{"version":1,"sessions":['],
    ['the wrong shape', '{"version":1,"sessions":[{"id":1}]}'],
  ])('moves a damaged index (%s) aside, starts empty and says so', async (_what, content) => {
    const dataDir = await dir()
    await mkdir(join(dataDir, 'sessions'))
    await writeFile(join(dataDir, 'sessions', 'index.json'), content)
    const index = await openSessionIndex(dataDir)
    expect(index.list()).toEqual([])
    expect(index.damage?.message).toMatch(/session list could not be read/)
    expect(await readFile(index.damage!.movedTo!, 'utf8')).toBe(content)
    await index.create('fresh')
    expect((await openSessionIndex(dataDir)).list().map((s) => s.title)).toEqual(['fresh'])
  })

  it('add() puts a session in the list at once and says when its journal line is written, as create() waits for', async () => {
    const dataDir = await dir()
    const index = await openSessionIndex(dataDir)
    await index.create('First') // the journal exists from here on
    const journal = async () => (await readFile(join(dataDir, 'sessions', 'index.jsonl'), 'utf8')).split('\n').filter(Boolean)
    const { session, saved } = index.add('Second')
    expect(index.get(session.id)).toMatchObject({ title: 'Second', messageCount: 0 })
    expect(index.list().map((entry) => entry.title)).toContain('Second')
    await saved
    expect((await journal()).some((line) => line.includes(session.id))).toBe(true)
    expect((await openSessionIndex(dataDir)).get(session.id)).toMatchObject({ title: 'Second' })
  })

  it('writes a create, rename or delete as one journal line, whatever the number of sessions; a torn last line is skipped and the journal folds into the snapshot', async () => {
    const dataDir = await dir()
    const index = await openSessionIndex(dataDir)
    for (let i = 0; i < 300; i++) await index.create(`Session ${i}`)
    const snapshot = await readFile(join(dataDir, 'sessions', 'index.json'), 'utf8')
    const journalLines = async () => (await readFile(join(dataDir, 'sessions', 'index.jsonl'), 'utf8')).split('\n').filter(Boolean).length
    const before = await journalLines()
    const made = await index.create('One more')
    await index.rename(made.id, 'Renamed')
    await index.remove(made.id)
    // Three changes, three lines; the snapshot of 300 sessions was not written again.
    expect(await journalLines()).toBe(before + 3)
    expect(await readFile(join(dataDir, 'sessions', 'index.json'), 'utf8')).toBe(snapshot)
    // A write that never finished (the app died mid-line) is skipped on the next start.
    await appendFile(join(dataDir, 'sessions', 'index.jsonl'), '{"set":{"id":"torn","ti')
    const reopened = await openSessionIndex(dataDir)
    expect(reopened.list()).toHaveLength(300)
    expect(reopened.get(made.id)).toBeUndefined()
    // Closing folds the journal in: one compact snapshot; replaying an old journal over it changes nothing.
    const journal = await readFile(join(dataDir, 'sessions', 'index.jsonl'), 'utf8')
    await reopened.close()
    expect(await readdir(join(dataDir, 'sessions'))).toEqual(['index.json'])
    await writeFile(join(dataDir, 'sessions', 'index.jsonl'), journal)
    expect((await openSessionIndex(dataDir)).list()).toEqual(reopened.list())
  })

  it('adds back, at a start after an unclean end, a session whose unsynced list line was lost: title, times and count from its file', async () => {
    const dataDir = await dir()
    const index = await openSessionIndex(dataDir)
    const kept = await index.create('Kept')
    const store = await openSessionStore({ dataDir, index })
    const lost = await index.create()
    await store.append(lost.id, { kind: 'user', turnId: 't1', text: 'Plan the trip to Lisbon' })
    await store.append(lost.id, { kind: 'assistant', turnId: 't1', step: 1, text: 'Here is a plan.', toolCalls: [], end: 'complete' })
    await index.flush()
    // A power loss drops what was not synced: the new session's line and its counts (the journal keeps the synced lines before them).
    const journalFile = join(dataDir, 'sessions', 'index.jsonl')
    const lines = (await readFile(journalFile, 'utf8')).split('\n').filter(Boolean)
    await writeFile(journalFile, `${lines.filter((line) => !line.includes(lost.id)).join('\n')}\n`)

    const reopened = await openSessionIndex(dataDir)
    expect(reopened.get(kept.id)?.title).toBe('Kept')
    const back = reopened.get(lost.id)
    expect(back).toMatchObject({ id: lost.id, title: 'Plan the trip to Lisbon', messageCount: 2, toolOffer: 'auto' })
    const messages = (await openSessionStore({ dataDir, index: reopened }).then((again) => again.load(lost.id))).messages
    expect(back?.created).toBe(messages[0]?.at)
    expect(back?.updated).toBe(messages.at(-1)?.at)
    // Written out at once: the next start finds it in the list itself.
    expect((await openSessionIndex(dataDir)).get(lost.id)?.title).toBe('Plan the trip to Lisbon')
  })
})
