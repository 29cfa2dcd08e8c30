/** Model providers through the host API, against the scripted model server over real HTTP. */
import { afterEach, describe, expect, it } from 'vitest'
import type { Client } from '@modelcontextprotocol/client'
import { HostResource, ModelsResourceSchema } from '../../../src/shared/hostApi'
import { startScriptedModelServer, type ScriptedModelServer } from '../../fixtures/modelServer/scriptedModelServer'
import { startTestHost, type TestHost } from '../../helpers/testHost'

let h: TestHost | undefined
let server: ScriptedModelServer | undefined
afterEach(async () => {
  await h?.stop()
  await server?.stop()
  h = server = undefined
})

const models = async (client: Client) => {
  const { contents } = await client.readResource({ uri: HostResource.models })
  return ModelsResourceSchema.parse(JSON.parse((contents[0] as { text: string }).text))
}

describe('model providers through the host API', () => {
  it('adds a provider, tests it against its /models, selects a model, and keeps it across a restart', async () => {
    server = await startScriptedModelServer({ models: ['scripted-a', 'scripted-b'] })
    h = await startTestHost()
    let client = await h.connectOverWebSocket()
    const initial = await models(client)
    expect(initial.providers).toEqual([])
    expect(initial.selected).toBeNull()
    expect(initial.presets.map((preset) => preset.id)).toEqual(expect.arrayContaining(['anthropic', 'openai', 'ollama', 'lmstudio', 'custom']))

    const saved = await client.callTool({ name: 'provider_save', arguments: { provider: { id: 'local', kind: 'openai-compatible', name: 'Local', baseUrl: server.baseUrl, models: [] } } })
    expect(saved.isError).toBeFalsy()
    const tested = await client.callTool({ name: 'provider_test', arguments: { id: 'local' } })
    expect(tested.structuredContent).toEqual({ ok: true, models: ['scripted-a', 'scripted-b'] })
    await client.callTool({ name: 'model_select', arguments: { providerId: 'local', modelId: 'scripted-b' } })
    expect((await models(client)).selected).toEqual({ providerId: 'local', modelId: 'scripted-b' })

    const dataDir = h.dataDir
    await h.stop({ keepData: true })
    h = await startTestHost(dataDir)
    client = await h.connectOverWebSocket()
    const after = await models(client)
    expect(after.providers).toMatchObject([{ id: 'local', kind: 'openai-compatible', baseUrl: server.baseUrl }])
    expect(after.selected).toEqual({ providerId: 'local', modelId: 'scripted-b' })
  })

  it('tests a provider before it is saved, with the key typed into the form, and stores nothing', async () => {
    server = await startScriptedModelServer({ models: ['only-model'] })
    h = await startTestHost()
    const client = await h.connectOverWebSocket()
    const provider = { id: 'unsaved', kind: 'openai', name: 'Unsaved', baseUrl: server.baseUrl, models: [] }
    const tried = await client.callTool({ name: 'provider_try', arguments: { provider, key: 'sk-typed-once' } })
    expect(tried.structuredContent).toEqual({ ok: true, models: ['only-model'] })
    expect(server.requests.at(-1)?.headers.authorization).toBe('Bearer sk-typed-once')
    // Nothing was saved: no provider, no key in the keychain.
    expect((await models(client)).providers).toEqual([])
    const settings = await client.readResource({ uri: HostResource.settings })
    expect((settings.contents[0] as { text: string }).text).not.toContain('provider:unsaved')
    // Without a key, an OpenAI provider is refused before any request, in words.
    const keyless = await client.callTool({ name: 'provider_try', arguments: { provider } })
    expect(keyless.structuredContent).toMatchObject({ ok: false, error: expect.stringMatching(/No API key is set for Unsaved/) })
  })

  it('adds the only model a server offers to a provider that has none', async () => {
    server = await startScriptedModelServer({ models: ['the-one'] })
    h = await startTestHost()
    const client = await h.connectOverWebSocket()
    await client.callTool({ name: 'provider_save', arguments: { provider: { id: 'single', kind: 'openai-compatible', name: 'Single', baseUrl: server.baseUrl } } })
    const tested = await client.callTool({ name: 'provider_test', arguments: { id: 'single' } })
    expect(tested.structuredContent).toEqual({ ok: true, models: ['the-one'], added: 'the-one' })
    const after = await models(client)
    expect(after.providers[0]?.models).toEqual(['the-one'])
    expect(after.selected).toEqual({ providerId: 'single', modelId: 'the-one' })
    // With a model already configured, nothing more is added.
    server.setModelListing({ type: 'models', ids: ['another'] })
    const again = await client.callTool({ name: 'provider_test', arguments: { id: 'single' } })
    expect(again.structuredContent).toEqual({ ok: true, models: ['the-one', 'another'] })
    expect((await models(client)).providers[0]?.models).toEqual(['the-one'])
  })

  it('gives each preset its own hints: the Anthropic preset speaks of Anthropic keys and models', async () => {
    h = await startTestHost()
    const client = await h.connectOverWebSocket()
    const { presets } = await models(client)
    expect(presets.find((preset) => preset.id === 'anthropic')).toMatchObject({
      baseUrl: 'https://api.anthropic.com/v1',
      keyHint: expect.stringContaining('console.anthropic.com'),
      keyPlaceholder: 'sk-ant-…',
      modelExample: expect.stringMatching(/^claude-/),
    })
    expect(presets.find((preset) => preset.id === 'openai')).toMatchObject({ keyHint: expect.stringContaining('platform.openai.com'), modelExample: expect.stringMatching(/^gpt-/) })
  })

  it('detects a local Ollama at its default address for the first-run screen', async () => {
    // The scripted server stands in for Ollama on its usual port (it speaks the same OpenAI-compatible /v1/models).
    server = await startScriptedModelServer({ models: ['llama3.2'], port: 11434 })
    h = await startTestHost()
    const client = await h.connectOverWebSocket()
    await expect.poll(async () => (await models(client)).ollamaDetected, { timeout: 5000 }).toBe(true)
  })

  it('says what is wrong: unknown provider, unreachable server, bad config', async () => {
    h = await startTestHost()
    const client = await h.connectOverWebSocket()
    const missing = await client.callTool({ name: 'model_select', arguments: { providerId: 'nope', modelId: 'x' } })
    expect((missing.content as { text: string }[])[0]?.text).toMatch(/No model provider "nope".*Models & keys/)
    await client.callTool({ name: 'provider_save', arguments: { provider: { id: 'gone', kind: 'openai-compatible', name: 'Gone', baseUrl: 'http://127.0.0.1:9/v1' } } })
    const unreachable = await client.callTool({ name: 'provider_test', arguments: { id: 'gone' } })
    expect(unreachable.structuredContent).toMatchObject({ ok: false, error: expect.stringMatching(/127\.0\.0\.1:9/) })
    const bad = await client.callTool({ name: 'provider_save', arguments: { provider: { id: 'Bad Id', kind: 'openai', name: 'x' } } })
    expect(bad.isError).toBe(true)
  })
})
