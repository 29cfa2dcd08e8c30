/**
 * Whether a provider is shown as needing a key (`keySet` present) follows isLoopbackUrl: an
 * OpenAI-compatible server on this machine takes none; anything else, or any other kind, does.
 */
import { afterEach, describe, expect, it } from 'vitest'
import { HostResource, ModelsResourceSchema } from '../../../src/shared/hostApi'
import { call, read } from '../../helpers/hostCalls'
import { startTestHost, type TestHost } from '../../helpers/testHost'

let h: TestHost | undefined
afterEach(async () => {
  await h?.stop()
  h = undefined
})

describe('providers that need a key', () => {
  it('asks no key of a local OpenAI-compatible server, and one of remote servers and other kinds', async () => {
    h = await startTestHost()
    const client = await h.connectOverWebSocket()
    const providers = {
      'local-ip': { kind: 'openai-compatible', baseUrl: 'http://127.0.0.1:1234/v1' },
      'local-name': { kind: 'openai-compatible', baseUrl: 'http://localhost' },
      'local-v6': { kind: 'openai-compatible', baseUrl: 'http://[::1]:11434/v1' },
      remote: { kind: 'openai-compatible', baseUrl: 'https://models.example.com/v1' },
      // A host name that only starts like a local one is not local.
      lookalike: { kind: 'openai-compatible', baseUrl: 'http://localhost.example.com/v1' },
      hosted: { kind: 'openai' },
    }
    for (const [id, provider] of Object.entries(providers)) await call(client, 'provider_save', { provider: { id, name: id, models: ['m'], ...provider } })
    const views = (await read(client, HostResource.models, ModelsResourceSchema)).providers
    const needsKey = Object.fromEntries(views.map((view) => [view.id, 'keySet' in view]))
    expect(needsKey).toEqual({ 'local-ip': false, 'local-name': false, 'local-v6': false, remote: true, lookalike: true, hosted: true })
  })
})
