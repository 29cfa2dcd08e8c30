/**
 * History pages (historyPageApi.ts, historyPage.ts): which messages a page holds, its cursors, and
 * that pages are cut from the conversation as shown — set-aside messages left out, tool results
 * folded into their calls even when the result was committed much later — with usage of the whole.
 */
import { describe, expect, it } from 'vitest'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { historyPayload, openSessionIndex, openSessionStore, STORED_MESSAGE_VERSION, type StoredMessage } from '../../../../src/main/agent'
import { historyView } from '../../../../src/main/services/chat/chatViews'
import { UnknownHistoryMessageError } from '../../../../src/main/services/chat/historyPage'
import { HISTORY_PAGE_SIZE, historyPageUri, historyUri, parseHistoryPage, type HistoryPageRequest } from '../../../../src/shared/hostApi'

const at = '2026-11-30T12:00:00.000Z'
const line = (turnId: string) => ({ v: STORED_MESSAGE_VERSION, at, turnId }) as const
const user = (n: number): StoredMessage => ({ ...line(`t${n}`), id: `u${n}`, kind: 'user', text: `question ${n}` })
type Assistant = Extract<StoredMessage, { kind: 'assistant' }>
const reply = (n: number, extra: Partial<Assistant> = {}): Assistant => ({
  ...line(`t${n}`),
  id: `a${n}`,
  kind: 'assistant',
  step: 1,
  text: `answer ${n}`,
  toolCalls: [],
  end: 'complete',
  ...extra,
})
/** `turns` exchanges: u0 a0 u1 a1 … */
const conversation = (turns: number): StoredMessage[] => Array.from({ length: turns }, (_, n) => [user(n), reply(n)]).flat()
const idle = { sessionId: 's1', status: 'idle' } as const
const page = (messages: StoredMessage[], request: HistoryPageRequest = {}) => historyView(historyPayload('s1', { messages, problems: [] }), idle, [], request)
const ids = (view: { messages: { id: string }[] }) => view.messages.map((message) => message.id)

describe('history pages', () => {
  it('serves the newest page by default, with where it stands and what is before it', () => {
    const newest = page(conversation(100))
    expect(newest.messages).toHaveLength(HISTORY_PAGE_SIZE)
    expect(newest).toMatchObject({ offset: 200 - HISTORY_PAGE_SIZE, total: 200, hasOlder: true, hasNewer: false, precedingId: 'a74' })
    expect(newest.messages.at(-1)?.id).toBe('a99')
    expect(newest.messages[0]?.id).toBe('u75')
  })

  it('serves a short conversation whole, without older pages', () => {
    const whole = page(conversation(3))
    expect(ids(whole)).toEqual(['u0', 'a0', 'u1', 'a1', 'u2', 'a2'])
    expect(whole).toMatchObject({ offset: 0, total: 6, hasOlder: false, hasNewer: false })
    expect(whole).not.toHaveProperty('precedingId')
  })

  it('walks back with before until the oldest message, each page joining the next without a gap or an overlap', () => {
    const messages = conversation(60)
    const seen: string[] = []
    let current = page(messages, { limit: 25 })
    seen.unshift(...ids(current))
    let pages = 1
    while (current.hasOlder) {
      const older = page(messages, { before: current.messages[0]!.id, limit: 25 })
      expect(older.offset + older.messages.length).toBe(current.offset)
      expect(older.messages.at(-1)?.id).toBe(current.precedingId)
      expect(older.hasNewer).toBe(true)
      seen.unshift(...ids(older))
      current = older
      pages++
    }
    expect(pages).toBe(Math.ceil(120 / 25))
    expect(current.offset).toBe(0)
    expect(seen).toEqual(messages.map((message) => message.id))
  })

  it('reads forward with after, and puts the message asked for in the middle with around (kept full at either end)', () => {
    const messages = conversation(100)
    const after = page(messages, { after: 'a9', limit: 10 })
    expect(ids(after)).toEqual(['u10', 'a10', 'u11', 'a11', 'u12', 'a12', 'u13', 'a13', 'u14', 'a14'])
    expect(after).toMatchObject({ offset: 20, hasOlder: true, hasNewer: true })
    const around = page(messages, { around: 'u50', limit: 10 })
    expect(around.offset).toBe(95)
    expect(ids(around).indexOf('u50')).toBe(5)
    expect(page(messages, { around: 'u0', limit: 10 })).toMatchObject({ offset: 0, hasOlder: false })
    const end = page(messages, { around: 'a99', limit: 10 })
    expect(end).toMatchObject({ offset: 190, hasNewer: false })
    expect(end.messages).toHaveLength(10)
    expect(page(messages, { after: 'a99' }).messages).toEqual([])
    expect(page(messages, { before: 'u0' })).toMatchObject({ messages: [], offset: 0, hasOlder: false })
  })

  it('refuses a cursor that is not in the conversation, including a message set aside by a regenerate', () => {
    const messages: StoredMessage[] = [...conversation(3), { ...line('t9'), id: 'rw', kind: 'rewind', from: 'a2', reason: 'regenerate' }, reply(9, { turnId: 't2' })]
    expect(() => page(messages, { before: 'nope' })).toThrow(UnknownHistoryMessageError)
    expect(() => page(messages, { around: 'a2' })).toThrow(/no message "a2".*set aside/)
  })

  it('cuts pages from the conversation as shown: set-aside messages are in no page, and totals count what is shown', () => {
    // A regenerate far back is impossible (only the last reply), but many in a row set aside many lines.
    const messages: StoredMessage[] = [...conversation(30)]
    for (let n = 0; n < 20; n++) {
      const last = messages.filter((message) => message.kind === 'assistant').at(-1)!
      messages.push({ ...line(`r${n}`), id: `rw${n}`, kind: 'rewind', from: last.id, reason: 'regenerate' }, { ...reply(100 + n), turnId: `r${n}` })
    }
    const newest = page(messages, { limit: 20 })
    expect(newest.total).toBe(60)
    expect(newest.messages.at(-1)?.id).toBe('a119')
    expect(ids(newest)).not.toContain('a29')
    expect(ids(page(messages, { before: newest.messages[0]!.id, limit: 50 }))).not.toContain('a29')
    // Usage counts every reply, also those set aside.
    const used = messages.map((message) => (message.kind === 'assistant' ? { ...message, model: 'm', usage: { input: 10, output: 1 } } : message))
    expect(page(used, { limit: 5 }).usage).toMatchObject({ input: 10 * 50, output: 50 })
  })

  it('folds a tool result into its call even when the call and the result would fall on different pages', () => {
    const call: StoredMessage = { ...reply(0), id: 'call', text: '', toolCalls: [{ callId: 'c1', name: 'fx__slow', arguments: {} }] }
    const later = conversation(40).slice(2)
    const result: StoredMessage = { ...line('t0'), id: 'res', kind: 'tool-result', callId: 'c1', name: 'fx__slow', status: 'ok', content: [{ type: 'text', text: 'slow result' }] }
    const messages = [user(0), call, ...later, result]
    const oldest = page(messages, { before: 'u20', limit: 5 })
    const before = page(messages, { before: oldest.messages[0]!.id, limit: 50 })
    const step = [...oldest.messages, ...before.messages].find((message) => message.id === 'call')
    expect(step).toMatchObject({ toolCalls: [{ callId: 'c1', state: 'done', result: { content: [{ type: 'text', text: 'slow result' }] } }] })
    // The result line is not a message of the history, but its id opens the reply whose call it answers.
    expect(page(messages, { around: 'res', limit: 3 }).messages.map((message) => message.id)).toContain('call')
  })

  it('pages a file with a damaged line and a torn tail, read by the real store: the rest is there, in order', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'switchboard-history-page-'))
    try {
      const index = await openSessionIndex(dataDir)
      const session = await index.create('Damaged')
      const store = await openSessionStore({ dataDir, index })
      await store.close()
      const lines = conversation(40).map((message) => JSON.stringify(message))
      lines.splice(30, 0, '{"not json')
      await writeFile(join(dataDir, 'sessions', `${session.id}.jsonl`), `${lines.join('\n')}\n{"v":1,"torn`)
      const reopened = await openSessionStore({ dataDir, index })
      const loaded = await reopened.load(session.id)
      expect(loaded.problems.map((problem) => problem.kind)).toEqual(['unreadable-line', 'torn-tail'])
      const newest = historyView(historyPayload(session.id, loaded), idle, [], { limit: 60 })
      const older = historyView(historyPayload(session.id, loaded), idle, [], { before: newest.messages[0]!.id, limit: 60 })
      expect([...ids(older), ...ids(newest)]).toEqual(conversation(40).map((message) => message.id))
      await reopened.close()
    } finally {
      await rm(dataDir, { recursive: true, force: true })
    }
  })
})

describe('history page URIs', () => {
  it('builds and reads back each cursor, and the plain URI is the newest page', () => {
    expect(historyPageUri('s 1', {})).toBe(historyUri('s 1'))
    for (const request of [{ before: 'm-1' }, { after: 'a b&c', limit: 20 }, { around: 'x' }, { limit: 500 }] as HistoryPageRequest[]) {
      const uri = historyPageUri('s1', request)
      expect(parseHistoryPage(uri.slice(uri.indexOf('?')))).toEqual(request)
    }
  })

  it('names what is wrong with a query it cannot serve', () => {
    expect(parseHistoryPage('?before=a&after=b')).toEqual(new Error('The history takes one of before, after and around at a time, not before and after.'))
    expect((parseHistoryPage('?limit=0') as Error).message).toMatch(/limit is a number of messages from 1 to 500/)
    expect((parseHistoryPage('?limit=5000') as Error).message).toMatch(/from 1 to 500/)
    expect((parseHistoryPage('?limit=1e2') as Error).message).toMatch(/not "1e2"/)
    expect((parseHistoryPage('?page=2') as Error).message).toMatch(/not "page"/)
    expect((parseHistoryPage('?before=') as Error).message).toMatch(/before names a message id/)
  })
})
