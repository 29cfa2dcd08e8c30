/**
 * Long conversations (compaction.ts) through the real agent loop, against the scripted model server
 * over HTTP: past 80 % of the context window the older turns are summarised by the model, the
 * summary is committed, and the model gets it instead of those turns — they stay in the file.
 */
import { describe, expect, it } from 'vitest'
import type { SummaryMessage } from '../../../src/main/agent/session/storedMessage'
import { agentWorld } from './agentTestKit'
import { DEFAULT_CONTEXT_WINDOW, messageTokens } from '../../../src/main/agent/compaction'

type Sent = { messages: { role: string; content: unknown }[]; tools?: unknown[] }
const long = (word: string) => `${word} `.repeat(300).trim()
const text = (content: unknown) => (typeof content === 'string' ? content : JSON.stringify(content))

describe('compaction of long conversations', () => {
  it('summarises the older turns past 80 % of the window; the model gets the summary, the file keeps everything', async () => {
    const world = await agentWorld({
      extensions: [],
      turns: [
        { type: 'text', chunks: ['One.'] },
        { type: 'text', chunks: ['Two.'] },
        { type: 'text', chunks: ['SUMMARY: the person talked about alpha and beta.'] },
        { type: 'text', chunks: ['Three.'] },
        { type: 'text', chunks: ['Four.'] },
      ],
    })
    await world.turn(long('alpha'), { contextWindow: 900 })
    await world.turn(long('beta'), { contextWindow: 900 })
    expect(world.server.modelRequests).toHaveLength(2)

    const third = await world.turn(long('gamma'), { contextWindow: 900 })
    expect(third.status).toBe('done')
    expect(third.committed.map((message) => message.kind)).toEqual(['user', 'summary', 'assistant'])
    const summary = third.committed[1] as SummaryMessage
    const { messages } = await world.store.load(world.sessionId)
    expect(summary).toMatchObject({ text: 'SUMMARY: the person talked about alpha and beta.', covered: 4, upTo: messages[3]?.id })
    expect(summary.tokensAfter).toBeLessThan(summary.tokensBefore)
    expect(summary.tokensBefore).toBeGreaterThan(900 * 0.8)

    // The summary request: the older turns and the request to summarise them, no tools.
    const asked = world.server.modelRequests[2]?.body as Sent
    expect(text(asked.messages.at(-1)?.content)).toBe('Summarise the conversation above as instructed.')
    expect(asked.messages.map((message) => text(message.content)).join(' ')).toContain('alpha alpha')
    expect(asked.tools ?? []).toEqual([])
    // The turn's request: the summary instead of the older turns, then the new message.
    const sent = (world.server.modelRequests[3]?.body as Sent).messages.filter((message) => message.role !== 'system')
    expect(sent.map((message) => message.role)).toEqual(['user', 'user'])
    expect(text(sent[0]?.content)).toContain('SUMMARY: the person talked about alpha and beta.')
    expect(text(sent[1]?.content)).toBe(long('gamma'))
    expect(JSON.stringify(sent)).not.toContain('alpha alpha')

    // Nothing is lost on disk, and the next turn builds on the summary without summarising again.
    expect(messages.map((message) => message.kind)).toEqual(['user', 'assistant', 'user', 'assistant', 'user', 'summary', 'assistant'])
    const fourth = await world.turn('fourth question', { contextWindow: 900 })
    expect(fourth.committed.map((message) => message.kind)).toEqual(['user', 'assistant'])
    const next = (world.server.modelRequests[4]?.body as Sent).messages.filter((message) => message.role !== 'system')
    expect(next.map((message) => text(message.content))).toEqual([expect.stringContaining('SUMMARY:'), long('gamma'), 'Three.', 'fourth question'])
  })

  it('summarises nothing below 80 % of the default window when the model’s window is not known', async () => {
    const world = await agentWorld({ extensions: [], turns: [{ type: 'text', chunks: ['One.'] }, { type: 'text', chunks: ['Two.'] }] })
    await world.turn(long('alpha'))
    const second = await world.turn(long('beta'))
    expect(second.committed.map((message) => message.kind)).toEqual(['user', 'assistant'])
    expect(world.server.modelRequests).toHaveLength(2)
  })

  it('summarises a long conversation with an unknown window against the default window, in chunks that each fit it', async () => {
    // Two messages of ~50,000 tokens each, then a short one: past 80 % of DEFAULT_CONTEXT_WINDOW at the
    // third turn, with older turns heavier than one summary request may be.
    const huge = (word: string, times = 50_000) => `${word} `.repeat(times).trim()
    const world = await agentWorld({
      extensions: [],
      turns: [
        { type: 'text', chunks: ['One.'] },
        { type: 'text', chunks: ['Two.'] },
        { type: 'text', chunks: ['PART 1: alpha.'] },
        { type: 'text', chunks: ['PART 2: alpha and beta.'] },
        { type: 'text', chunks: ['Three.'] },
      ],
    })
    await world.turn(huge('alpha'))
    await world.turn(huge('beta'))
    const third = await world.turn(huge('gamma', 5000))
    expect(third.committed.map((message) => message.kind)).toEqual(['user', 'summary', 'assistant'])
    expect(third.committed[1]).toMatchObject({ kind: 'summary', text: 'PART 2: alpha and beta.', covered: 4 })
    const requests = world.server.modelRequests.map((request) => (request.body as Sent).messages)
    expect(requests).toHaveLength(5)
    const [, , firstChunk, secondChunk, turn] = requests as [unknown, unknown, Sent['messages'], Sent['messages'], Sent['messages']]
    // Each summary request holds less than the window: the first chunk, then the summary so far with the rest.
    for (const chunk of [firstChunk, secondChunk]) expect(messageTokens(chunk)).toBeLessThan(DEFAULT_CONTEXT_WINDOW)
    expect(text(firstChunk.at(-2)?.content)).toContain('One.')
    expect(text(secondChunk.find((message) => message.role === 'user')?.content)).toContain('PART 1: alpha.')
    // The turn's request is bounded: the summary and the new message, not the conversation.
    expect(messageTokens(turn)).toBeLessThan(DEFAULT_CONTEXT_WINDOW * 0.8)
    expect(turn.filter((message) => message.role !== 'system').map((message) => text(message.content).slice(0, 20))).toEqual([expect.stringContaining('[The earlier part'), 'gamma gamma gamma ga'])
  })

  it('a summary that fails is a notice in the turn, and the conversation is sent whole', async () => {
    const world = await agentWorld({
      extensions: [],
      turns: [
        { type: 'text', chunks: ['One.'] },
        { type: 'error', status: 400, body: { error: { message: 'summary refused' } } },
        { type: 'text', chunks: ['Two.'] },
      ],
    })
    await world.turn(long('alpha'), { contextWindow: 400 })
    const second = await world.turn('second question', { contextWindow: 400 })
    expect(second.status).toBe('done')
    expect(second.committed.map((message) => message.kind)).toEqual(['user', 'notice', 'assistant'])
    expect(second.committed[1]).toMatchObject({ kind: 'notice', text: expect.stringMatching(/summarising the older turns failed: .*Sending it whole\./) })
    const sent = (world.server.modelRequests[2]?.body as Sent).messages.filter((message) => message.role !== 'system')
    expect(sent.map((message) => message.role)).toEqual(['user', 'assistant', 'user'])
  })
})

describe('provenance through compaction (issue 37)', () => {
  it('a summary carries the outside content of the turns it stands for, also after the file is read again', async () => {
    const { contextOutside } = await import('../../../src/main/agent/provenance')
    const world = await agentWorld({
      turns: [
        { type: 'tool-calls', calls: [{ name: 'fx__echo', args: { text: long('invite') } }] },
        { type: 'text', chunks: ['One.'] },
        { type: 'text', chunks: ['Two.'] },
        { type: 'text', chunks: ['SUMMARY: an invite was read.'] },
        { type: 'text', chunks: ['Three.'] },
      ],
    })
    const web = { kind: 'extension' as const, name: 'Web', extensionId: 'fx', outside: 'open-world' as const }
    const provenance = { ofToolResult: () => ({ from: web }), noteOutside: (sessionId: string, sources: (typeof web)[]) => world.permissions.noteOutside(sessionId, sources) }
    await world.turn('Read the invite', { provenance, contextWindow: 1200 })
    expect(world.permissions.outsideOf(world.sessionId)).toEqual([web])
    await world.turn(long('beta'), { provenance, contextWindow: 1200 })
    const third = await world.turn(long('gamma'), { provenance, contextWindow: 1200 })
    const summary = third.committed.find((message) => message.kind === 'summary') as SummaryMessage
    expect(summary.provenance).toEqual({ from: { kind: 'model', name: expect.any(String) }, carries: [web] })
    // Read back from disk (a restart): the summary and the result still say so, and the context holds Web.
    const { messages } = await world.store.load(world.sessionId)
    expect(contextOutside(messages)).toEqual([web])
    // Only the summary: what it covers is still in what the model reads.
    expect(contextOutside(messages.filter((message) => message.kind !== 'tool-result'))).toEqual([web])
  })
})
