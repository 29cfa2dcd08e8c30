/**
 * A chat turn through the host API with an OpenAI provider set to the Responses API: the tool loop
 * goes over /v1/responses (the tool result sent back as function_call_output) and the reply carries
 * the provider's token counts. Needs the keychain (the key is a real secret): run under with-keyring.sh.
 */
import { describe, expect, it } from 'vitest'
import { HistoryResourceSchema, HostResource, ModelsResourceSchema, ProgressResourceSchema, historyUri, progressUri } from '../../../src/shared/hostApi'
import { startScriptedModelServer, type ScriptedModelServer } from '../../fixtures/modelServer/scriptedModelServer'
import { call, poll, read } from '../../helpers/hostCalls'
import { testHostsStoppedAfterEach } from '../../helpers/testHost'

let model: ScriptedModelServer | undefined
const startTestHost = testHostsStoppedAfterEach(async () => {
  await model?.stop()
  model = undefined
})

describe('chat over the OpenAI Responses API', () => {
  it('runs a tool call round trip over /v1/responses and shows the usage on the reply', async () => {
    model = await startScriptedModelServer({
      turns: [
        { type: 'tool-calls', calls: [{ name: 'find_tools', args: { query: 'weather' }, id: 'call_find' }], usage: { input: 300, output: 20 } },
        { type: 'text', chunks: ['No weather tool ', 'is installed.'], usage: { input: 400, output: 9 } },
      ],
    })
    const h = await startTestHost()
    const client = await h.connectOverWebSocket()
    await call(client, 'provider_save', { provider: { id: 'work-openai', kind: 'openai', name: 'OpenAI', baseUrl: model.baseUrl, models: ['scripted-model'], api: 'responses' } })
    await call(client, 'secret_set', { key: 'provider:work-openai', value: 'sk-test-responses' })
    await call(client, 'model_select', { providerId: 'work-openai', modelId: 'scripted-model' })
    const views = (await read(client, HostResource.models, ModelsResourceSchema)).providers
    expect(views.find((view) => view.id === 'work-openai')).toMatchObject({ api: 'responses' })

    // The scripted model searches: the session finds tools as needed (under "auto" the few built-in tools would be offered whole).
    const { id: created } = (await call(client, 'session_create', {})).structuredContent as { id: string }
    await call(client, 'session_set_tool_offer', { id: created, offer: 'search' })
    const sent = await call(client, 'chat_send', { sessionId: created, text: 'Is there a weather tool?' })
    const { sessionId } = sent.structuredContent as { sessionId: string }
    await poll(() => read(client, progressUri(sessionId), ProgressResourceSchema), (progress) => progress.turn === null, 'the turn to end')
    const history = await read(client, historyUri(sessionId), HistoryResourceSchema)
    const last = history.messages.at(-1)
    expect(last).toMatchObject({ role: 'assistant', text: 'No weather tool is installed.' })
    expect(history.messages.some((message) => message.role === 'assistant' && message.toolCalls?.some((toolCall) => toolCall.toolName === 'find_tools' && toolCall.state === 'done'))).toBe(true)
    expect(history.usage).toMatchObject({ input: 700, output: 29 })

    expect(model.modelRequests.map((request) => request.path)).toEqual(['/v1/responses', '/v1/responses'])
    expect(model.modelRequests[0]?.headers.authorization).toBe('Bearer sk-test-responses')
    const input = (model.modelRequests[1]?.body as { input: Record<string, unknown>[] }).input
    expect(input).toContainEqual(expect.objectContaining({ type: 'function_call_output', call_id: 'call_find' }))
  })
})
