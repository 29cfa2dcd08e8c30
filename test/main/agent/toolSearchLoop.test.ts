/**
 * Tool search in the agent loop, all real: the scripted model server over HTTP (OpenAI-compatible and
 * Anthropic dialects), the fixture MCP server, the permission service and the session index.
 */
import { describe, expect, it } from 'vitest'
import { runFindTools } from '../../../src/main/agent/toolSearch'
import type { ToolResultMessage } from '../../../src/main/agent/session/storedMessage'
import { agentWorld, toolNamesSent, toolResultsSent, until } from './agentTestKit'
import { fixture } from '../extensions/harness'

type Body = Record<string, unknown>
/** Tools of an Anthropic request, as sent. */
const anthropicTools = (body: unknown) => ((body as Body).tools ?? []) as Body[]

describe('tool search (default): find_tools', () => {
  it('the model finds a tool it was not offered and calls it in the same turn; it stays offered for the session', async () => {
    const world = await agentWorld({
      toolOffer: 'search',
      turns: [
        { type: 'tool-calls', calls: [{ name: 'find_tools', args: { query: 'echo text' } }] },
        { type: 'tool-calls', calls: [{ name: 'fx__echo', args: { text: 'found me' } }] },
        { type: 'text', chunks: ['Echoed.'] },
        { type: 'text', chunks: ['Again.'] },
      ],
    })
    const result = await world.turn('Echo something')
    expect(result.status).toBe('done')
    // At first only find_tools: nothing is pinned and nothing was used yet.
    expect(toolNamesSent(world.server.modelRequests[0]?.body)).toEqual(['find_tools'])
    const [search] = toolResultsSent(world.server.modelRequests[1]?.body)
    expect(search?.text).toMatch(/^Found \d+ tools?, now in your tools with their full definitions/)
    expect(search?.text).toContain('- fx__echo: Echoes text')
    // The next step of the same turn offers it with its full definition; the loop ran it like any tool.
    const sentEcho = (((world.server.modelRequests[1]?.body as Body).tools ?? []) as { function: Body }[]).find((entry) => entry.function.name === 'fx__echo')
    expect(sentEcho?.function).toMatchObject({ description: 'Echoes text', parameters: { type: 'object', properties: { text: { type: 'string' } } } })
    expect(result.committed.filter((m): m is ToolResultMessage => m.kind === 'tool-result').map((m) => [m.name, m.status])).toEqual([
      ['find_tools', 'ok'],
      ['fx__echo', 'ok'],
    ])
    await until(() => (world.index.get(world.sessionId)?.foundTools ?? []).includes('fx__echo'), 'the found tool to be kept with the session')

    await world.turn('And again')
    expect(toolNamesSent(world.server.modelRequests[3]?.body)).toContain('fx__echo')
  })

  it('a found tool with policy "ask" still asks before it runs', async () => {
    const world = await agentWorld({
      toolOffer: 'search',
      turns: [
        { type: 'tool-calls', calls: [{ name: 'find_tools', args: { query: 'echo' } }] },
        { type: 'tool-calls', calls: [{ name: 'fx__echo', args: { text: 'needs a yes' } }] },
        { type: 'text', chunks: ['Asked.'] },
      ],
    })
    await world.permissions.setToolPolicy('fx__echo', 'ask')
    const pending = world.turn('Echo it')
    await until(() => world.permissions.broker.list().length === 1, 'the approval to appear')
    // find_tools itself never asked: the only approval is the found tool's.
    expect(world.permissions.broker.list()).toMatchObject([{ toolName: 'fx__echo', arguments: { text: 'needs a yes' } }])
    await world.permissions.broker.respond(world.permissions.broker.list()[0]!.id, 'deny')
    const result = await pending
    expect(result.committed.filter((m): m is ToolResultMessage => m.kind === 'tool-result').map((m) => [m.name, m.status])).toEqual([
      ['find_tools', 'ok'],
      ['fx__echo', 'denied'],
    ])
  })

  it('"always offer" tools and recently used tools are offered without a search', async () => {
    const world = await agentWorld({
      toolOffer: 'search',
      turns: [
        { type: 'text', chunks: ['Hi.'] },
        { type: 'text', chunks: ['Hi again.'] },
      ],
    })
    await world.turn('Hello', { alwaysOffer: ['fx__stats'] })
    expect(toolNamesSent(world.server.modelRequests[0]?.body).sort()).toEqual(['find_tools', 'fx__stats'])
    // A call made earlier in the session (here: committed as an earlier turn would) keeps its tool offered.
    await world.store.append(world.sessionId, { kind: 'assistant', turnId: 'earlier', step: 1, text: '', toolCalls: [{ callId: 'c1', name: 'fx__sleep', arguments: { ms: 1 } }], end: 'complete' })
    await world.store.append(world.sessionId, { kind: 'tool-result', turnId: 'earlier', callId: 'c1', name: 'fx__sleep', status: 'ok', content: [{ type: 'text', text: 'slept' }] })
    await world.turn('Hello again')
    expect(toolNamesSent(world.server.modelRequests[1]?.body)).toEqual(expect.arrayContaining(['fx__sleep', 'find_tools']))
    expect(toolNamesSent(world.server.modelRequests[1]?.body)).not.toContain('fx__stats')
  })

  it('the catalog changing mid-session (list_changed) changes what find_tools finds', async () => {
    const world = await agentWorld({ toolOffer: 'search', turns: [{ type: 'tool-calls', calls: [{ name: 'find_tools', args: { query: 'weather forecast' } }] }, { type: 'text', chunks: ['Found it.'] }] })
    const core = world.core!
    expect(runFindTools({ query: 'weather forecast' }, core.cache.catalog().tools).ok && runFindTools({ query: 'weather forecast' }, core.cache.catalog().tools)).toMatchObject({ found: [] })
    await core.dispatcher.call({ name: 'fx__add_tool', arguments: { name: 'weather_forecast' } }, {})
    await until(() => core.cache.catalog().tools.some((tool) => tool.name === 'fx__weather_forecast'), 'the new tool in the catalog')
    const result = await world.turn('What is the weather?', { currentTools: () => core.cache.catalog().tools })
    expect(result.status).toBe('done')
    expect(toolResultsSent(world.server.modelRequests[1]?.body)[0]?.text).toContain('- fx__weather_forecast:')
    expect(toolNamesSent(world.server.modelRequests[1]?.body)).toContain('fx__weather_forecast')
  })

  it('the model opens a whole extension listed with find_tools: all its tools are offered from its next step and for the session', async () => {
    const world = await agentWorld({
      toolOffer: 'search',
      extensions: [fixture('fx'), fixture('other')],
      turns: [
        { type: 'tool-calls', calls: [{ name: 'find_tools', args: { extension: 'other' } }] },
        { type: 'tool-calls', calls: [{ name: 'other__echo', args: { text: 'opened' } }] },
        { type: 'text', chunks: ['Done.'] },
        { type: 'text', chunks: ['Again.'] },
      ],
    })
    const result = await world.turn('Use the other one')
    expect(result.status).toBe('done')
    // find_tools lists the session's extensions (id, name, tool count) for the model to open.
    const findTools = (((world.server.modelRequests[0]?.body as Body).tools ?? []) as { function: Body }[]).find((entry) => entry.function.name === 'find_tools')
    const extensionParam = ((findTools?.function.parameters as Body).properties as Record<string, Body>).extension
    expect(extensionParam?.description).toMatch(/- fx \(Fixture fx\): \d+;/)
    expect(extensionParam?.description).toMatch(/- other \(Fixture other\): \d+;/)
    const catalog = world.core!.cache.catalog().tools
    const others = catalog.filter((tool) => tool.extensionId === 'other').map((tool) => tool.name)
    expect(others.length).toBeGreaterThan(5)
    expect(toolResultsSent(world.server.modelRequests[1]?.body)[0]?.text).toMatch(new RegExp(`^Opened the extension other \\(Fixture other\\): its ${others.length} tools`))
    // Every tool of "other", none of "fx", from the very next step.
    const second = toolNamesSent(world.server.modelRequests[1]?.body)
    expect(second).toEqual(expect.arrayContaining(others))
    expect(second.some((name) => name.startsWith('fx__'))).toBe(false)
    expect(result.committed.filter((m): m is ToolResultMessage => m.kind === 'tool-result').map((m) => [m.name, m.status])).toEqual([
      ['find_tools', 'ok'],
      ['other__echo', 'ok'],
    ])
    await until(() => others.every((name) => (world.index.get(world.sessionId)?.foundTools ?? []).includes(name)), 'the opened tools to be kept with the session')
    await world.turn('And again')
    expect(toolNamesSent(world.server.modelRequests[3]?.body)).toEqual(expect.arrayContaining(others))
  })

  it('"offer all tools" offers every tool and no find_tools', async () => {
    const world = await agentWorld({ toolOffer: 'all', turns: [{ type: 'text', chunks: ['All.'] }] })
    await world.turn('Hi')
    const sent = toolNamesSent(world.server.modelRequests[0]?.body)
    expect(sent).toContain('fx__echo')
    expect(sent).not.toContain('find_tools')
  })

  it('each step records the tokens of the definitions sent and of the whole request (o200k)', async () => {
    const world = await agentWorld({ toolOffer: 'all', turns: [{ type: 'text', chunks: ['Counted.'] }, { type: 'text', chunks: ['Counted.'] }] })
    const all = await world.turn('Count')
    const search = await world.turn('Count', { toolOffer: 'search', history: [] })
    const [allReply, searchReply] = [all, search].map((turn) => turn.committed.find((m) => m.kind === 'assistant'))
    expect(allReply).toMatchObject({ tokens: { tokenizer: 'o200k', toolDefinitions: expect.any(Number), request: expect.any(Number) } })
    const allTokens = allReply?.kind === 'assistant' ? allReply.tokens! : undefined
    const searchTokens = searchReply?.kind === 'assistant' ? searchReply.tokens! : undefined
    expect(allTokens!.request).toBeGreaterThan(allTokens!.toolDefinitions)
    expect(searchTokens!.toolDefinitions).toBeLessThan(allTokens!.toolDefinitions)
  })
})

describe('tool search: Anthropic native path', () => {
  it('sends every tool deferred plus the BM25 search tool; a tool the search references runs, then is sent loaded', async () => {
    const world = await agentWorld({
      kind: 'anthropic',
      toolOffer: 'search',
      turns: [
        { type: 'tool-calls', toolSearch: { query: 'echo text', found: ['fx__echo'] }, calls: [{ name: 'fx__echo', args: { text: 'native' } }] },
        { type: 'text', chunks: ['Done natively.'] },
      ],
    })
    const result = await world.turn('Echo natively')
    expect(result.status).toBe('done')
    const first = anthropicTools(world.server.modelRequests[0]?.body)
    expect(first).toContainEqual({ type: 'tool_search_tool_bm25_20251119', name: 'tool_search_tool_bm25' })
    const echo = first.find((entry) => entry.name === 'fx__echo')
    expect(echo).toMatchObject({ name: 'fx__echo', defer_loading: true, input_schema: expect.any(Object) })
    expect(first.filter((entry) => entry.name !== 'tool_search_tool_bm25').every((entry) => entry.defer_loading === true)).toBe(true)
    // No find_tools on this path: the provider searches.
    expect(first.some((entry) => entry.name === 'find_tools')).toBe(false)
    expect(result.committed.filter((m): m is ToolResultMessage => m.kind === 'tool-result').map((m) => [m.name, m.status])).toEqual([['fx__echo', 'ok']])
    const second = anthropicTools(world.server.modelRequests[1]?.body)
    expect(second.find((entry) => entry.name === 'fx__echo')?.defer_loading).toBeUndefined()
    await until(() => (world.index.get(world.sessionId)?.foundTools ?? []).includes('fx__echo'), 'the found tool to be kept')
  })
})
