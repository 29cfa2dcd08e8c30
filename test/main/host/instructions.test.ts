/**
 * Instructions through the host API, against the scripted model server over real HTTP: the default
 * instructions (settings) reach the model as its system prompt, a session's own replace them, and
 * clearing a session's own brings the default back.
 */
import { afterEach, describe, expect, it } from 'vitest'
import { HostResource, ProgressResourceSchema, SessionsResourceSchema, progressUri } from '../../../src/shared/hostApi'
import { startScriptedModelServer, type ScriptedModelServer } from '../../fixtures/modelServer/scriptedModelServer'
import { call, poll, read, selectScriptedModel } from '../../helpers/hostCalls'
import { startTestHost, type TestHost } from '../../helpers/testHost'

let h: TestHost | undefined
let server: ScriptedModelServer | undefined
afterEach(async () => {
  await h?.stop()
  await server?.stop()
  h = server = undefined
})

type Body = { messages: { role: string; content: unknown }[] }
const systemOf = (body: unknown) => (body as Body).messages.filter((message) => message.role === 'system').map((message) => message.content)

describe('instructions through the host API', () => {
  it('sends the default instructions, or the session’s own in their place', async () => {
    const reply = { type: 'text', chunks: ['ok'] } as const
    server = await startScriptedModelServer({ turns: [{ ...reply, chunks: ['ok'] }, { ...reply, chunks: ['ok'] }, { ...reply, chunks: ['ok'] }] })
    h = await startTestHost()
    const client = await h.connectOverWebSocket()
    await selectScriptedModel(client, server.baseUrl)
    await call(client, 'settings_update', { patch: { defaultInstructions: 'Be brief.' } })
    const sent = async (sessionId: string, count: number) => {
      await call(client, 'chat_send', { sessionId, text: `message ${count}` })
      await poll(async () => server!.modelRequests.length, (length) => length >= count, `model request ${count}`)
      await poll(() => read(client, progressUri(sessionId), ProgressResourceSchema), (progress) => progress.turn === null, `turn ${count} to end`)
      return systemOf(server!.modelRequests[count - 1]?.body)
    }
    const session = (await call(client, 'session_create', {})).structuredContent as { id: string }
    expect(await sent(session.id, 1)).toEqual(['Be brief.'])

    const updated = await call(client, 'session_set_instructions', { id: session.id, instructions: 'Answer in French.' })
    expect(updated.structuredContent).toMatchObject({ id: session.id, instructions: 'Answer in French.' })
    const { sessions } = await read(client, HostResource.sessions, SessionsResourceSchema)
    expect(sessions.find((entry) => entry.id === session.id)?.instructions).toBe('Answer in French.')
    expect(await sent(session.id, 2)).toEqual(['Answer in French.'])

    // Empty: back to the default instructions.
    const cleared = await call(client, 'session_set_instructions', { id: session.id, instructions: '' })
    expect((cleared.structuredContent as { instructions?: string }).instructions).toBeUndefined()
    expect(await sent(session.id, 3)).toEqual(['Be brief.'])
  })

  it('refuses instructions that are too long, in words', async () => {
    h = await startTestHost()
    const client = await h.connectOverWebSocket()
    const refused = await client.callTool({ name: 'settings_update', arguments: { patch: { defaultInstructions: 'x'.repeat(20_001) } } })
    expect(refused.isError).toBe(true)
    expect(JSON.stringify(refused.content)).toContain('Keep instructions under 20,000 characters.')
  })
})
