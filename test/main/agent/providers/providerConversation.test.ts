/** Each provider kind holds a conversation with the scripted model server over real HTTP. */
import { describe, expect, it } from 'vitest'
import { generateText, jsonSchema, stepCountIs, tool } from 'ai'
import { createLanguageModel, type ProviderKind } from '../../../../src/main/agent/providers'
import { collect, KEY, KINDS, MODEL, providerFor, scriptedServer, secretsOf, stream } from './providerTestKit'

const weatherTool = tool({
  description: 'The weather in a city',
  inputSchema: jsonSchema<{ city: string }>({ type: 'object', properties: { city: { type: 'string' } }, required: ['city'] }),
})

type Body = Record<string, unknown>

/** Tool names in a request body, in either dialect. */
function toolNamesSent(body: unknown, kind: ProviderKind): string[] {
  const tools = ((body as Body).tools ?? []) as Body[]
  return tools.map((entry) => (kind === 'anthropic' ? entry.name : (entry.function as Body).name) as string)
}

/** Tool results in a request body, as {id, text}, in either dialect. */
function toolResultsSent(body: unknown, kind: ProviderKind): { id: string; text: string }[] {
  const messages = (body as Body).messages as Body[]
  if (kind !== 'anthropic') {
    return messages.filter((m) => m.role === 'tool').map((m) => ({ id: m.tool_call_id as string, text: JSON.stringify(m.content) }))
  }
  return messages
    .flatMap((m) => (Array.isArray(m.content) ? (m.content as Body[]) : []))
    .filter((part) => part.type === 'tool_result')
    .map((part) => ({ id: part.tool_use_id as string, text: JSON.stringify(part.content) }))
}

describe.each(KINDS)('%s provider against the scripted model server', (kind) => {
  async function setup() {
    const server = await scriptedServer()
    const secrets = secretsOf({ [`provider:test-${kind}`]: KEY })
    const model = createLanguageModel(providerFor(kind, server.baseUrl), MODEL, secrets)
    return { server, model }
  }

  it('streams a plain reply', async () => {
    const { server, model } = await setup()
    server.push({ type: 'text', chunks: ['Hel', 'lo', ', world'] })
    const result = await collect(stream({ model, prompt: 'Say hello' }))
    expect(result.text).toBe('Hello, world')
    expect(result.errorParts).toEqual([])
    const [request] = server.modelRequests
    expect(request?.path).toBe(kind === 'anthropic' ? '/v1/messages' : '/v1/chat/completions')
    expect(request?.body).toMatchObject({ model: MODEL, stream: true })
    expect(JSON.stringify(request?.body)).toContain('Say hello')
  })

  it('answers without streaming (generateText)', async () => {
    const { server, model } = await setup()
    server.push({ type: 'text', chunks: ['All ', 'at once'] })
    const result = await generateText({ model, prompt: 'hi', maxRetries: 0 })
    expect(result.text).toBe('All at once')
    expect((server.modelRequests[0]?.body as Body).stream).not.toBe(true)
  })

  it('makes one tool call, its arguments streamed in pieces, and was sent the tool', async () => {
    const { server, model } = await setup()
    server.push({ type: 'tool-calls', calls: [{ name: 'get_weather', args: { city: 'Paris' }, pieces: 4 }] })
    const result = await collect(stream({ model, prompt: 'Weather in Paris?', tools: { get_weather: weatherTool } }))
    expect(result.toolCalls).toEqual([{ toolName: 'get_weather', input: { city: 'Paris' } }])
    expect(toolNamesSent(server.modelRequests[0]?.body, kind)).toEqual(['get_weather'])
  })

  it('makes parallel tool calls in one step, in order', async () => {
    const { server, model } = await setup()
    server.push({
      type: 'tool-calls',
      text: ['Checking both.'],
      calls: [
        { name: 'get_weather', args: { city: 'Paris' } },
        { name: 'get_weather', args: { city: 'Rome' } },
      ],
    })
    const result = await collect(stream({ model, prompt: 'Paris and Rome?', tools: { get_weather: weatherTool } }))
    expect(result.text).toBe('Checking both.')
    expect(result.toolCalls.map((call) => call.input)).toEqual([{ city: 'Paris' }, { city: 'Rome' }])
  })

  it('sends the tool result back on the next step', async () => {
    const { server, model } = await setup()
    server.push(
      { type: 'tool-calls', calls: [{ name: 'get_weather', args: { city: 'Oslo' }, id: 'call_oslo' }] },
      { type: 'text', chunks: ['It is 4 degrees in Oslo.'] },
    )
    const withExecute = tool({ ...weatherTool, execute: async ({ city }: { city: string }) => `${city}: 4 degrees, rain` })
    const result = await collect(
      stream({ model, prompt: 'Oslo?', tools: { get_weather: withExecute }, stopWhen: stepCountIs(2) }),
    )
    expect(result.text).toBe('It is 4 degrees in Oslo.')
    expect(server.modelRequests).toHaveLength(2)
    const [sent] = toolResultsSent(server.modelRequests[1]?.body, kind)
    expect(sent?.id).toBe('call_oslo')
    expect(sent?.text).toContain('Oslo: 4 degrees, rain')
  })
})
