/**
 * The progress resource as deltas: a reader that names what it holds of the step's text
 * (progressSinceUri) gets only what follows; anything that does not fit gets the whole text.
 */
import { afterEach, describe, expect, it } from 'vitest'
import { ProgressResourceSchema, progressSinceUri, progressUri, type ProgressSince } from '../../../src/shared/hostApi'
import { startScriptedModelServer, type ScriptedModelServer } from '../../fixtures/modelServer/scriptedModelServer'
import { call, poll, read } from '../../helpers/hostCalls'
import { startTestHost, type TestHost } from '../../helpers/testHost'
import { expectNoChildren } from '../extensions/harness'

let host: TestHost | undefined
let model: ScriptedModelServer | undefined
afterEach(async () => {
  await host?.stop()
  host = undefined
  await model?.stop()
  model = undefined
  await expectNoChildren()
})

describe('progress since what the reader holds', () => {
  it('sends only the text that follows, and the whole text when the reader holds something else', async () => {
    model = await startScriptedModelServer({ turns: [{ type: 'stall', chunks: ['Hello ', 'there, ', 'friend'] }] })
    host = await startTestHost()
    const client = await host.connectOverWebSocket()
    await call(client, 'provider_save', { provider: { id: 'scripted', kind: 'openai-compatible', name: 'Scripted', baseUrl: model.baseUrl, models: ['scripted-model'] } })
    const { sessionId } = (await call(client, 'chat_send', { text: 'hello' })).structuredContent as { sessionId: string }
    const whole = await poll(() => read(client, progressUri(sessionId), ProgressResourceSchema), (p) => p.turn?.text === 'Hello there, friend', 'the streamed text')
    const { turnId, step } = whole.turn!
    expect(whole.turn?.textFrom).toBeUndefined()
    const since = (held: Partial<ProgressSince>) => read(client, progressSinceUri(sessionId, { turnId, step, length: 6, ...held }), ProgressResourceSchema)

    // What follows the 6 characters held; the rest of the progress is as usual.
    const delta = await since({})
    expect(delta.turn).toMatchObject({ turnId, step, status: 'streaming', text: 'there, friend', textFrom: 6 })
    expect((await since({ length: 19 })).turn).toMatchObject({ text: '', textFrom: 19 })

    // Another turn, another step, or more than there is: the whole text.
    for (const held of [{ turnId: 'another-turn' }, { step: step + 1 }, { length: 20 }]) {
      const full = await since(held)
      expect(full.turn).toMatchObject({ text: 'Hello there, friend' })
      expect(full.turn?.textFrom).toBeUndefined()
    }
    // A `since` that is not one is ignored.
    const garbled = await read(client, `${progressUri(sessionId)}?since=garbage`, ProgressResourceSchema)
    expect(garbled.turn).toMatchObject({ text: 'Hello there, friend' })
    expect(garbled.turn?.textFrom).toBeUndefined()

    await call(client, 'chat_cancel', { sessionId })
    await poll(() => since({}), (p) => p.turn === null, 'the idle progress')
  })
})
