/**
 * Agents through the host API, against the scripted model server (real HTTP) and the real fixture
 * extension: agent_save / agent_remove and switchboard://agents, each agent served as the builtin
 * extension agent-<id> with its chat-with tool, a session run with a chosen agent (what the model
 * was sent), agents calling agents (the nested answer, the sub-agent's own session, the depth limit
 * and cycle refusal, cancel going down, the approval naming the chain), and attachments limited to
 * what the caller may read (an agent its own extensions, a call naming no caller nothing, the person all).
 */
import { stat } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { Client } from '@modelcontextprotocol/client'
import {
  AgentCallResultSchema,
  AgentsResourceSchema,
  ElicitationsResourceSchema,
  ExtensionsResourceSchema,
  HistoryResourceSchema,
  HostResource,
  ProgressResourceSchema,
  SessionsResourceSchema,
  ToolsResourceSchema,
  historyPageUri,
  historyUri,
  progressUri,
} from '../../../src/shared/hostApi'
import { startScriptedModelServer, type ScriptedModelServer } from '../../fixtures/modelServer/scriptedModelServer'
import type { ScriptedTurn } from '../../fixtures/modelServer/script'
import { addConsentedExtension, alwaysOfferTools, call, poll, read, selectScriptedModel } from '../../helpers/hostCalls'
import { testHostsStoppedAfterEach, type TestHost } from '../../helpers/testHost'
import { expectNoChildren, fixtureServerPath } from '../extensions/harness'

let model: ScriptedModelServer | undefined
const startTestHost = testHostsStoppedAfterEach(async () => {
  await model?.stop()
  model = undefined
  await expectNoChildren()
})

const chatTool = (id: string) => `agent-${id}__chat-with-${id}`
const agents = (client: Client) => read(client, HostResource.agents, AgentsResourceSchema)
const tools = (client: Client) => read(client, HostResource.tools, ToolsResourceSchema)
const sessions = async (client: Client) => (await read(client, HostResource.sessions, SessionsResourceSchema)).sessions
const history = (client: Client, id: string) => read(client, historyUri(id), HistoryResourceSchema)
/** The fixture extension with its one resource, fixture://note; it logs every read to stderr. */
const NOTE = { extensionId: 'fx', uri: 'fixture://note' }
const withNote = { id: 'fx', name: 'Fixture', type: 'stdio', command: process.execPath, args: [fixtureServerPath, '--resources'] }
const noteReads = (h: TestHost) => (h.host.services.extensions.log('fx') ?? []).filter((entry) => entry.text === 'resources/read fixture://note').length
const toolsReady = (client: Client, names: string[]) => poll(() => tools(client), (t) => names.every((name) => t.tools.some((tool) => tool.name === name)), names.join(', '))

/** What one recorded OpenAI-style request carried: the system prompt, the tool names, the model, the last message. */
function sent(index: number) {
  const body = model!.modelRequests[index]?.body as { model: string; messages: { role: string; content: unknown }[]; tools?: { function: { name: string } }[] }
  return {
    model: body.model,
    system: body.messages.filter((m) => m.role === 'system').map((m) => String(m.content)).join('\n'),
    tools: (body.tools ?? []).map((tool) => tool.function.name),
    text: JSON.stringify(body.messages),
  }
}

async function hostWith(turns: ScriptedTurn[]) {
  model = await startScriptedModelServer({ turns })
  const h = await startTestHost()
  const client = await h.connectOverWebSocket()
  await selectScriptedModel(client, model.baseUrl)
  return { h, client }
}

/** Sends in a new session and waits until its turn ended. */
async function chat(client: Client, text: string, sessionId?: string) {
  const started = (await call(client, 'chat_send', { text, ...(sessionId ? { sessionId } : {}) })).structuredContent as { sessionId: string }
  await poll(() => read(client, progressUri(started.sessionId), ProgressResourceSchema), (p) => p.turn === null && model!.remainingTurns === 0, 'the turn to end')
  return started.sessionId
}

describe('agents through the host API', () => {
  it('agent_save and agent_remove keep switchboard://agents, the agent extensions and their chat-with tools in step', async () => {
    const { h, client } = await hostWith([])
    expect((await agents(client)).agents).toMatchObject([{ id: 'assistant', name: 'Assistant', extensionId: 'agent-assistant', toolName: chatTool('assistant'), removable: false, extensions: 'all', model: null }])
    await toolsReady(client, [chatTool('assistant')])

    const saved = (await call(client, 'agent_save', { name: 'Code Reviewer', description: 'Reviews a change and lists its problems.', instructions: 'Be strict.' })).structuredContent
    expect(saved).toMatchObject({ id: 'code-reviewer', extensionId: 'agent-code-reviewer', removable: true })
    const listed = await toolsReady(client, [chatTool('code-reviewer')])
    expect(listed.tools.find((tool) => tool.name === chatTool('code-reviewer'))).toMatchObject({ title: 'Chat with Code Reviewer', description: 'Reviews a change and lists its problems.', extensionName: 'Code Reviewer' })
    await expect(call(client, 'agent_save', { name: 'code reviewer' })).rejects.toThrow(/exists already/)
    await expect(call(client, 'agent_save', { id: 'code-reviewer', name: 'Code Reviewer', extensions: ['agent-code-reviewer'] })).rejects.toThrow(/cannot use itself/)

    // A new description reaches the tool other agents see; the id stays.
    await call(client, 'agent_save', { id: 'code-reviewer', name: 'Code Reviewer', description: 'Finds bugs.' })
    await poll(() => tools(client), (t) => t.tools.some((tool) => tool.name === chatTool('code-reviewer') && tool.description === 'Finds bugs.'), 'the new description')

    await expect(call(client, 'agent_remove', { id: 'assistant' })).rejects.toThrow(/cannot be removed/)
    await call(client, 'agent_remove', { id: 'code-reviewer' })
    expect((await agents(client)).agents.map((agent) => agent.id)).toEqual(['assistant'])
    await poll(() => tools(client), (t) => !t.tools.some((tool) => tool.name === chatTool('code-reviewer')), 'the removed agent tool to go')
    expect((await read(client, HostResource.extensions, ExtensionsResourceSchema)).extensions.map((e) => e.id)).not.toContain('agent-code-reviewer')
    if (process.platform !== 'win32') expect((await stat(join(h.dataDir, 'agents.json'))).mode & 0o777).toBe(0o600)
  })

  it("an agent's extension is part of Switchboard: described, never removed on its own, so its chat-with tool stays", async () => {
    const { client } = await hostWith([])
    await toolsReady(client, [chatTool('assistant')])
    await call(client, 'agent_save', { name: 'Code Reviewer', description: 'Reviews a change.' })
    await toolsReady(client, [chatTool('code-reviewer')])
    const views = (await read(client, HostResource.extensions, ExtensionsResourceSchema)).extensions
    expect(views.find((view) => view.id === 'agent-assistant')?.builtIn?.description).toBe(
      'Serves the agent “Assistant” as the tool chat-with-assistant, for other agents and connected apps. It comes and goes with the agent: change or remove that in Settings → Agents.',
    )
    expect(views.find((view) => view.id === 'agent-code-reviewer')?.builtIn?.description).toMatch(/^Serves the agent “Code Reviewer” as the tool chat-with-code-reviewer/)

    for (const id of ['agent-assistant', 'agent-code-reviewer']) {
      await expect(call(client, 'extension_remove', { id })).rejects.toThrow(/is built into Switchboard and cannot be removed\. It serves an agent and goes when the agent is removed \(Settings → Agents, agent_remove\)\. Turn it off/)
    }
    const after = await tools(client)
    expect(after.tools.map((tool) => tool.name)).toEqual(expect.arrayContaining([chatTool('assistant'), chatTool('code-reviewer')]))
    // Removing the agent still takes its extension along.
    await call(client, 'agent_remove', { id: 'code-reviewer' })
    await poll(() => read(client, HostResource.extensions, ExtensionsResourceSchema), ({ extensions }) => !extensions.some((view) => view.id === 'agent-code-reviewer'), 'the agent extension to go with its agent')
  })

  it('a top-level call of chat-with returns at once with a link to the progress; the history is a resource of the agent server', async () => {
    const { client } = await hostWith([{ type: 'text', chunks: ['Hello ', 'from the Assistant.'] }])
    await toolsReady(client, [chatTool('assistant')])
    // As an outside app would: the tool through the manager, with no calling turn behind it.
    const started = await call(client, 'tool_call', { name: chatTool('assistant'), arguments: { prompt: 'Say hello' } })
    const link = (started.content as { type: string; uri?: string }[]).find((block) => block.type === 'resource_link')
    const text = (started.content as { type: string; text?: string }[]).find((block) => block.type === 'text')!.text!
    const result = AgentCallResultSchema.parse(JSON.parse(text))
    expect(result).toMatchObject({ agentId: 'assistant', agentName: 'Assistant' })
    expect(result.status).toBeUndefined()
    expect(link).toMatchObject({ uri: progressUri(result.sessionId) })

    const read = async () => JSON.parse(((await call(client, 'resource_read', { extensionId: 'agent-assistant', uri: historyUri(result.sessionId) })).structuredContent as { contents: { text: string }[] }).contents[0]!.text)
    const answered = await poll(read, (h) => HistoryResourceSchema.parse(h).messages.length === 2, "the Assistant's answer")
    expect(HistoryResourceSchema.parse(answered).messages[1]).toMatchObject({ role: 'assistant', text: 'Hello from the Assistant.', agent: { id: 'assistant' } })
    expect((await sessions(client)).find((s) => s.id === result.sessionId)).toMatchObject({ title: 'Assistant: Say hello', agentId: 'assistant' })
    // Pages of it too, as the host serves them.
    const firstId = HistoryResourceSchema.parse(answered).messages[0]!.id
    const after = await call(client, 'resource_read', { extensionId: 'agent-assistant', uri: historyPageUri(result.sessionId, { after: firstId, limit: 1 }) })
    expect(HistoryResourceSchema.parse(JSON.parse((after.structuredContent as { contents: { text: string }[] }).contents[0]!.text))).toMatchObject({ offset: 1, total: 2, hasOlder: true, messages: [{ role: 'assistant' }] })
    await expect(call(client, 'resource_read', { extensionId: 'agent-assistant', uri: `${historyUri(result.sessionId)}?before=` })).rejects.toThrow(/before names a message id/)
    // Sessions of other agents are not the Assistant's to serve.
    const other = (await call(client, 'session_create', { title: 'mine' })).structuredContent as { id: string }
    await call(client, 'agent_save', { name: 'Other' })
    await call(client, 'session_set_agent', { id: other.id, agentId: 'other' })
    await expect(call(client, 'resource_read', { extensionId: 'agent-assistant', uri: historyUri(other.id) })).rejects.toThrow(/not one of Assistant's conversations/)
  })

  it("a session with a chosen agent sends its instructions and model, offers only its extensions, and records the agent on the reply", async () => {
    const { client } = await hostWith([{ type: 'text', chunks: ['Reviewed.'] }])
    await call(client, 'provider_save', { provider: { id: 'second', kind: 'openai-compatible', name: 'Second', baseUrl: model!.baseUrl, models: ['other-model'] } })
    await addConsentedExtension(client, { id: 'fx', name: 'Fixture', type: 'stdio', command: process.execPath, args: [fixtureServerPath] })
    await call(client, 'agent_save', { name: 'Reviewer', instructions: 'You review code. Be strict.', model: { providerId: 'second', modelId: 'other-model' }, extensions: ['fx'], permissionMode: 'ask' })
    await toolsReady(client, ['fx__echo', 'system__get_current_time', chatTool('reviewer')])

    const session = (await call(client, 'session_create', {})).structuredContent as { id: string }
    await call(client, 'session_set_agent', { id: session.id, agentId: 'reviewer' })
    await call(client, 'session_set_tool_offer', { id: session.id, offer: 'all' })
    await expect(call(client, 'session_set_agent', { id: session.id, agentId: 'nobody' })).rejects.toThrow(/No agent with id "nobody"/)
    await chat(client, 'Look at this', session.id)

    const request = sent(0)
    expect(request.model).toBe('other-model')
    expect(request.system).toBe('You review code. Be strict.')
    expect(request.tools).toContain('fx__echo')
    expect(request.tools.filter((name) => !name.startsWith('fx__'))).toEqual([])
    expect((await history(client, session.id)).messages[1]).toMatchObject({ role: 'assistant', text: 'Reviewed.', agent: { id: 'reviewer', name: 'Reviewer' } })
    expect((await sessions(client)).find((s) => s.id === session.id)).toMatchObject({ agentId: 'reviewer' })
  })

  it("a nested call runs the sub-agent's own turn in its own session and gives the caller its answer", async () => {
    const { client } = await hostWith([
      { type: 'tool-calls', calls: [{ name: chatTool('researcher'), args: { prompt: 'What is the answer?' } }] },
      { type: 'text', chunks: ['The answer ', 'is 42.'] },
      { type: 'text', chunks: ['Researcher says 42.'] },
    ])
    await call(client, 'agent_save', { name: 'Researcher', instructions: 'You find things out.' })
    await call(client, 'agent_save', { id: 'assistant', name: 'Assistant', instructions: 'You delegate.', extensions: ['agent-researcher'] })
    await toolsReady(client, [chatTool('researcher')])
    await alwaysOfferTools(client, [chatTool('researcher')])
    await call(client, 'permission_set', { tool: chatTool('researcher'), policy: 'always' })

    const parentId = await chat(client, 'Ask the researcher')
    expect(sent(0).system).toBe('You delegate.')
    expect(sent(0).tools).toContain(chatTool('researcher'))
    expect(sent(1).system).toBe('You find things out.')
    expect(sent(1).text).toContain('What is the answer?')
    expect(sent(2).text).toContain('The answer is 42.')

    const parent = await history(client, parentId)
    const card = parent.messages[1]!.role === 'assistant' ? parent.messages[1]!.toolCalls[0] : undefined
    expect(card).toMatchObject({ toolName: chatTool('researcher'), state: 'done' })
    const result = AgentCallResultSchema.parse(card!.result!.structuredContent)
    expect(result).toMatchObject({ agentId: 'researcher', agentName: 'Researcher', status: 'done' })
    expect(card!.result!.content).toContainEqual({ type: 'text', text: 'The answer is 42.' })

    const child = (await sessions(client)).find((s) => s.id === result.sessionId)
    expect(child).toMatchObject({ agentId: 'researcher', parent: { sessionId: parentId, agentId: 'assistant' } })
    expect((await history(client, result.sessionId)).messages).toMatchObject([
      { role: 'user', text: 'What is the answer?' },
      { role: 'assistant', text: 'The answer is 42.', agent: { id: 'researcher', name: 'Researcher' } },
    ])
    expect(parent.messages.at(-1)).toMatchObject({ role: 'assistant', text: 'Researcher says 42.', agent: { id: 'assistant', name: 'Assistant' } })
  })

  it('refuses a cycle and a chain deeper than the limit, with reasons the calling model reads', async () => {
    const { client } = await hostWith([
      // Assistant → a → b → c → d (too deep), then c → a (a cycle), then everyone answers.
      { type: 'tool-calls', calls: [{ name: chatTool('a'), args: { prompt: 'go a' } }] },
      { type: 'tool-calls', calls: [{ name: chatTool('b'), args: { prompt: 'go b' } }] },
      { type: 'tool-calls', calls: [{ name: chatTool('c'), args: { prompt: 'go c' } }] },
      { type: 'tool-calls', calls: [{ name: chatTool('d'), args: { prompt: 'go d' } }] },
      { type: 'tool-calls', calls: [{ name: chatTool('a'), args: { prompt: 'back to a' } }] },
      { type: 'text', chunks: ['c done'] },
      { type: 'text', chunks: ['b done'] },
      { type: 'text', chunks: ['a done'] },
      { type: 'text', chunks: ['all done'] },
    ])
    for (const [name, next] of [['D', []], ['C', ['agent-d', 'agent-a']], ['B', ['agent-c']], ['A', ['agent-b']]] as const) {
      await call(client, 'agent_save', { name, extensions: [...next] })
    }
    await call(client, 'agent_save', { id: 'assistant', name: 'Assistant', extensions: ['agent-a'] })
    const names = ['a', 'b', 'c', 'd'].map(chatTool)
    await toolsReady(client, names)
    await alwaysOfferTools(client, names)
    await call(client, 'permission_mode_set', { mode: 'autonomous' })

    const top = await chat(client, 'start')
    expect(sent(4).text).toContain('Refused: Assistant → A → B → C is already 3 sub-agents deep')
    expect(sent(5).text).toContain('Refused: A is already working in this chain (Assistant → A → B → C)')
    expect((await sessions(client)).filter((s) => s.agentId === 'd')).toEqual([])
    expect((await history(client, top)).messages.at(-1)).toMatchObject({ text: 'all done' })
  })

  it("stopping the caller stops the sub-agent's turn", async () => {
    const { client } = await hostWith([
      { type: 'tool-calls', calls: [{ name: chatTool('researcher'), args: { prompt: 'Take your time' } }] },
      { type: 'stall', chunks: ['Thinking'] },
    ])
    await call(client, 'agent_save', { name: 'Researcher' })
    await call(client, 'agent_save', { id: 'assistant', name: 'Assistant', extensions: ['agent-researcher'] })
    await toolsReady(client, [chatTool('researcher')])
    await alwaysOfferTools(client, [chatTool('researcher')])
    await call(client, 'permission_set', { tool: chatTool('researcher'), policy: 'always' })

    const started = (await call(client, 'chat_send', { text: 'Ask' })).structuredContent as { sessionId: string }
    const child = await poll(() => sessions(client), (list) => list.some((s) => s.parent?.sessionId === started.sessionId), 'the sub-agent session')
    const childId = child.find((s) => s.parent)!.id
    await poll(() => read(client, progressUri(childId), ProgressResourceSchema), (p) => p.turn?.text === 'Thinking', 'the sub-agent to write')

    await call(client, 'chat_cancel', { sessionId: started.sessionId })
    await poll(() => read(client, progressUri(started.sessionId), ProgressResourceSchema), (p) => p.turn === null, 'the caller to stop')
    await poll(() => read(client, progressUri(childId), ProgressResourceSchema), (p) => p.turn === null, 'the sub-agent to stop')
    expect((await history(client, childId)).messages.at(-1)).toMatchObject({ role: 'assistant', text: 'Thinking', stopped: true })
    await poll(async () => model!.modelRequests[1]?.clientHungUp, (hungUp) => hungUp === true, 'the sub-agent model request to be dropped')
    const card = (await history(client, started.sessionId)).messages.flatMap((m) => (m.role === 'assistant' ? m.toolCalls : []))[0]
    expect(card).toMatchObject({ toolName: chatTool('researcher'), state: 'cancelled' })
  })

  it('an approval of a call a sub-agent makes names the chain', async () => {
    const { client } = await hostWith([
      { type: 'tool-calls', calls: [{ name: chatTool('researcher'), args: { prompt: 'Echo something' } }] },
      { type: 'tool-calls', calls: [{ name: 'fx__echo', args: { text: 'hi' } }] },
      { type: 'text', chunks: ['Echoed.'] },
      { type: 'text', chunks: ['Done.'] },
    ])
    await addConsentedExtension(client, { id: 'fx', name: 'Fixture', type: 'stdio', command: process.execPath, args: [fixtureServerPath] })
    await call(client, 'agent_save', { name: 'Researcher', extensions: ['fx'] })
    await call(client, 'agent_save', { id: 'assistant', name: 'Assistant', extensions: ['agent-researcher'] })
    await toolsReady(client, [chatTool('researcher'), 'fx__echo'])
    await alwaysOfferTools(client, [chatTool('researcher'), 'fx__echo'])
    await call(client, 'permission_mode_set', { mode: 'ask' })
    await call(client, 'permission_set', { tool: chatTool('researcher'), policy: 'always' })

    const started = (await call(client, 'chat_send', { text: 'Go' })).structuredContent as { sessionId: string }
    const [approval] = (await poll(() => read(client, HostResource.elicitations, ElicitationsResourceSchema), (e) => e.elicitations.length > 0, 'the approval')).elicitations
    expect(approval).toMatchObject({ kind: 'approval', origin: { tool: 'fx__echo', caller: { kind: 'agent-chain', chain: ['Assistant', 'Researcher'] } } })
    expect(approval).toMatchObject({ message: expect.stringMatching(/^Agent Researcher \(via Assistant → Researcher\) asks to run /) })
    expect(approval).not.toMatchObject({ origin: { sessionId: started.sessionId } })
    await call(client, 'elicitation_respond', { id: approval!.id, action: 'accept', content: { decision: 'allow_once' } })
    await poll(() => history(client, started.sessionId), (v) => v.messages.at(-1)?.text === 'Done.', 'the final answer')
  })

  it("an agent hands a sub-agent only resources of its own extensions: outside its list the call is refused whole, nothing read or started", async () => {
    const { h, client } = await hostWith([
      { type: 'tool-calls', calls: [{ name: chatTool('researcher'), args: { prompt: 'Read these', attachments: [NOTE, { extensionId: 'elsewhere', uri: 'secret://plans' }] } }] },
      { type: 'text', chunks: ['Refused, fine.'] },
      // Once fx is on its list: the sub-agent gets the note.
      { type: 'tool-calls', calls: [{ name: chatTool('researcher'), args: { prompt: 'Read the note', attachments: [NOTE] } }] },
      { type: 'text', chunks: ['Read it.'] },
      { type: 'text', chunks: ['The researcher read it.'] },
    ])
    await addConsentedExtension(client, withNote)
    await call(client, 'agent_save', { name: 'Researcher', extensions: [] })
    await call(client, 'agent_save', { id: 'assistant', name: 'Assistant', extensions: ['agent-researcher'] })
    await toolsReady(client, [chatTool('researcher'), 'fx__echo'])
    await alwaysOfferTools(client, [chatTool('researcher')])
    await call(client, 'permission_set', { tool: chatTool('researcher'), policy: 'always' })

    const first = ((await call(client, 'chat_send', { text: 'Ask with attachments' })).structuredContent as { sessionId: string }).sessionId
    await poll(() => read(client, progressUri(first), ProgressResourceSchema), (p) => p.turn === null && model!.modelRequests.length === 2, 'the first turn to end')
    expect(model!.modelRequests).toHaveLength(2)
    const refusal = 'Refused: Assistant may not give Researcher resources it cannot read itself: \\"fixture://note\\" of the extension \\"fx\\"; \\"secret://plans\\" of the extension \\"elsewhere\\".'
    expect(sent(1).text).toContain(refusal)
    const card = (await history(client, first)).messages[1]
    expect(card?.role === 'assistant' && card.toolCalls[0]).toMatchObject({ toolName: chatTool('researcher'), state: 'error' })
    expect((await sessions(client)).filter((s) => s.agentId === 'researcher')).toEqual([])
    expect(noteReads(h)).toBe(0)

    // Its list is read when the call arrives: with fx on it, the same attachment goes through.
    await call(client, 'agent_save', { id: 'assistant', name: 'Assistant', extensions: ['agent-researcher', 'fx'] })
    await chat(client, 'Ask again')
    expect(sent(3).text).toContain("The fixture's private note.")
    expect((await sessions(client)).filter((s) => s.agentId === 'researcher')).toHaveLength(1)
    expect(noteReads(h)).toBe(1)
  })

  it('the person attaches any resource to an agent by hand; a call that names no caller attaches none', async () => {
    const { h, client } = await hostWith([{ type: 'text', chunks: ['Noted.'] }])
    await addConsentedExtension(client, withNote)
    // An agent that may use no extension: the person is not held to its list.
    await call(client, 'agent_save', { name: 'Researcher', extensions: [] })
    await toolsReady(client, [chatTool('researcher'), 'fx__echo'])
    await call(client, 'permission_set', { tool: chatTool('researcher'), policy: 'always' })

    // A path that does not say who asks (here the dispatcher itself) is refused, naming what it attached.
    const before = (await sessions(client)).length
    const unnamed = await h.host.services.extensions.core.dispatcher.call({ name: chatTool('researcher'), arguments: { prompt: 'Read it', attachments: [NOTE] } })
    expect(unnamed).toMatchObject({ status: 'ok', result: { isError: true } })
    expect(JSON.stringify(unnamed.status === 'ok' && unnamed.result.content)).toContain('Refused: a caller Switchboard cannot name may not give Researcher resources it cannot read itself: \\"fixture://note\\" of the extension \\"fx\\"')
    expect((await sessions(client)).length).toBe(before)

    const byHand = await call(client, 'tool_call', { name: chatTool('researcher'), arguments: { prompt: 'Read it', attachments: [NOTE] } })
    const started = AgentCallResultSchema.parse(JSON.parse((byHand.content as { type: string; text?: string }[]).find((block) => block.type === 'text')!.text!))
    await poll(() => read(client, progressUri(started.sessionId), ProgressResourceSchema), (p) => p.turn === null && model!.remainingTurns === 0, 'the turn to end')
    expect(sent(0).text).toContain("The fixture's private note.")
    expect(noteReads(h)).toBe(1)
  })
})
