/**
 * Chat through the host API with the scripted model server (real HTTP) and a real fixture extension:
 * chat_send returns at once, progress arrives batched, an approval appears, and after it the final
 * answer is in the history, also after a restart.
 */
import { describe, expect, it, onTestFinished } from 'vitest'
import { rm } from 'node:fs/promises'
import {
  ElicitationsResourceSchema,
  ExtensionsResourceSchema,
  HistoryResourceSchema,
  HostResource,
  ProgressResourceSchema,
  SessionsResourceSchema,
  ToolsResourceSchema,
  historyUri,
  progressUri,
} from '../../../src/shared/hostApi'
import { startScriptedModelServer, type ScriptedModelServer } from '../../fixtures/modelServer/scriptedModelServer'
import { addConsentedExtension, call, poll, read, selectScriptedModel } from '../../helpers/hostCalls'
import { testHostsStoppedAfterEach } from '../../helpers/testHost'
import { everythingPath, expectNoChildren, fixtureServerPath } from '../extensions/harness'

let model: ScriptedModelServer | undefined
const startTestHost = testHostsStoppedAfterEach(async () => {
  await model?.stop()
  model = undefined
  await expectNoChildren()
})

async function hostWithModel(dataDir?: string) {
  const h = await startTestHost(dataDir)
  const client = await h.connectOverWebSocket()
  if (!dataDir) {
    await selectScriptedModel(client, model!.baseUrl)
  }
  return { h, client }
}

describe('chat through the host API', () => {
  it('returns at once, streams progress in batches, asks for approval, and commits the final answer', async () => {
    const chunks = Array.from({ length: 400 }, (_, i) => `w${i} `)
    model = await startScriptedModelServer({
      turns: [
        { type: 'text', chunks },
        { type: 'tool-calls', text: ['Let me check.'], calls: [{ name: 'fixture__echo', args: { text: 'from the model' } }] },
        { type: 'text', chunks: ['The echo said: ', 'from the model.'] },
      ],
    })
    const { client } = await hostWithModel()
    await addConsentedExtension(client, { id: 'fixture', name: 'Fixture', type: 'stdio', command: process.execPath, args: [fixtureServerPath] })
    await poll(() => read(client, HostResource.tools, ToolsResourceSchema), (t) => t.tools.some((tool) => tool.name === 'fixture__echo'), 'fixture tools')
    await call(client, 'permission_mode_set', { mode: 'ask' })
    // The scripted model calls echo without searching first: marked "always offer", it is in every request.
    await call(client, 'tool_set_always_offer', { name: 'fixture__echo', alwaysOffer: true })
    expect((await read(client, HostResource.tools, ToolsResourceSchema)).tools.find((tool) => tool.name === 'fixture__echo')).toMatchObject({ alwaysOffer: true, tokens: expect.any(Number) })

    const updates: string[] = []
    client.setNotificationHandler('notifications/resources/updated', (n) => void updates.push(n.params.uri))
    const sent = await call(client, 'chat_send', { text: 'Say many words' })
    const { sessionId } = sent.structuredContent as { sessionId: string; turnId: string }
    expect(sent.content).toContainEqual(expect.objectContaining({ type: 'resource_link', uri: progressUri(sessionId) }))
    await client.subscribeResource({ uri: progressUri(sessionId) })
    await client.subscribeResource({ uri: historyUri(sessionId) })

    const first = await poll(() => read(client, historyUri(sessionId), HistoryResourceSchema), (h) => h.messages.length === 2, 'the first reply')
    expect(first.messages[0]).toMatchObject({ role: 'user', text: 'Say many words' })
    expect(first.messages[1]).toMatchObject({ role: 'assistant', text: chunks.join('') })
    // 400 chunks arrive as far fewer progress updates (≤ one per ~30 ms).
    expect(updates.filter((uri) => uri === progressUri(sessionId)).length).toBeLessThan(100)
    const sessions = await read(client, HostResource.sessions, SessionsResourceSchema)
    expect(sessions.sessions.find((s) => s.id === sessionId)?.title).toBe('Say many words')
    await poll(() => read(client, progressUri(sessionId), ProgressResourceSchema), (p) => p.turn === null, 'the turn to end')

    await call(client, 'chat_send', { sessionId, text: 'Use the tool' })
    const approval = await poll(
      () => read(client, HostResource.elicitations, ElicitationsResourceSchema),
      (e) => e.elicitations.some((item) => item.kind === 'approval' && item.subject.type === 'tool-call'),
      'the approval',
    )
    // The model of this session asks, by the session's title.
    expect(approval.elicitations[0]).toMatchObject({
      origin: { caller: { kind: 'model', sessionId, sessionTitle: 'Say many words' } },
      message: 'The model in “Say many words” asks to run echo of Fixture.',
    })
    // Progress is published at most every ~30 ms, so it may trail the approval by a moment.
    const waiting = await poll(() => read(client, progressUri(sessionId), ProgressResourceSchema), (p) => p.turn?.status === 'waiting-for-approval', 'progress to show the approval')
    expect(waiting.turn?.toolCalls).toMatchObject([{ toolName: 'fixture__echo', state: 'pending-approval', arguments: { text: 'from the model' } }])
    await call(client, 'elicitation_respond', { id: approval.elicitations[0]!.id, action: 'accept', content: { decision: 'allow_once' } })

    const done = await poll(() => read(client, historyUri(sessionId), HistoryResourceSchema), (h) => h.messages.length === 5, 'the final answer')
    expect(done.messages[3]).toMatchObject({
      role: 'assistant',
      text: 'Let me check.',
      toolCalls: [{ toolName: 'fixture__echo', state: 'done', result: { isError: false, content: [{ type: 'text', text: 'from the model' }] } }],
    })
    expect(done.messages[4]).toMatchObject({ role: 'assistant', text: 'The echo said: from the model.' })
    await poll(() => read(client, progressUri(sessionId), ProgressResourceSchema), (p) => p.turn === null, 'idle progress')
    // The model was sent the tool result.
    expect(JSON.stringify(model.modelRequests.at(-1)?.body)).toContain('from the model')
  })

  it('says what to set up when no model is selected, and cancels a stalled reply', async () => {
    model = await startScriptedModelServer({ turns: [{ type: 'stall', chunks: ['Thinking'] }] })
    const h = await startTestHost()
    const client = await h.connectOverWebSocket()
    const refused = await client.callTool({ name: 'chat_send', arguments: { text: 'hello' } })
    expect(refused.isError).toBe(true)
    expect((refused.content as { text: string }[])[0]?.text).toMatch(/Settings → Models & keys/)

    await call(client, 'provider_save', { provider: { id: 'scripted', kind: 'openai-compatible', name: 'Scripted', baseUrl: model.baseUrl, models: ['scripted-model'] } })
    const sent = await call(client, 'chat_send', { text: 'hello' })
    const { sessionId } = sent.structuredContent as { sessionId: string }
    await poll(() => read(client, progressUri(sessionId), ProgressResourceSchema), (p) => p.turn?.text === 'Thinking', 'the stalled text')
    const cancelled = await call(client, 'chat_cancel', { sessionId })
    expect(cancelled.structuredContent).toEqual({ sessionId, cancelled: true })
    const history = await poll(() => read(client, historyUri(sessionId), HistoryResourceSchema), (h) => h.messages.some((m) => m.role === 'assistant'), 'the stopped reply')
    expect(history.messages.find((m) => m.role === 'assistant')).toMatchObject({ text: 'Thinking', stopped: true })
  })

  it('answers a sampling request from server-everything with the selected model after the person approves it', async () => {
    model = await startScriptedModelServer({ turns: [{ type: 'text', chunks: ['sampled ', 'reply'] }, { type: 'text', chunks: ['second'] }] })
    const { client } = await hostWithModel()
    await addConsentedExtension(client, { id: 'everything', name: 'Everything', type: 'stdio', command: process.execPath, args: [everythingPath, 'stdio'] })
    await poll(() => read(client, HostResource.tools, ToolsResourceSchema), (t) => t.tools.some((tool) => tool.name === 'everything__trigger-sampling-request'), 'the sampling tool')

    const run = call(client, 'tool_call', { name: 'everything__trigger-sampling-request', arguments: { prompt: 'Say hi', maxTokens: 20 } })
    const asked = await poll(() => read(client, HostResource.elicitations, ElicitationsResourceSchema), (e) => e.elicitations.length === 1, 'the sampling approval')
    expect(asked.elicitations[0]).toMatchObject({ origin: { extensionId: 'everything', caller: { kind: 'extension', name: expect.any(String) } }, subject: { type: 'sampling', maxTokens: 20, messages: [{ role: 'user', text: expect.stringContaining('Say hi') }] } })
    await call(client, 'elicitation_respond', { id: asked.elicitations[0]!.id, action: 'accept', content: { decision: 'allow_always' } })
    expect(JSON.stringify((await run).content)).toContain('sampled reply')
    expect(JSON.stringify(model.modelRequests[0]?.body)).toContain('Say hi')
    // "Always" for this extension: remembered in extensions.json, and the next request is answered without asking.
    expect((await read(client, HostResource.extensions, ExtensionsResourceSchema)).extensions.find((e) => e.id === 'everything')?.sampling).toBe('always')
    expect(JSON.stringify((await call(client, 'tool_call', { name: 'everything__trigger-sampling-request', arguments: { prompt: 'Again', maxTokens: 20 } })).content)).toContain('second')

    // "Never": refused without asking, and the server is told why.
    await call(client, 'extension_set_sampling', { id: 'everything', policy: 'never' })
    const refused = await client.callTool({ name: 'tool_call', arguments: { name: 'everything__trigger-sampling-request', arguments: { prompt: 'No', maxTokens: 20 } } })
    expect(JSON.stringify(refused.content)).toMatch(/Sampling is turned off for this extension/)
    expect((await read(client, HostResource.elicitations, ElicitationsResourceSchema)).elicitations).toEqual([])
    expect(model.modelRequests).toHaveLength(2)
  })

  it('the progress a chat_send links to shows the new turn at once, never idle or the last turn\'s end', async () => {
    model = await startScriptedModelServer({ turns: [{ type: 'text', chunks: ['first'] }, { type: 'stall' }] })
    const { h, client } = await hostWithModel()
    const chat = h.host.services.chat
    const first = await chat.send(undefined, 'hello')
    // Read before anything else runs: the turn has not committed the person's message yet.
    expect(chat.progress(first.sessionId)).toEqual({ sessionId: first.sessionId, turn: { turnId: first.turnId, step: 1, status: 'waiting-for-model', text: '', toolCalls: [] } })
    await poll(() => read(client, progressUri(first.sessionId), ProgressResourceSchema), (p) => p.turn === null, 'the first turn to end')

    const second = await call(client, 'chat_send', { sessionId: first.sessionId, text: 'again' })
    const { turnId } = second.structuredContent as { turnId: string }
    const progress = await read(client, progressUri(first.sessionId), ProgressResourceSchema)
    expect(progress.turn).toMatchObject({ turnId, status: 'waiting-for-model' })
    await call(client, 'chat_cancel', { sessionId: first.sessionId })
  })

  it('shows a rate-limit retry in the progress, then the reply', async () => {
    model = await startScriptedModelServer({ turns: [{ type: 'error', status: 429, headers: { 'retry-after': '2' } }, { type: 'text', chunks: ['after waiting'] }] })
    const { client } = await hostWithModel()
    const { sessionId } = (await call(client, 'chat_send', { text: 'hello' })).structuredContent as { sessionId: string }
    const retrying = await poll(() => read(client, progressUri(sessionId), ProgressResourceSchema), (p) => p.turn?.status === 'retrying', 'the retry notice')
    expect(retrying.turn?.notice).toMatch(/Retrying in 2 s/)
    const history = await poll(() => read(client, historyUri(sessionId), HistoryResourceSchema), (h) => h.messages.length === 2, 'the reply')
    expect(history.messages[1]).toMatchObject({ role: 'assistant', text: 'after waiting' })
  })

  it('"offer all tools" is kept with the session across a restart; by default ("auto") a session with a small-context local model offers find_tools and no extension tool', async () => {
    // Ollama reports a 4,096-token context for the model: a budget of 409 tokens, less than the catalog's definitions.
    model = await startScriptedModelServer({ contextLengths: { 'scripted-model': 4096 }, turns: [{ type: 'text', chunks: ['searching'] }, { type: 'text', chunks: ['all'] }] })
    const { h, client } = await hostWithModel()
    const dataDir = h.dataDir
    onTestFinished(() => rm(dataDir, { recursive: true, force: true }))
    await addConsentedExtension(client, { id: 'fixture', name: 'Fixture', type: 'stdio', command: process.execPath, args: [fixtureServerPath] })
    const tools = await poll(() => read(client, HostResource.tools, ToolsResourceSchema), (t) => t.tools.some((tool) => tool.name === 'fixture__echo'), 'fixture tools')
    expect(tools.tokenizer).toBe('o200k')
    expect(tools.tools.every((tool) => tool.tokens > 0 && tool.alwaysOffer === false)).toBe(true)
    expect(tools.tools.reduce((total, tool) => total + tool.tokens, 0)).toBeGreaterThan(409)
    const names = () => ((model!.modelRequests.at(-1)?.body as { tools?: { function: { name: string } }[] }).tools ?? []).map((tool) => tool.function.name)

    const { sessionId } = (await call(client, 'chat_send', { text: 'search first' })).structuredContent as { sessionId: string }
    const first = await poll(() => read(client, historyUri(sessionId), HistoryResourceSchema), (h) => h.messages.length === 2, 'the first reply')
    expect((await read(client, HostResource.sessions, SessionsResourceSchema)).sessions.find((entry) => entry.id === sessionId)).toMatchObject({ toolOffer: 'auto' })
    expect(model.requests.filter((request) => request.path === '/api/show')).toMatchObject([{ method: 'POST', body: { model: 'scripted-model' } }])
    expect(names()).toEqual(['find_tools'])
    // The turn's token figures are in the history, labelled with the tokenizer.
    expect(first.messages[1]).toMatchObject({ role: 'assistant', tokens: { tokenizer: 'o200k', toolDefinitions: expect.any(Number), request: expect.any(Number) } })

    const set = await call(client, 'session_set_tool_offer', { id: sessionId, offer: 'all' })
    expect(set.structuredContent).toMatchObject({ id: sessionId, toolOffer: 'all' })
    await h.stop({ keepData: true })
    const again = await hostWithModel(dataDir)
    const session = (await read(again.client, HostResource.sessions, SessionsResourceSchema)).sessions.find((entry) => entry.id === sessionId)
    expect(session).toMatchObject({ toolOffer: 'all' })
    await poll(() => read(again.client, HostResource.tools, ToolsResourceSchema), (t) => t.tools.some((tool) => tool.name === 'fixture__echo'), 'fixture tools after the restart')
    await call(again.client, 'chat_send', { sessionId, text: 'all of them' })
    await poll(() => read(again.client, historyUri(sessionId), HistoryResourceSchema), (h) => h.messages.length === 4, 'the second reply')
    expect(names()).toContain('fixture__echo')
    expect(names()).not.toContain('find_tools')
    // Every choice is stored as made, "search" too.
    expect((await call(again.client, 'session_set_tool_offer', { id: sessionId, offer: 'search' })).structuredContent).toMatchObject({ toolOffer: 'search' })
  })

  it('offering all tools, with more tools than the limit, offers only the extensions chosen for the session', async () => {
    model = await startScriptedModelServer({ turns: [{ type: 'text', chunks: ['one'] }, { type: 'text', chunks: ['two'] }] })
    const { client } = await hostWithModel()
    await addConsentedExtension(client, { id: 'big', name: 'Big', type: 'stdio', command: process.execPath, args: [fixtureServerPath, '--tools=45'] })
    await poll(() => read(client, HostResource.tools, ToolsResourceSchema), (t) => t.tools.filter((tool) => tool.extensionId === 'big').length > 40, 'the big catalog')
    const offered = () => {
      const body = model!.modelRequests.at(-1)?.body as { tools?: { function: { name: string } }[] }
      return (body.tools ?? []).map((tool) => tool.function.name)
    }

    const { id: sessionId } = (await call(client, 'session_create', {})).structuredContent as { id: string }
    await call(client, 'session_set_tool_offer', { id: sessionId, offer: 'all' })
    await call(client, 'chat_send', { sessionId, text: 'first' })
    // The person's message, the note that the tools were over the limit (kept in the history), the reply.
    const first = await poll(() => read(client, historyUri(sessionId), HistoryResourceSchema), (h) => h.messages.length === 3, 'the first reply')
    expect(first.messages[1]).toMatchObject({ role: 'assistant', note: { kind: 'tool-limit', text: expect.stringMatching(/more than the 40 a model is offered at once/) } })
    await poll(() => read(client, progressUri(sessionId), ProgressResourceSchema), (p) => p.turn === null, 'the turn to end')
    expect(offered().length).toBe(40)

    const updated = await call(client, 'session_set_extensions', { id: sessionId, extensions: ['system'] })
    expect(updated.structuredContent).toMatchObject({ id: sessionId, activeExtensions: ['system'] })
    await call(client, 'chat_send', { sessionId, text: 'second' })
    await poll(() => read(client, historyUri(sessionId), HistoryResourceSchema), (h) => h.messages.length === 5, 'the second reply')
    expect(offered().length).toBeGreaterThan(0)
    expect(offered().every((name) => name.startsWith('system__'))).toBe(true)
  })

  it('keeps the whole conversation across a host restart, and deleting a session removes it', async () => {
    model = await startScriptedModelServer({ turns: [{ type: 'text', chunks: ['Kept ', 'forever.'] }] })
    const { h, client } = await hostWithModel()
    const dataDir = h.dataDir
    onTestFinished(() => rm(dataDir, { recursive: true, force: true }))
    const { sessionId } = (await call(client, 'chat_send', { text: 'Remember this' })).structuredContent as { sessionId: string }
    await poll(() => read(client, historyUri(sessionId), HistoryResourceSchema), (h) => h.messages.length === 2, 'the reply')
    await h.stop({ keepData: true })

    const again = await hostWithModel(dataDir)
    const history = await read(again.client, historyUri(sessionId), HistoryResourceSchema)
    expect(history.messages.map((m) => m.role === 'user' || m.role === 'assistant' ? m.text : '')).toEqual(['Remember this', 'Kept forever.'])
    await call(again.client, 'session_delete', { id: sessionId })
    expect((await read(again.client, HostResource.sessions, SessionsResourceSchema)).sessions).toEqual([])
    const gone = await again.client.readResource({ uri: historyUri(sessionId) }).catch((error: Error) => error)
    expect(gone).toBeInstanceOf(Error)
  })
})
