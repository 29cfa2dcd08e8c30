/**
 * Per-model settings and output limits, against the scripted model server over real HTTP: the
 * person's temperature and output limit reach the request; an Anthropic model without a setting
 * gets the limit Anthropic's Models API lists for it (not the SDK's 128,000 for models it does not
 * know), and one whose server lists none a limit every Claude model accepts.
 */
import { describe, expect, it } from 'vitest'
import { createLanguageModel } from '../../../../src/main/agent/providers'
import { UNLISTED_ANTHROPIC_MAX_OUTPUT_TOKENS } from '../../../../src/main/agent/providers/outputLimit'
import { composeSystemPrompt } from '../../../../src/main/agent/systemPrompt'
import { collect, KEY, providerFor, scriptedServer, secretsOf, stream } from './providerTestKit'
import type { ScriptedTurn } from '../../../fixtures/modelServer/script'
import { loadAiSdk } from '../../../../src/main/aiSdk/aiSdk'

// These tests drive the models with the AI SDK directly; in the app a turn, sampling or a compaction loads it first (aiSdk.ts).
await loadAiSdk()

type Body = Record<string, unknown>
const reply: ScriptedTurn = { type: 'text', chunks: ['ok'] }

describe('per-model settings', () => {
  it('sends the temperature and output limit the person set for the model (OpenAI-compatible)', async () => {
    const server = await scriptedServer({ turns: [reply, reply] })
    const config = providerFor('openai-compatible', server.baseUrl, { modelSettings: { tuned: { temperature: 0.2, maxOutputTokens: 777 } } })
    await collect(stream({ model: createLanguageModel(config, 'tuned', secretsOf({})), prompt: 'hi' }))
    expect(server.modelRequests[0]?.body).toMatchObject({ temperature: 0.2, max_tokens: 777 })
    // Another model of the same provider keeps the server's defaults.
    await collect(stream({ model: createLanguageModel(config, 'plain', secretsOf({})), prompt: 'hi' }))
    const plain = server.modelRequests[1]?.body as Body
    expect(plain.temperature).toBeUndefined()
    expect(plain.max_tokens).toBeUndefined()
  })

  it('gives an Anthropic model the limit its Models API lists, asked once', async () => {
    const server = await scriptedServer({ turns: [reply, reply], outputLimits: { 'claude-proxy-listed': 8192 } })
    const model = createLanguageModel(providerFor('anthropic', server.baseUrl), 'claude-proxy-listed', secretsOf({ 'provider:test-anthropic': KEY }))
    await collect(stream({ model, prompt: 'hi' }))
    await collect(stream({ model, prompt: 'again' }))
    expect(server.modelRequests.map((request) => (request.body as Body).max_tokens)).toEqual([8192, 8192])
    expect(server.requests.filter((request) => request.path === '/v1/models/claude-proxy-listed')).toHaveLength(1)
  })

  it('gives an Anthropic model its server lists nothing for a limit every Claude model takes, not 128,000', async () => {
    const server = await scriptedServer({ turns: [reply, reply] })
    const secrets = secretsOf({ 'provider:test-anthropic': KEY })
    await collect(stream({ model: createLanguageModel(providerFor('anthropic', server.baseUrl), 'claude-unknown-next', secrets), prompt: 'hi' }))
    expect((server.modelRequests[0]?.body as Body).max_tokens).toBe(UNLISTED_ANTHROPIC_MAX_OUTPUT_TOKENS)
    // The person's own limit wins.
    const tuned = providerFor('anthropic', server.baseUrl, { modelSettings: { 'claude-unknown-next': { maxOutputTokens: 32_000, temperature: 0.5 } } })
    await collect(stream({ model: createLanguageModel(tuned, 'claude-unknown-next', secrets), prompt: 'hi' }))
    // (The SDK drops the temperature for Claude models that take no sampling settings; that is the provider's rule.)
    expect(server.modelRequests[1]?.body).toMatchObject({ max_tokens: 32_000 })
  })
})

describe('composeSystemPrompt', () => {
  it('puts the agent’s instructions first, then the session’s own, or the default ones when it has none', () => {
    expect(composeSystemPrompt({})).toBeUndefined()
    expect(composeSystemPrompt({ defaults: 'Be brief.' })).toBe('Be brief.')
    expect(composeSystemPrompt({ session: 'Answer in French.', defaults: 'Be brief.' })).toBe('Answer in French.')
    expect(composeSystemPrompt({ session: '  ', defaults: 'Be brief.' })).toBe('Be brief.')
    expect(composeSystemPrompt({ agent: 'You review code.', session: 'Answer in French.' })).toBe('You review code.\n\nAnswer in French.')
    expect(composeSystemPrompt({ agent: ' ', session: '', defaults: ' ' })).toBeUndefined()
  })
})
