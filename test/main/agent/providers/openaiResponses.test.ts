/** An OpenAI provider set to the Responses API talks to the scripted model server's /v1/responses over real HTTP. */
import { describe, expect, it } from 'vitest'
import { generateText, jsonSchema, stepCountIs, tool } from 'ai'
import { createLanguageModel } from '../../../../src/main/agent/providers'
import { collect, KEY, MODEL, providerFor, scriptedServer, secretsOf, stream } from './providerTestKit'

type Body = Record<string, unknown>

const weatherTool = tool({
  description: 'The weather in a city',
  inputSchema: jsonSchema<{ city: string }>({ type: 'object', properties: { city: { type: 'string' } }, required: ['city'] }),
  execute: async ({ city }) => `${city}: 4 degrees`,
})

async function setup(api?: 'responses' | 'chat-completions') {
  const server = await scriptedServer()
  const model = createLanguageModel(providerFor('openai', server.baseUrl, api ? { api } : {}), MODEL, secretsOf({ 'provider:test-openai': KEY }))
  return { server, model }
}

describe('OpenAI provider over the Responses API', () => {
  it('streams text to /v1/responses with the key, and reports the usage of response.completed', async () => {
    const { server, model } = await setup('responses')
    server.push({ type: 'text', chunks: ['Hel', 'lo'], usage: { input: 42, output: 7, cachedInput: 2 } })
    const result = stream({ model, prompt: 'Say hello' })
    const collected = await collect(result)
    expect(collected).toMatchObject({ text: 'Hello', errorParts: [] })
    expect(await result.usage).toMatchObject({ inputTokens: 42, outputTokens: 7, inputTokenDetails: { cacheReadTokens: 2 } })
    const [request] = server.modelRequests
    expect(request?.path).toBe('/v1/responses')
    expect(request?.headers.authorization).toBe(`Bearer ${KEY}`)
    expect(request?.body).toMatchObject({ model: MODEL, stream: true, input: [{ role: 'user', content: [{ type: 'input_text', text: 'Say hello' }] }] })
  })

  it('runs the tool loop: the call streamed in pieces, its result sent back as function_call_output', async () => {
    const { server, model } = await setup('responses')
    server.push(
      { type: 'tool-calls', text: ['Checking.'], calls: [{ name: 'get_weather', args: { city: 'Oslo' }, id: 'call_oslo', pieces: 4 }] },
      { type: 'text', chunks: ['It is 4 degrees.'] },
    )
    const result = stream({ model, prompt: 'Weather in Oslo?', tools: { get_weather: weatherTool }, stopWhen: stepCountIs(3) })
    const collected = await collect(result)
    expect(collected.toolCalls).toEqual([{ toolName: 'get_weather', input: { city: 'Oslo' } }])
    expect(collected.text).toBe('Checking.It is 4 degrees.')
    expect((await result.steps).map((step) => step.finishReason)).toEqual(['tool-calls', 'stop'])
    const [first, second] = server.modelRequests
    expect((first?.body as Body).tools).toMatchObject([{ type: 'function', name: 'get_weather' }])
    expect(second?.path).toBe('/v1/responses')
    expect((second?.body as Body).input).toContainEqual({ type: 'function_call_output', call_id: 'call_oslo', output: expect.stringContaining('Oslo: 4 degrees') })
  })

  it('answers without streaming (generateText)', async () => {
    const { server, model } = await setup('responses')
    server.push({ type: 'text', chunks: ['All ', 'at once'], usage: { input: 5, output: 2 } })
    const result = await generateText({ model, prompt: 'hi', maxRetries: 0 })
    expect(result.text).toBe('All at once')
    expect(result.usage).toMatchObject({ inputTokens: 5, outputTokens: 2 })
    expect(server.modelRequests[0]?.path).toBe('/v1/responses')
  })

  it('names a refused key and a mid-stream error in words', async () => {
    const { server, model } = await setup('responses')
    server.push({ type: 'error', status: 401 }, { type: 'stream-error', chunks: ['Part'], message: 'The server had an error' })
    const refused = await collect(stream({ model, prompt: 'hi' }))
    expect(String(refused.errorParts[0] ?? refused.thrown)).toMatch(/key/i)
    const broken = await collect(stream({ model, prompt: 'hi' }))
    expect(broken.text).toBe('Part')
    expect(String(broken.errorParts[0] ?? broken.thrown)).toContain('The server had an error')
  })

  it('keeps Chat Completions for a config without the choice, and when it says so', async () => {
    for (const api of [undefined, 'chat-completions'] as const) {
      const { server, model } = await setup(api)
      server.push({ type: 'text', chunks: ['Old way'] })
      expect((await collect(stream({ model, prompt: 'hi' }))).text).toBe('Old way')
      expect(server.modelRequests[0]?.path).toBe('/v1/chat/completions')
    }
  })
})
