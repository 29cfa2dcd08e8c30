/** Hooks in real turns: user messages and tool calls checked and changed by tools of the hook fixture server. */
import { describe, expect, it } from 'vitest'
import type { AssistantMessage, ToolResultMessage, UserMessage } from '../../../src/main/agent/session/storedMessage'
import { historyPayload } from '../../../src/main/agent'
import { historyView } from '../../../src/main/services/chat/chatViews'
import { toolResultsSent, until } from '../agent/agentTestKit'
import { hook, hookWorld } from './hookWorld'

type Body = { messages: { role: string; content: unknown }[]; tools?: unknown[] }
const sent = (body: unknown) => (body as Body).messages
const echoTurn = (text: string) => [{ type: 'tool-calls' as const, calls: [{ name: 'fx__echo', args: { text } }] }, { type: 'text' as const, chunks: ['Done.'] }]

describe('hooks on the user message', () => {
  it('a redacting hook changes what the model gets; the message records the change and the model is told', async () => {
    const world = await hookWorld([hook('Redact PII', 'user-message', 'hk__redact')], { turns: [{ type: 'text', chunks: ['Noted.'] }] })
    const result = await world.turn('Mail ann@example.com the plan')
    expect(result.status).toBe('done')
    const user = result.committed[0] as UserMessage
    expect(user).toMatchObject({ kind: 'user', text: 'Mail [email] the plan', hookChanges: [{ hook: 'Redact PII', field: 'text', reason: 'removed e-mail addresses' }] })
    const content = String(sent(world.server.modelRequests[0]?.body).find((m) => m.role === 'user')?.content)
    expect(content).toContain('Mail [email] the plan')
    expect(content).not.toContain('ann@example.com')
    expect(content).toMatch(/hook "Redact PII" changed text \(removed e-mail addresses\)/)
  })

  it('a denying hook refuses the message: kept for the person, never sent, not even in the next turn', async () => {
    const hooks = [hook('Gate', 'user-message', 'hk__deny')]
    const world = await hookWorld(hooks, { turns: [{ type: 'text', chunks: ['Second.'] }] })
    const result = await world.turn('forbidden words')
    expect(world.server.modelRequests).toHaveLength(0)
    expect(result.committed.map((m) => m.kind)).toEqual(['user', 'notice'])
    expect(result.committed[0]).toMatchObject({ text: 'forbidden words', refusedBy: { hook: 'Gate', reason: 'not on my watch' } })
    expect(result.committed[1]).toMatchObject({ reason: 'hook', text: expect.stringContaining('hook "Gate" refused this message (not on my watch)') })
    hooks.length = 0
    await world.turn('allowed now')
    expect(sent(world.server.modelRequests[0]?.body).map((m) => m.content)).toEqual(['allowed now'])
  })

  it('hooks chain in order, each getting the one before\'s output', async () => {
    const world = await hookWorld([hook('Redact', 'user-message', 'hk__redact'), hook('Shout', 'user-message', 'hk__shout')], { turns: [{ type: 'text', chunks: ['A'] }, { type: 'text', chunks: ['B'] }] })
    // Redact, then shout: the placeholder is shouted too.
    expect(((await world.turn('mail a@b.co')).committed[0] as UserMessage).text).toBe('MAIL [EMAIL]')
    world.hooks.reverse()
    const reversed = (await world.turn('mail a@b.co')).committed[0] as UserMessage
    // Shout, then redact: the shouted address is redacted.
    expect(reversed.text).toBe('MAIL [email]')
    expect(reversed.hookChanges?.map((change) => change.hook)).toEqual(['Shout', 'Redact'])
  })

  it('a !mutate: target is called but its changes are ignored', async () => {
    const world = await hookWorld([hook('Watcher', 'user-message', '!mutate:hk__observe')], { turns: [{ type: 'text', chunks: ['ok'] }] })
    const result = await world.turn('leave me be')
    expect(result.committed[0]).toMatchObject({ text: 'leave me be' })
    expect((result.committed[0] as UserMessage).hookChanges).toBeUndefined()
    expect(await world.call('seen')).toBe('1')
  })

  it('a hook that is not approved for its target does not run', async () => {
    const world = await hookWorld([hook('Unapproved', 'user-message', 'hk__deny', { approvedTarget: 'hk__allow' })], { turns: [{ type: 'text', chunks: ['ran'] }] })
    expect((await world.turn('hello')).status).toBe('done')
    expect(world.server.modelRequests).toHaveLength(1)
  })
})

describe('hooks on tool calls', () => {
  it('rewriting the arguments: the tool runs with them, the result records it, the model is told', async () => {
    const world = await hookWorld([hook('Style', 'tool-call', 'hk__rewrite', { match: { tool: 'fx__*' } })], { turns: echoTurn('original') })
    const result = await world.turn('Echo')
    const tool = result.committed.find((m): m is ToolResultMessage => m.kind === 'tool-result')!
    expect(tool).toMatchObject({ status: 'ok', content: [{ type: 'text', text: 'rewritten' }, { type: 'text', text: expect.stringMatching(/hook "Style" changed arguments \(house style\)/) }] })
    expect(tool.hookChanges).toEqual([{ hook: 'Style', field: 'arguments', reason: 'house style' }])
    expect(toolResultsSent(world.server.modelRequests[1]?.body)[0]?.text).toMatch(/rewritten[\s\S]*hook "Style" changed arguments/)
    // The history the window draws carries the trail on the tool card.
    const history = historyView(historyPayload(world.sessionId, await world.store.load(world.sessionId)), { sessionId: world.sessionId, status: 'idle' })
    const card = history.messages.flatMap((m) => (m.role === 'assistant' ? m.toolCalls : []))[0]
    expect(card?.hookChanges).toEqual([{ hook: 'Style', field: 'arguments', reason: 'house style' }])
  })

  it('the stored call keeps the model\'s arguments; the result records what ran, and the card shows that', async () => {
    const world = await hookWorld([hook('Style', 'tool-call', 'hk__rewrite')], { turns: echoTurn('original') })
    const result = await world.turn('Echo')
    const call = result.committed.find((m): m is AssistantMessage => m.kind === 'assistant' && m.toolCalls.length > 0)!.toolCalls[0]
    expect(call?.arguments).toEqual({ text: 'original' })
    expect(result.committed.find((m): m is ToolResultMessage => m.kind === 'tool-result')?.ranArguments).toEqual({ text: 'rewritten' })
    // The model's next request replays its own call, not the hook's.
    expect(JSON.stringify(world.server.modelRequests[1]?.body)).toContain('original')
    const history = historyView(historyPayload(world.sessionId, await world.store.load(world.sessionId)), { sessionId: world.sessionId, status: 'idle' })
    const card = history.messages.flatMap((m) => (m.role === 'assistant' ? m.toolCalls : []))[0]
    expect(card).toMatchObject({ arguments: { text: 'rewritten' }, modelArguments: { text: 'original' } })
  })

  it('a history written before what ran was recorded still loads, showing the call as the model made it', async () => {
    const world = await hookWorld([], { turns: echoTurn('plain') })
    await world.turn('Echo')
    const loaded = await world.store.load(world.sessionId)
    const stored = loaded.messages.find((m): m is ToolResultMessage => m.kind === 'tool-result')
    expect(stored?.ranArguments).toBeUndefined()
    const card = historyView(historyPayload(world.sessionId, loaded), { sessionId: world.sessionId, status: 'idle' }).messages.flatMap((m) => (m.role === 'assistant' ? m.toolCalls : []))[0]
    expect(card?.arguments).toEqual({ text: 'plain' })
    expect(card && 'modelArguments' in card).toBe(false)
  })

  it('a denying hook refuses the call with its reason; the tool never runs', async () => {
    const world = await hookWorld([hook('No echo', 'tool-call', 'hk__deny', { match: { extension: 'fx' } })], { turns: echoTurn('never seen') })
    const result = await world.turn('Echo')
    expect(result.committed.find((m) => m.kind === 'tool-result')).toMatchObject({ status: 'denied', content: [{ type: 'text', text: 'Refused by hook "No echo": not on my watch' }] })
    expect(toolResultsSent(world.server.modelRequests[1]?.body)[0]?.text).toBe('Refused by hook "No echo": not on my watch')
    expect(world.core?.manager.log('fx').some((entry) => entry.text.includes('never seen'))).toBe(false)
  })

  it('a hook that times out or returns garbage refuses the call, saying why', async () => {
    const world = await hookWorld([hook('Slow', 'tool-call', 'hk__slow', { timeoutMs: 300 })], { turns: [...echoTurn('a'), ...echoTurn('b')] })
    const slow = await world.turn('Echo')
    expect(slow.committed.find((m) => m.kind === 'tool-result')).toMatchObject({ status: 'denied', content: [{ text: expect.stringMatching(/^Refused by hook "Slow": the hook failed: it did not answer within/) }] })
    world.hooks.splice(0, 1, hook('Garbage', 'tool-call', 'hk__garbage'))
    const garbage = await world.turn('Echo again')
    expect(garbage.committed.find((m) => m.kind === 'tool-result')).toMatchObject({ status: 'denied', content: [{ text: expect.stringMatching(/^Refused by hook "Garbage": the hook failed: its result does not fit the tool-call payload/) }] })
  })

  it('a hook matching another tool is not called', async () => {
    const world = await hookWorld([hook('Other', 'tool-call', 'hk__deny', { match: { tool: 'fx__sleep' } })], { turns: echoTurn('fine') })
    const result = await world.turn('Echo')
    expect(result.committed.find((m) => m.kind === 'tool-result')).toMatchObject({ status: 'ok', content: [{ text: 'fine' }] })
  })

  it('a redacting result hook changes what the model sees; a refusing one after the call is a warning', async () => {
    const world = await hookWorld([hook('Redact', 'tool-result', 'hk__redact'), hook('Late', 'tool-result', 'hk__deny')], { turns: echoTurn('reach bob@example.org') })
    const result = await world.turn('Echo')
    const tool = result.committed.find((m): m is ToolResultMessage => m.kind === 'tool-result')!
    expect(tool.content[0]).toEqual({ type: 'text', text: 'reach [email]' })
    expect(tool.hookChanges).toEqual([{ hook: 'Redact', field: 'result', reason: 'removed e-mail addresses' }])
    expect(toolResultsSent(world.server.modelRequests[1]?.body)[0]?.text).not.toContain('bob@example.org')
    expect(result.committed.find((m) => m.kind === 'notice')).toMatchObject({ reason: 'hook', text: expect.stringContaining('Hook "Late" refused at tool-result: not on my watch') })
  })

  it('a hook cannot approve a call that needs the person', async () => {
    const world = await hookWorld([hook('Yes-man', 'tool-call', 'hk__allow')], { mode: 'ask', turns: echoTurn('needs you') })
    const pending = world.turn('Echo')
    await until(() => world.permissions.broker.list().length === 1, 'the approval to appear')
    await world.permissions.broker.respond(world.permissions.broker.list()[0]!.id, 'deny')
    expect((await pending).committed.find((m) => m.kind === 'tool-result')).toMatchObject({ status: 'denied' })
  })

  it('hooks never trigger hooks: a tool-call hook on every tool is called once per model call', async () => {
    const world = await hookWorld([hook('Everything', 'tool-call', '!mutate:hk__observe', { match: { tool: '*' } })], { turns: echoTurn('x') })
    await world.turn('Echo')
    expect(await world.call('seen')).toBe('1')
  })
})
