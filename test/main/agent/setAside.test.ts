import { describe, expect, it } from 'vitest'
import { activeMessages, shownCount, STORED_MESSAGE_VERSION, type StoredMessage } from '../../../src/main/agent'
import { toModelMessages } from '../../../src/main/agent/modelMessages'

const at = '2026-11-30T12:00:00.000Z'
const line = (turnId: string) => ({ v: STORED_MESSAGE_VERSION, at, turnId }) as const
const user = (id: string, text: string, turnId = 't1'): StoredMessage => ({ ...line(turnId), id, kind: 'user', text })
const reply = (id: string, text: string, turnId = 't1', toolCalls: { callId: string; name: string; arguments: unknown }[] = []): StoredMessage => ({
  ...line(turnId),
  id,
  kind: 'assistant',
  step: 1,
  text,
  toolCalls,
  end: 'complete',
})
const rewind = (id: string, from: string, reason: 'regenerate' | 'edit', turnId: string): StoredMessage => ({ ...line(turnId), id, kind: 'rewind', from, reason })
const ids = (messages: readonly StoredMessage[]) => messages.map((message) => message.id)

describe('messages set aside by regenerate and edit', () => {
  it('leaves out what a rewind set aside, and the rewind line itself', () => {
    const file = [user('u1', 'Hi'), reply('a1', 'Hello'), rewind('r1', 'a1', 'regenerate', 't2'), reply('a2', 'Hey', 't2')]
    expect(ids(activeMessages(file))).toEqual(['u1', 'a2'])
    const edited = [...file, rewind('r2', 'u1', 'edit', 't3'), user('u2', 'Hi there', 't3'), reply('a3', 'Welcome', 't3')]
    expect(ids(activeMessages(edited))).toEqual(['u2', 'a3'])
  })

  it('ignores a rewind naming a message that is not in the conversation', () => {
    const file = [user('u1', 'Hi'), reply('a1', 'Hello'), rewind('r1', 'nope', 'regenerate', 't2')]
    expect(ids(activeMessages(file))).toEqual(['u1', 'a1'])
  })

  it('counts the messages people see: theirs and replies with text, not tool-call steps, results, notices or set-aside ones', () => {
    const file: StoredMessage[] = [
      user('u1', 'Run it'),
      reply('a1', '', 't1', [{ callId: 'c1', name: 'fx__echo', arguments: {} }]),
      { ...line('t1'), id: 'tr1', kind: 'tool-result', callId: 'c1', name: 'fx__echo', status: 'ok', content: [] },
      reply('a2', 'Done.'),
      { ...line('t1'), id: 'n1', kind: 'notice', reason: 'hook', text: 'careful' },
      user('u2', 'Again', 't2'),
      reply('a3', 'Once more.', 't2'),
      rewind('r1', 'a3', 'regenerate', 't3'),
    ]
    expect(shownCount(file)).toBe(3)
  })

  it('gives the model neither the set-aside messages nor what a summary stands for', () => {
    const file: StoredMessage[] = [
      user('u1', 'Old question'),
      reply('a1', 'Old answer'),
      user('u2', 'New question', 't2'),
      { ...line('t2'), id: 's1', kind: 'summary', text: 'They talked about old things.', upTo: 'a1', covered: 2, tokensBefore: 900, tokensAfter: 20 },
      reply('a2', 'Wrong answer', 't2'),
      rewind('r1', 'a2', 'regenerate', 't3'),
    ]
    const sent = toModelMessages(file).map((message) => `${message.role}: ${typeof message.content === 'string' ? message.content : JSON.stringify(message.content)}`)
    expect(sent).toHaveLength(2)
    expect(sent[0]).toContain('They talked about old things.')
    expect(sent[1]).toBe('user: New question')
  })
})
