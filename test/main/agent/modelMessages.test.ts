/** Committed history → the model's conversation, and tool results → what the model reads. */
import { describe, expect, it } from 'vitest'
import { toModelMessages } from '../../../src/main/agent/modelMessages'
import type { StoredMessage } from '../../../src/main/agent/session/storedMessage'
import { toModelOutput } from '../../../src/main/agent/toolResultContent'

const at = '2026-01-01T00:00:00.000Z'
const base = { v: 1 as const, at, turnId: 't' }

describe('history to model messages', () => {
  it('orders tool results by the calls, answers a call that never finished, leaves notices out', () => {
    const history: StoredMessage[] = [
      { ...base, id: '1', kind: 'user', text: 'Do two things' },
      {
        ...base,
        id: '2',
        kind: 'assistant',
        step: 1,
        text: 'On it.',
        end: 'complete',
        toolCalls: [
          { callId: 'a', name: 'fx__echo', arguments: { text: 'A' } },
          { callId: 'b', name: 'fx__echo', arguments: '{"broken' },
          { callId: 'c', name: 'fx__hang', arguments: {} },
        ],
      },
      { ...base, id: '3', kind: 'tool-result', callId: 'b', name: 'fx__echo', status: 'error', errorKind: 'invalid-arguments', content: [{ type: 'text', text: 'bad json' }] },
      { ...base, id: '4', kind: 'tool-result', callId: 'a', name: 'fx__echo', status: 'ok', content: [{ type: 'text', text: 'A' }] },
      { ...base, id: '5', kind: 'notice', reason: 'turn-failed', text: 'The app stopped.' },
      { ...base, id: '6', kind: 'assistant', step: 1, text: '', end: 'stopped', toolCalls: [] },
    ]
    const messages = toModelMessages(history)
    expect(messages.map((m) => m.role)).toEqual(['user', 'assistant', 'tool'])
    const tool = messages[2] as { content: { toolCallId: string; output: { type: string; value: string } }[] }
    expect(tool.content.map((part) => [part.toolCallId, part.output.type])).toEqual([
      ['a', 'text'],
      ['b', 'error-text'],
      ['c', 'error-text'],
    ])
    expect(tool.content[2]?.output.value).toMatch(/did not finish/)
    const calls = (messages[1] as { content: { type: string; input?: unknown }[] }).content.filter((part) => part.type === 'tool-call')
    expect(calls.map((call) => call.input)).toEqual([{ text: 'A' }, {}, {}])
  })
})

describe('tool results for the model', () => {
  it('plain text stays text; errors are error text', () => {
    expect(toModelOutput({ status: 'ok', content: [{ type: 'text', text: 'a' }, { type: 'text', text: 'b' }] })).toEqual({ type: 'text', value: 'a\nb' })
    expect(toModelOutput({ status: 'denied', content: [{ type: 'text', text: 'Not run' }] })).toEqual({ type: 'error-text', value: 'Not run' })
    expect(toModelOutput({ status: 'ok', content: [] })).toEqual({ type: 'text', value: '(the tool returned no content)' })
  })

  it('images as image data; resource links, embedded resources and audio in words', () => {
    const output = toModelOutput({
      status: 'ok',
      content: [
        { type: 'text', text: 'Here:' },
        { type: 'image', data: 'iVBORw0KGgo=', mimeType: 'image/png' },
        { type: 'resource_link', uri: 'file:///tmp/report.pdf', name: 'report', mimeType: 'application/pdf' },
        { type: 'resource', resource: { uri: 'memo://1', text: 'memo text' } },
        { type: 'audio', data: 'AAAA', mimeType: 'audio/wav' },
      ],
    })
    expect(output).toEqual({
      type: 'content',
      value: [
        { type: 'text', text: 'Here:' },
        { type: 'image-data', data: 'iVBORw0KGgo=', mediaType: 'image/png' },
        { type: 'text', text: '[resource link] report file:///tmp/report.pdf (application/pdf)' },
        { type: 'text', text: '[resource memo://1]\nmemo text' },
        { type: 'text', text: '[audio (audio/wav, 4 B) not passed to the model]' },
      ],
    })
  })

  it('structured content is added as JSON unless a text block already carries it', () => {
    expect(toModelOutput({ status: 'ok', content: [{ type: 'text', text: 'done' }], structuredContent: { n: 1 } })).toEqual({ type: 'text', value: 'done\nstructured content: {"n":1}' })
    expect(toModelOutput({ status: 'ok', content: [{ type: 'text', text: '{ "n": 1 }' }], structuredContent: { n: 1 } })).toEqual({ type: 'text', value: '{ "n": 1 }' })
  })
})
