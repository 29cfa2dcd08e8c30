/**
 * The rows of the conversation: a model step keeps its row (its key) from its first progress to its
 * committed message, so the list does not draw a committed reply anew.
 */
import { describe, expect, it } from 'vitest'
import type { ChatMessageView, ToolCallView } from '../../../src/shared/hostApi'
import { conversationRows, stepKey, type ConversationRow, type Turn } from '../../../src/renderer/components/chat/liveTurn'

const user = (id: string, text: string): ChatMessageView => ({ id, role: 'user', text, created: '2026-01-01T00:00:00.000Z' })
const assistant = (id: string, turnId: string, step: number, text: string, toolCalls: ToolCallView[] = []): ChatMessageView => ({
  id,
  role: 'assistant',
  text,
  created: '2026-01-01T00:00:00.000Z',
  turnId,
  step,
  toolCalls,
})
const call = (callId: string, state: ToolCallView['state']): ToolCallView => ({ callId, toolName: 'fixture__echo', arguments: {}, state })
const turn = (change: Partial<Turn> = {}): Turn => ({ turnId: 't1', step: 1, status: 'streaming', text: '', toolCalls: [], ...change })
const keys = (rows: ConversationRow[]) => rows.map((row) => row.key)
const last = (rows: ConversationRow[]) => rows.at(-1)!

describe('conversationRows', () => {
  it('gives the streaming step the key its committed message will have', () => {
    const asked = [user('u1', 'hi')]
    const streaming = conversationRows(asked, turn({ text: 'Hello the' }), false)
    expect(keys(streaming)).toEqual(['u1', stepKey('t1', 1)])
    expect(last(streaming)).toMatchObject({ kind: 'assistant', live: { text: 'Hello the', streaming: true, status: null } })

    const committed = conversationRows([...asked, assistant('a1', 't1', 1, 'Hello there')], turn({ text: 'Hello the' }), false)
    expect(keys(committed)).toEqual(['u1', stepKey('t1', 1)])
    // Drawn from the history now; a step without tool calls was the last, so nothing follows it.
    expect(last(committed)).toMatchObject({ kind: 'assistant', message: { id: 'a1', text: 'Hello there' } })
    expect(last(committed)).not.toHaveProperty('live')
  })

  it('after a committed step with tool calls, says what the turn does next in the next step’s row', () => {
    const done = call('c1', 'done')
    const messages = [user('u1', 'hi'), assistant('a1', 't1', 1, 'Let me check.', [done])]
    const rows = conversationRows(messages, turn({ status: 'waiting-for-model', text: '' }), false)
    expect(keys(rows)).toEqual(['u1', stepKey('t1', 1), stepKey('t1', 2)])
    expect(last(rows)).toMatchObject({ live: { text: '', status: 'Waiting for the model…' } })
    // Step 2 streams in that same row.
    const next = conversationRows(messages, turn({ step: 2, text: 'It says' }), false)
    expect(keys(next)).toEqual(['u1', stepKey('t1', 1), stepKey('t1', 2)])
    expect(last(next)).toMatchObject({ live: { text: 'It says', streaming: true } })
  })

  it('draws calls the history already holds there, with their live state while the turn runs', () => {
    const messages = [user('u1', 'hi'), assistant('a1', 't1', 1, 'Checking', [call('c1', 'running')])]
    const running = call('c1', 'done')
    const rows = conversationRows(messages, turn({ step: 2, status: 'running-tools', toolCalls: [running, call('c2', 'pending-approval')] }), false)
    const committed = rows[1]
    expect(committed?.kind === 'assistant' && committed.liveCalls?.get('c1')).toBe(running)
    expect(last(rows)).toMatchObject({ key: stepKey('t1', 2), live: { calls: [{ callId: 'c2' }] } })
  })

  it('shows the message being sent before the reply, and an ended turn only until the history has it', () => {
    const sending = conversationRows([], turn({ turnId: 'sending', status: 'waiting-for-model' }), false, 'hi')
    expect(sending.map((row) => row.kind)).toEqual(['user', 'assistant'])
    expect(sending[0]).toMatchObject({ key: 'sending', sending: true })

    const held = turn({ text: 'All done' })
    const before = conversationRows([user('u1', 'hi')], held, true)
    expect(last(before)).toMatchObject({ key: stepKey('t1', 1), live: { text: 'All done', streaming: false, status: null } })
    const after = conversationRows([user('u1', 'hi'), assistant('a1', 't1', 1, 'All done')], held, true)
    expect(keys(after)).toEqual(['u1', stepKey('t1', 1)])
    expect(last(after)).toMatchObject({ message: { id: 'a1' } })
  })

  it('keys notices and older messages without a step by their id', () => {
    const notice: ChatMessageView = { id: 'n1', role: 'assistant', text: '', created: '2026-01-01T00:00:00.000Z', toolCalls: [], error: 'Key rejected.' }
    expect(keys(conversationRows([user('u1', 'hi'), notice], null, false))).toEqual(['u1', 'n1'])
  })
})
