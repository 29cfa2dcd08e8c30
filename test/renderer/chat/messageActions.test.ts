/** Message actions as the window draws them: which rows offer them, and what a reply's footer says. */
import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import type { ChatMessageView } from '../../../src/shared/hostApi'
import { actionRows, conversationRows } from '../../../src/renderer/components/chat/liveTurn'
import { AssistantMessage } from '../../../src/renderer/components/chat/AssistantMessage'
import { UserMessage } from '../../../src/renderer/components/chat/UserMessage'
import { rowsFromDraft, toDraft } from '../../../src/renderer/components/models/modelFactsDraft'
import { HostContext } from '../../../src/renderer/mcp/hostContext'
import type { HostClient } from '../../../src/renderer/mcp/hostClient'

const created = '2026-01-01T09:30:00.000Z'
const user = (id: string, text: string): ChatMessageView => ({ id, role: 'user', text, created })
type Reply = Extract<ChatMessageView, { role: 'assistant' }>
const reply = (id: string, text: string, turnId = 't1', step = 1): Reply => ({ id, role: 'assistant', text, created, turnId, step, toolCalls: [] })
const notice = (id: string): ChatMessageView => ({ id, role: 'assistant', text: '', created, toolCalls: [], error: 'The model failed.' })
const withHost = (element: ReturnType<typeof createElement>) => renderToStaticMarkup(createElement(HostContext, { value: {} as HostClient }, element))

describe('which rows take the message actions', () => {
  it('offers edit on the last message of the person and regenerate on the last reply after it', () => {
    const rows = conversationRows([user('u1', 'a'), reply('a1', 'b'), user('u2', 'c'), reply('a2', 'd', 't2', 1), reply('a3', 'e', 't2', 2)], null, true)
    expect(actionRows(rows)).toEqual({ lastUser: 2, lastReply: 4 })
  })

  it('offers neither while a message is on its way, and no regenerate on a turn that only failed', () => {
    expect(actionRows(conversationRows([user('u1', 'a'), reply('a1', 'b')], null, true, 'sending'))).toEqual({ lastUser: -1, lastReply: -1 })
    expect(actionRows(conversationRows([user('u1', 'a'), notice('n1')], null, true))).toEqual({ lastUser: 0, lastReply: -1 })
  })
})

describe('the footer of a reply', () => {
  it('names the model and the time, says the usage with its cost, and offers copy and regenerate', () => {
    const message = { ...reply('a1', '**Hi**'), model: 'scripted-model', usage: { input: 1200, output: 300, cost: 0.0054 } }
    const html = withHost(createElement(AssistantMessage, { message, onRegenerate: () => undefined }))
    expect(html).toContain('scripted-model')
    expect(html).toContain(`<time dateTime="${created}"`)
    expect(html).toContain('1,200 in · 300 out tokens · $0.0054')
    expect(html).toContain('aria-label="Copy reply as Markdown"')
    expect(html).toContain('aria-label="Regenerate reply"')
    const older = withHost(createElement(AssistantMessage, { message: reply('a2', 'Hi') }))
    expect(older).not.toContain('Regenerate')
    expect(older).not.toContain('tokens')
  })

  it('offers copy on every message of the person and edit only where asked', () => {
    expect(withHost(createElement(UserMessage, { text: 'Hello' }))).toContain('aria-label="Copy message"')
    expect(withHost(createElement(UserMessage, { text: 'Hello' }))).not.toContain('Edit message')
    expect(withHost(createElement(UserMessage, { text: 'Hello', onEdit: async () => true }))).toContain('aria-label="Edit message"')
  })
})

describe('the model table draft', () => {
  it('turns typed rows into settings, blank fields left out, and names the row and field that is wrong', () => {
    expect(rowsFromDraft([{ model: 'llama3', contextWindow: '8,192', inputPrice: '', outputPrice: '0.5' }])).toEqual({ rows: [{ model: 'llama3', contextWindow: 8192, outputPrice: 0.5 }] })
    expect(rowsFromDraft([{ model: 'llama3', contextWindow: 'lots', inputPrice: '', outputPrice: '' }])).toEqual({ error: 'llama3: the context window must be a number.' })
    expect(rowsFromDraft([{ model: 'x', contextWindow: '10', inputPrice: '', outputPrice: '' }])).toMatchObject({ error: expect.stringContaining('x: the context window is out of range') })
    expect(rowsFromDraft([{ model: ' ', contextWindow: '', inputPrice: '1', outputPrice: '' }])).toMatchObject({ error: expect.stringContaining('row 1') })
    expect(toDraft({ model: 'gpt-4o', inputPrice: 2.5 })).toEqual({ model: 'gpt-4o', contextWindow: '', inputPrice: '2.5', outputPrice: '' })
  })
})
