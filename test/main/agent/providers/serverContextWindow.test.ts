/**
 * A local model's context window asked of its server (Ollama's POST /api/show), against the scripted
 * model server over real HTTP: asked once per model and address, nothing for models it does not know
 * or providers that are not local, and asked again after the server could not be reached.
 */
import { describe, expect, it } from 'vitest'
import { serverContextWindow } from '../../../../src/main/agent/providers'
import { closedPort, providerFor, scriptedServer } from './providerTestKit'

const shows = (server: { requests: readonly { path: string }[] }) => server.requests.filter((request) => request.path === '/api/show').length

describe('the context window a local server reports', () => {
  it('is the model_info context length Ollama lists for the model, asked once per model', async () => {
    const server = await scriptedServer({ contextLengths: { 'llama3.2:3b': 131_072 } })
    const config = providerFor('openai-compatible', server.baseUrl, { id: 'ollama-once' })
    expect(await serverContextWindow(config, 'llama3.2:3b')).toBe(131_072)
    expect(await serverContextWindow(config, 'llama3.2:3b')).toBe(131_072)
    expect(shows(server)).toBe(1)
    expect(server.requests[0]).toMatchObject({ method: 'POST', body: { model: 'llama3.2:3b' } })
    // A model the server does not know: no window, and that answer is kept too.
    expect(await serverContextWindow(config, 'not-pulled')).toBeUndefined()
    expect(await serverContextWindow(config, 'not-pulled')).toBeUndefined()
    expect(shows(server)).toBe(2)
  })

  it('is not asked of vendors\' APIs, nor of remote servers not named Ollama', async () => {
    const server = await scriptedServer({ contextLengths: { 'scripted-model': 8192 } })
    expect(await serverContextWindow(providerFor('openai', server.baseUrl), 'scripted-model')).toBeUndefined()
    expect(await serverContextWindow(providerFor('anthropic', server.baseUrl), 'scripted-model')).toBeUndefined()
    expect(await serverContextWindow(providerFor('openai-compatible', 'https://api.example.invalid/v1', { name: 'Example' }), 'scripted-model')).toBeUndefined()
    expect(shows(server)).toBe(0)
  })

  it('asks again on the next turn when the server could not be reached', async () => {
    const port = await closedPort()
    const config = providerFor('openai-compatible', `http://127.0.0.1:${port}/v1`, { id: 'ollama-later' })
    expect(await serverContextWindow(config, 'qwen3')).toBeUndefined()
    const server = await scriptedServer({ port, contextLengths: { qwen3: 40_960 } })
    expect(await serverContextWindow(config, 'qwen3')).toBe(40_960)
    expect(shows(server)).toBe(1)
  })
})
