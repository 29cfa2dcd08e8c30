/**
 * "Auto", the default tool offer, all real: the scripted model server over HTTP, the fixture MCP
 * server, the permission service and the sessions store. A catalog that fits the model's budget is
 * offered whole; a larger one, or the same one for a model with a smaller context window, is
 * searched; the choice holds for a whole turn, and the turn after a change says so in a notice.
 */
import { describe, expect, it } from 'vitest'
import { catalogToolTokens, decideAuto, offerForTurn, toolBudget } from '../../../src/main/agent/toolSearch'
import type { StoredMessage } from '../../../src/main/agent/session/storedMessage'
import { visibleToModel } from '../../../src/shared/appMeta'
import { fixture } from '../extensions/harness'
import { agentWorld, toolNamesSent, until, type AgentWorld } from './agentTestKit'

/** Tokens of the definitions of every tool the model could be offered. */
const catalogTokens = (world: AgentWorld) => world.core!.cache.catalog().tools.filter((tool) => visibleToModel(tool.ui)).reduce((total, tool) => total + catalogToolTokens(tool), 0)
const offeredOn = (committed: readonly StoredMessage[]) => committed.flatMap((message) => (message.kind === 'assistant' ? [message.toolsOffered] : []))
const notices = (committed: readonly StoredMessage[]) => committed.filter((message) => message.kind === 'notice' && message.reason === 'tool-offer')

describe('the budget', () => {
  it('is 10 % of the context window, at most 8,000 tokens, and 10 % of 32,000 when the window is unknown', () => {
    expect(toolBudget(200_000)).toBe(8_000)
    expect(toolBudget(32_768)).toBe(3_276)
    expect(toolBudget(undefined)).toBe(3_200)
    expect(decideAuto({ count: 40, tokens: 3_200 }, undefined).offered).toBe('all')
    expect(decideAuto({ count: 40, tokens: 3_201 }, undefined).offered).toBe('search')
    expect(decideAuto({ count: 41, tokens: undefined }, 1_000_000).offered).toBe('search')
  })
})

describe('the notice', () => {
  it('says nothing when there is no tool to offer: either way offers nothing', () => {
    // A reply from before "auto" existed (nothing recorded: it found tools as needed).
    const before: StoredMessage[] = [{ v: 1, kind: 'assistant', id: 'a', at: '2026-12-01T00:00:00.000Z', turnId: 'earlier', step: 1, text: 'Hi.', toolCalls: [], end: 'complete' }]
    const offer = offerForTurn({ choice: 'auto', catalog: () => [], mode: 'smart', history: before })
    expect(offer.offered).toBe('all')
    expect(offer.notice).toBeUndefined()
  })
})

describe('"auto" (the default tool offer)', () => {
  it('offers a small catalog whole, without find_tools, and says nothing about it', async () => {
    const world = await agentWorld({ toolOffer: 'auto', turns: [{ type: 'text', chunks: ['All here.'] }] })
    const result = await world.turn('Hi', { contextWindow: 200_000 })
    const sent = toolNamesSent(world.server.modelRequests[0]?.body)
    expect(sent).toEqual(expect.arrayContaining(['fx__echo', 'fx__sleep', 'fx__stats']))
    expect(sent).not.toContain('find_tools')
    expect(offeredOn(result.committed)).toEqual(['all'])
    expect(notices(result.committed)).toEqual([])
  })

  it('searches a catalog of more than 40 tools, however large the context window', async () => {
    const world = await agentWorld({ toolOffer: 'auto', extensions: [fixture('fx', 'normal', ['--tools=40'])], turns: [{ type: 'text', chunks: ['Searching.'] }] })
    const result = await world.turn('Hi', { contextWindow: 1_000_000 })
    expect(toolNamesSent(world.server.modelRequests[0]?.body)).toEqual(['find_tools'])
    expect(offeredOn(result.committed)).toEqual(['search'])
  })

  it('searches sooner for a model with a small context window, and says so when a session switches', async () => {
    const world = await agentWorld({ toolOffer: 'auto', turns: [{ type: 'text', chunks: ['Large window.'] }, { type: 'text', chunks: ['Small window.'] }, { type: 'text', chunks: ['Large again.'] }] })
    const tokens = catalogTokens(world)
    // The same catalog: it fits 10 % of a large window, not 10 % of one ten times its own weight less a bit.
    const small = (tokens - 1) * 10
    expect(toolBudget(small)).toBeLessThan(tokens)

    const large = await world.turn('First', { contextWindow: 200_000 })
    expect(toolNamesSent(world.server.modelRequests[0]?.body)).toContain('fx__echo')
    expect(notices(large.committed)).toEqual([])

    const searched = await world.turn('Second', { contextWindow: small })
    expect(toolNamesSent(world.server.modelRequests[1]?.body)).toEqual(['find_tools'])
    expect(offeredOn(searched.committed)).toEqual(['search'])
    const [switched] = notices(searched.committed)
    expect(switched?.kind === 'notice' && switched.text).toMatch(new RegExp(`^Tools: the model finds tools as needed from now on; the \\d+ tools \\(≈ ${tokens.toLocaleString('en-US')} tokens of definitions\\) are more than this model's budget`))

    const back = await world.turn('Third', { contextWindow: 200_000 })
    expect(toolNamesSent(world.server.modelRequests[2]?.body)).toContain('fx__echo')
    expect(notices(back.committed)[0]).toMatchObject({ reason: 'tool-offer', text: expect.stringMatching(/^Tools: all \d+ tools .* are offered directly from now on/) })
  })

  it('keeps its choice for the whole turn: a tool added mid-turn that breaks the budget changes the offer from the next turn on', async () => {
    const world = await agentWorld({
      toolOffer: 'auto',
      turns: [
        { type: 'tool-calls', calls: [{ name: 'fx__echo', args: { text: 'wait for a yes' } }] },
        { type: 'text', chunks: ['Done.'] },
        { type: 'text', chunks: ['Next turn.'] },
      ],
    })
    const core = world.core!
    const tokens = catalogTokens(world)
    // The catalog as it is just fits; one more tool does not.
    const contextWindow = tokens * 10
    const currentTools = () => core.cache.catalog().tools
    await world.permissions.setToolPolicy('fx__echo', 'ask')
    const pending = world.turn('Echo', { contextWindow, currentTools })
    await until(() => world.permissions.broker.list().length === 1, 'the approval, mid-turn')
    await core.dispatcher.call({ name: 'fx__add_tool', arguments: { name: 'weather_forecast' } }, {})
    await until(() => currentTools().some((tool) => tool.name === 'fx__weather_forecast'), 'the new tool in the catalog')
    expect(catalogTokens(world)).toBeGreaterThan(toolBudget(contextWindow))
    await world.permissions.broker.respond(world.permissions.broker.list()[0]!.id, 'allow_once')
    const turn = await pending
    expect(turn.status).toBe('done')

    // The second step of that turn still offers every tool directly (the new one too), and no find_tools.
    const second = toolNamesSent(world.server.modelRequests[1]?.body)
    expect(second).toEqual(expect.arrayContaining(['fx__echo', 'fx__weather_forecast']))
    expect(second).not.toContain('find_tools')
    expect(offeredOn(turn.committed)).toEqual(['all', 'all'])
    expect(notices(turn.committed)).toEqual([])

    // The next turn decides again: search (the tool used last stays offered), with a notice in the conversation.
    const next = await world.turn('Again', { contextWindow, currentTools })
    expect(toolNamesSent(world.server.modelRequests[2]?.body).sort()).toEqual(['find_tools', 'fx__echo'])
    expect(notices(next.committed)).toHaveLength(1)
  })

  it('measures only the extensions chosen for the session', async () => {
    const world = await agentWorld({
      toolOffer: 'auto',
      extensions: [fixture('fx'), fixture('big', 'normal', ['--tools=40'])],
      turns: [{ type: 'text', chunks: ['Only fx.'] }],
    })
    await world.turn('Hi', { contextWindow: 200_000, activeExtensions: ['fx'] })
    const sent = toolNamesSent(world.server.modelRequests[0]?.body)
    expect(sent).toContain('fx__echo')
    expect(sent.some((name) => name.startsWith('big__'))).toBe(false)
    expect(sent).not.toContain('find_tools')
  })

  it('the first turn of a session from before "auto" (it found tools as needed) that now offers all tools says so', async () => {
    const world = await agentWorld({ toolOffer: 'auto', turns: [{ type: 'text', chunks: ['All now.'] }] })
    // A reply as lines written before "auto" existed have it: nothing recorded about how tools were offered.
    await world.store.append(world.sessionId, { kind: 'user', turnId: 'earlier', text: 'Hello' })
    await world.store.append(world.sessionId, { kind: 'assistant', turnId: 'earlier', step: 1, text: 'Hi.', toolCalls: [], end: 'complete' })
    const result = await world.turn('And now?', { contextWindow: 200_000 })
    expect(toolNamesSent(world.server.modelRequests[0]?.body)).not.toContain('find_tools')
    expect(notices(result.committed)).toMatchObject([{ text: expect.stringMatching(/^Tools: all \d+ tools .* are offered directly from now on/) }])
  })
})
