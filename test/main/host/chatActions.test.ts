/**
 * Message actions and usage through the host API, with the scripted model server (real HTTP, real
 * SSE): chat_regenerate and chat_edit set the old exchange aside (kept in the session file, left out
 * of the history and of the model's next request), the header's count is of the messages people
 * see, and every reply carries the model's name and the provider's token counts, priced from the
 * model table.
 */
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { Client } from '@modelcontextprotocol/client'
import { describe, expect, it } from 'vitest'
import { HistoryResourceSchema, HostResource, ProgressResourceSchema, SessionsResourceSchema, historyUri, progressUri, type HistoryResource } from '../../../src/shared/hostApi'
import { startScriptedModelServer, type ScriptedModelServer } from '../../fixtures/modelServer/scriptedModelServer'
import { call, poll, read, selectScriptedModel } from '../../helpers/hostCalls'
import { testHostsStoppedAfterEach } from '../../helpers/testHost'

let model: ScriptedModelServer | undefined
const startTestHost = testHostsStoppedAfterEach(async () => {
  await model?.stop()
  model = undefined
})

const started = (result: Awaited<ReturnType<typeof call>>) => result.structuredContent as { sessionId: string; turnId: string }

async function turnEnded(client: Client, sessionId: string): Promise<HistoryResource> {
  await poll(() => read(client, progressUri(sessionId), ProgressResourceSchema), (progress) => progress.turn === null, 'the turn to end')
  return read(client, historyUri(sessionId), HistoryResourceSchema)
}

const texts = (history: HistoryResource) => history.messages.map((message) => `${message.role}: ${message.text}`)
/** The user and assistant texts of a recorded chat-completions request. */
const sentTexts = (body: unknown) => ((body as { messages: { role: string; content: unknown }[] }).messages ?? []).map((message) => `${message.role}: ${String(message.content)}`)

describe('message actions and usage through the host API', () => {
  it('regenerates the last reply and edits the last message, keeping what was set aside in the file only', async () => {
    model = await startScriptedModelServer({
      turns: [
        { type: 'text', chunks: ['First ', 'answer.'] },
        { type: 'text', chunks: ['Second ', 'answer.'] },
        { type: 'text', chunks: ['Answer ', 'to the edit.'] },
      ],
    })
    const h = await startTestHost()
    const client = await h.connectOverWebSocket()
    await selectScriptedModel(client, model.baseUrl)

    const { sessionId } = started(await call(client, 'chat_send', { text: 'What is up?' }))
    expect(texts(await turnEnded(client, sessionId))).toEqual(['user: What is up?', 'assistant: First answer.'])

    await call(client, 'chat_regenerate', { sessionId })
    const regenerated = await poll(() => turnEnded(client, sessionId), (history) => history.messages.at(-1)?.text === 'Second answer.', 'the regenerated reply')
    expect(texts(regenerated)).toEqual(['user: What is up?', 'assistant: Second answer.'])
    // The model was asked again without the reply that was set aside.
    expect(sentTexts(model.modelRequests[1]?.body)).toEqual(['user: What is up?'])

    const mine = regenerated.messages[0]!
    await call(client, 'chat_edit', { sessionId, messageId: mine.id, text: 'What is down?' })
    const edited = await poll(() => turnEnded(client, sessionId), (history) => history.messages.at(-1)?.text === 'Answer to the edit.', 'the answer to the edit')
    expect(texts(edited)).toEqual(['user: What is down?', 'assistant: Answer to the edit.'])
    expect(sentTexts(model.modelRequests[2]?.body)).toEqual(['user: What is down?'])

    // Only the last message of the person can be edited; an old id is refused with the reason.
    await expect(call(client, 'chat_edit', { sessionId, messageId: mine.id, text: 'Again' })).rejects.toThrow('Only your last message can be edited')

    // The header counts what people see; the file keeps every version.
    const { sessions } = await read(client, HostResource.sessions, SessionsResourceSchema)
    expect(sessions.find((session) => session.id === sessionId)?.messageCount).toBe(2)
    const file = await readFile(join(h.dataDir, 'sessions', `${sessionId}.jsonl`), 'utf8')
    for (const kept of ['First answer.', 'Second answer.', 'What is up?', 'Answer to the edit.']) expect(file).toContain(kept)
  })

  it('shows the model and the provider’s token counts on each reply, priced from the model table, and totals them per conversation', async () => {
    model = await startScriptedModelServer({
      turns: [
        { type: 'text', chunks: ['One.'], usage: { input: 1200, output: 300 } },
        { type: 'text', chunks: ['Two.'], usage: { input: 1600, output: 100 } },
      ],
    })
    const h = await startTestHost()
    const client = await h.connectOverWebSocket()
    await selectScriptedModel(client, model.baseUrl)
    // No price is known for the scripted model yet: tokens only.
    const { sessionId } = started(await call(client, 'chat_send', { text: 'One?' }))
    const first = await turnEnded(client, sessionId)
    expect(first.messages[1]).toMatchObject({ model: 'scripted-model', usage: { input: 1200, output: 300 } })
    expect(first.messages[1]).not.toHaveProperty('usage.cost')
    expect(first.usage).toEqual({ input: 1200, output: 300, unpriced: true })

    // The person prices it: $2 in and $10 out per million tokens.
    await call(client, 'settings_update', { patch: { modelFacts: [{ model: 'scripted-model', inputPrice: 2, outputPrice: 10 }] } })
    await call(client, 'chat_send', { sessionId, text: 'Two?' })
    const second = await poll(() => turnEnded(client, sessionId), (history) => history.messages.length === 4, 'the second reply')
    expect(second.messages[1]?.role === 'assistant' && second.messages[1].usage?.cost).toBeCloseTo((1200 * 2 + 300 * 10) / 1e6, 10)
    expect(second.messages[3]?.role === 'assistant' && second.messages[3].usage?.cost).toBeCloseTo((1600 * 2 + 100 * 10) / 1e6, 10)
    expect(second.usage).toMatchObject({ input: 2800, output: 400, unpriced: false })
    expect(second.usage?.cost).toBeCloseTo((2800 * 2 + 400 * 10) / 1e6, 10)
    // The provider was asked for usage in the stream (an OpenAI-compatible server sends none otherwise).
    expect(model.modelRequests[0]?.body).toMatchObject({ stream_options: { include_usage: true } })
  })
})
