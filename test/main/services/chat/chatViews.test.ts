import { describe, expect, it } from 'vitest'
import { historyPayload, STORED_MESSAGE_VERSION, type StoredMessage, type TurnProgress } from '../../../../src/main/agent'
import { historyView } from '../../../../src/main/services/chat/chatViews'

const at = '2026-11-30T12:00:00.000Z'
const base = { v: STORED_MESSAGE_VERSION, at, turnId: 't1' } as const
const user: StoredMessage = { ...base, id: 'u1', kind: 'user', text: 'Run it' }
const callStep: StoredMessage = { ...base, id: 'a1', kind: 'assistant', step: 1, text: '', toolCalls: [{ callId: 'c1', name: 'fx__slow', arguments: {} }], end: 'complete' }
const result: StoredMessage = { ...base, id: 'r1', kind: 'tool-result', callId: 'c1', name: 'fx__slow', status: 'ok', content: [{ type: 'text', text: 'ok' }] }
const reply: StoredMessage = { ...base, id: 'a2', kind: 'assistant', step: 2, text: 'Done.', toolCalls: [], end: 'complete' }

/** The progress as last published: step 1 with its call still running. */
const stepOneRunning: TurnProgress = {
  sessionId: 's1',
  turnId: 't1',
  status: 'running-tools',
  step: 1,
  stepLimit: 25,
  text: '',
  assistantMessageId: 'a1',
  toolCalls: [{ callId: 'c1', name: 'fx__slow', arguments: {}, state: 'running' }],
}

const view = (messages: StoredMessage[], progress: TurnProgress) => historyView(historyPayload('s1', { messages, problems: [] }), progress).messages.map((message) => message.id)

describe('how a reply ended, in the history view', () => {
  const idle = { sessionId: 's1', status: 'idle' } as const
  const ended = (end: 'complete' | 'stopped' | 'failed') => {
    const message: StoredMessage = { ...base, id: 'a3', kind: 'assistant', step: 1, text: 'Half a', toolCalls: [], end }
    return historyView(historyPayload('s1', { messages: [user, message], problems: [] }), idle).messages[1]
  }

  it('marks a reply that broke off mid-stream as cut off, and one the person stopped as stopped', () => {
    expect(ended('failed')).toMatchObject({ text: 'Half a', cutOff: true })
    expect(ended('failed')).not.toHaveProperty('stopped', true)
    expect(ended('stopped')).toMatchObject({ stopped: true })
    expect(ended('stopped')).not.toHaveProperty('cutOff', true)
    expect(ended('complete')).toMatchObject({ stopped: undefined, cutOff: undefined })
  })
})

describe('the history view while a turn runs', () => {
  it('leaves out the step in flight until its tool results are committed', () => {
    expect(view([user, callStep], stepOneRunning)).toEqual(['u1'])
  })

  it('shows a step whose results are committed even when the published progress still shows it running', () => {
    // The progress is published at most every ~30 ms: the result and the next reply can be in the
    // history before it catches up, and the step with the call must not vanish meanwhile.
    expect(view([user, callStep, result, reply], stepOneRunning)).toEqual(['u1', 'a1', 'a2'])
    expect(view([user, callStep, result], stepOneRunning)).toEqual(['u1', 'a1'])
  })
})
