/**
 * History pages through the host API (a long session written with the real sessions store, the host
 * over it, the scripted model server for new turns): the plain URI is the newest page and stays the
 * one updates are about; ?before/?after/?around read other pages; a new message moves the newest page
 * on and older pages still join it; a regenerate leaves the held pages consistent; bad queries are
 * readable errors.
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Client } from '@modelcontextprotocol/client'
import { describe, expect, it } from 'vitest'
import { openSessionIndex, openSessionStore } from '../../../src/main/agent'
import { HISTORY_PAGE_SIZE, HistoryResourceSchema, ProgressResourceSchema, historyPageUri, historyUri, progressUri, type HistoryPageRequest } from '../../../src/shared/hostApi'
import { startScriptedModelServer, type ScriptedModelServer } from '../../fixtures/modelServer/scriptedModelServer'
import { call, poll, read, selectScriptedModel } from '../../helpers/hostCalls'
import { testHostsStoppedAfterEach } from '../../helpers/testHost'

let model: ScriptedModelServer | undefined
let dataDir: string | undefined
const startTestHost = testHostsStoppedAfterEach(async () => {
  await model?.stop()
  model = undefined
  if (dataDir) await rm(dataDir, { recursive: true, force: true })
  dataDir = undefined
})

const EXCHANGES = 70

/** A data folder with one session of EXCHANGES question/answer pairs. */
async function longSession(): Promise<{ dir: string; sessionId: string }> {
  const dir = await mkdtemp(join(tmpdir(), 'switchboard-history-pages-'))
  const index = await openSessionIndex(dir)
  const store = await openSessionStore({ dataDir: dir, index })
  const session = await index.create('Long')
  for (let n = 1; n <= EXCHANGES; n++) {
    await store.append(session.id, { kind: 'user', turnId: `t${n}`, text: `Question ${n}` })
    await store.append(session.id, { kind: 'assistant', turnId: `t${n}`, step: 1, text: `Answer ${n}`, toolCalls: [], end: 'complete' })
  }
  await store.close()
  return { dir, sessionId: session.id }
}

const page = (client: Client, sessionId: string, request: HistoryPageRequest = {}) => read(client, historyPageUri(sessionId, request), HistoryResourceSchema)
const texts = (history: { messages: { text: string }[] }) => history.messages.map((message) => message.text)

describe('history pages through the host API', () => {
  it('serves the newest page at the plain URI and other pages by cursor; updates move the newest page on, older pages still join', async () => {
    const seeded = await longSession()
    dataDir = seeded.dir
    const { sessionId } = seeded
    model = await startScriptedModelServer({ turns: [{ type: 'text', chunks: ['Answer ', 'new.'] }, { type: 'text', chunks: ['Answer ', 'again.'] }] })
    const h = await startTestHost(dataDir)
    const client = await h.connectOverWebSocket()
    await selectScriptedModel(client, model.baseUrl)

    const newest = await read(client, historyUri(sessionId), HistoryResourceSchema)
    expect(newest).toMatchObject({ offset: 2 * EXCHANGES - HISTORY_PAGE_SIZE, total: 2 * EXCHANGES, hasOlder: true, hasNewer: false })
    expect(texts(newest).at(-1)).toBe(`Answer ${EXCHANGES}`)
    const older = await page(client, sessionId, { before: newest.messages[0]!.id })
    expect(older).toMatchObject({ offset: 2 * EXCHANGES - 2 * HISTORY_PAGE_SIZE, hasNewer: true })
    expect(older.messages.at(-1)?.id).toBe(newest.precedingId)
    const oldest = await page(client, sessionId, { before: older.messages[0]!.id })
    expect(oldest).toMatchObject({ offset: 0, hasOlder: false })
    expect([...texts(oldest), ...texts(older), ...texts(newest)]).toEqual(Array.from({ length: EXCHANGES }, (_, i) => [`Question ${i + 1}`, `Answer ${i + 1}`]).flat())
    const around = await page(client, sessionId, { around: oldest.messages[3]!.id, limit: 5 })
    // "Answer 2" in the middle.
    expect(texts(around)).toEqual(['Answer 1', 'Question 2', 'Answer 2', 'Question 3', 'Answer 3'])
    expect(texts(await page(client, sessionId, { after: oldest.messages[1]!.id, limit: 2 }))).toEqual(['Question 2', 'Answer 2'])

    // A new exchange: the subscribed (plain) URI is told, and its page ends with it.
    const updates: string[] = []
    client.setNotificationHandler('notifications/resources/updated', (notification) => void updates.push(notification.params.uri))
    await client.subscribeResource({ uri: historyUri(sessionId) })
    // Kept finding tools as needed, as when it was written: under "auto" its first new turn would also commit a note that it now offers all tools.
    await call(client, 'session_set_tool_offer', { id: sessionId, offer: 'search' })
    await call(client, 'chat_send', { sessionId, text: 'One more' })
    await poll(() => read(client, progressUri(sessionId), ProgressResourceSchema), (progress) => progress.turn === null, 'the turn to end')
    const moved = await poll(() => read(client, historyUri(sessionId), HistoryResourceSchema), (history) => history.total === 2 * EXCHANGES + 2, 'the new reply')
    expect(updates).toContain(historyUri(sessionId))
    expect(moved.offset).toBe(newest.offset + 2)
    expect(texts(moved).slice(-2)).toEqual(['One more', 'Answer new.'])
    // What the window held before (older + newest) still joins the new newest page.
    expect(newest.messages[1]?.id).toBe(moved.precedingId)

    // A regenerate sets the last reply aside: the newest page has the new one, the count stays, and the old reply is no cursor any more.
    const setAside = moved.messages.at(-1)!.id
    await call(client, 'chat_regenerate', { sessionId })
    const regenerated = await poll(() => read(client, historyUri(sessionId), HistoryResourceSchema), (history) => history.messages.at(-1)?.text === 'Answer again.', 'the regenerated reply')
    expect(regenerated).toMatchObject({ total: moved.total, offset: moved.offset, precedingId: moved.precedingId })
    await expect(client.readResource({ uri: historyPageUri(sessionId, { before: setAside }) })).rejects.toThrow(/no message ".*set aside/)
  }, 60_000)

  it('answers a query it cannot serve with an error that says what is wrong', async () => {
    const seeded = await longSession()
    dataDir = seeded.dir
    const h = await startTestHost(dataDir)
    const client = await h.connectOverWebSocket()
    await expect(client.readResource({ uri: `${historyUri(seeded.sessionId)}?before=a&around=b` })).rejects.toThrow(/one of before, after and around at a time/)
    await expect(client.readResource({ uri: `${historyUri(seeded.sessionId)}?limit=9999` })).rejects.toThrow(/limit is a number of messages from 1 to 500/)
    await expect(client.readResource({ uri: `${historyUri(seeded.sessionId)}?page=2` })).rejects.toThrow(/not "page"/)
    await expect(client.readResource({ uri: `${historyUri('no-such-session')}?limit=5` })).rejects.toThrow(/No session with id "no-such-session"/)
    expect((await page(client, seeded.sessionId, { limit: 500 })).messages).toHaveLength(2 * EXCHANGES)
  }, 60_000)
})
