/** The API key is read from the keychain (an injected getSecret) at each call, and only from there. */
import { afterEach, describe, expect, it } from 'vitest'
import { classifyProviderError, createLanguageModel } from '../../../../src/main/agent/providers'
import { collect, failureOf, KINDS, MODEL, providerFor, scriptedServer, secretsOf, stream } from './providerTestKit'

/** The credential header each dialect sends. */
function keySent(headers: Record<string, string | string[] | undefined> | undefined, kind: string): string | undefined {
  const value = kind === 'anthropic' ? headers?.['x-api-key'] : headers?.authorization
  return typeof value === 'string' ? value.replace(/^Bearer /, '') : undefined
}

describe.each(KINDS)('%s provider keys', (kind) => {
  const secretName = `provider:test-${kind}`

  it('reads the key at call time: a key changed between calls is the one sent', async () => {
    const server = await scriptedServer({ turns: [{ type: 'text', chunks: ['one'] }, { type: 'text', chunks: ['two'] }] })
    const secrets = secretsOf({ [secretName]: 'first-key-1111' })
    const model = createLanguageModel(providerFor(kind, server.baseUrl), MODEL, secrets)
    await collect(stream({ model, prompt: 'hi' }))
    secrets.values[secretName] = 'second-key-2222'
    await collect(stream({ model, prompt: 'hi' }))
    expect(server.modelRequests.map((request) => keySent(request.headers, kind))).toEqual(['first-key-1111', 'second-key-2222'])
  })

  it('uses the secret the config names, and sends the configured headers', async () => {
    const server = await scriptedServer({ turns: [{ type: 'text', chunks: ['ok'] }] })
    const config = providerFor(kind, server.baseUrl, { apiKeySecret: 'work-account-key', headers: { 'X-Team': 'blue' } })
    const model = createLanguageModel(config, MODEL, secretsOf({ 'work-account-key': 'named-key-3333', [secretName]: 'wrong' }))
    await collect(stream({ model, prompt: 'hi' }))
    expect(keySent(server.modelRequests[0]?.headers, kind)).toBe('named-key-3333')
    expect(server.modelRequests[0]?.headers['x-team']).toBe('blue')
  })

  it('a keychain that fails is an auth error naming the reason, and nothing is sent', async () => {
    const server = await scriptedServer({ turns: [{ type: 'text', chunks: ['never'] }] })
    const model = createLanguageModel(providerFor(kind, server.baseUrl), MODEL, {
      getSecret: () => Promise.reject(new Error('the keychain is locked')),
    })
    const failure = classifyProviderError(failureOf(await collect(stream({ model, prompt: 'hi' }))))
    expect(failure).toMatchObject({ kind: 'auth', retryable: false })
    expect(failure.message).toContain('the keychain is locked')
    expect(server.modelRequests).toHaveLength(0)
  })
})

describe('a missing key', () => {
  const saved = { openai: process.env.OPENAI_API_KEY, anthropic: process.env.ANTHROPIC_API_KEY }
  afterEach(() => {
    for (const [name, value] of [['OPENAI_API_KEY', saved.openai], ['ANTHROPIC_API_KEY', saved.anthropic]] as const) {
      if (value === undefined) delete process.env[name]
      else process.env[name] = value
    }
  })

  it.each(['openai', 'anthropic'] as const)('%s: says where to set it, sends nothing, and never falls back to the environment', async (kind) => {
    process.env.OPENAI_API_KEY = 'env-key-must-not-be-used'
    process.env.ANTHROPIC_API_KEY = 'env-key-must-not-be-used'
    const server = await scriptedServer({ turns: [{ type: 'text', chunks: ['never'] }] })
    const model = createLanguageModel(providerFor(kind, server.baseUrl), MODEL, secretsOf({}))
    const failure = classifyProviderError(failureOf(await collect(stream({ model, prompt: 'hi' }))))
    expect(failure).toEqual({ kind: 'auth', retryable: false, message: `No API key is set for Test ${kind}. Add one in Settings → Models & keys.` })
    expect(server.modelRequests).toHaveLength(0)
  })

  it('openai-compatible (Ollama, LM Studio): fine, and no authorization header is sent', async () => {
    const server = await scriptedServer({ turns: [{ type: 'text', chunks: ['local'] }] })
    const model = createLanguageModel(providerFor('openai-compatible', server.baseUrl), MODEL, secretsOf({}))
    expect((await collect(stream({ model, prompt: 'hi' }))).text).toBe('local')
    expect(server.modelRequests[0]?.headers.authorization).toBeUndefined()
  })

  it('openai-compatible that wants a key: the 401 says none is set', async () => {
    const server = await scriptedServer({ turns: [{ type: 'error', status: 401 }] })
    const model = createLanguageModel(providerFor('openai-compatible', server.baseUrl, { name: 'Groq' }), MODEL, secretsOf({}))
    const failure = classifyProviderError(failureOf(await collect(stream({ model, prompt: 'hi' }))))
    expect(failure.message).toBe('Groq needs an API key (HTTP 401) and none is set. Set a valid key for Groq in Settings → Models & keys.')
  })
})
