/** The API key is read from the keychain (an injected getSecret) at each call, and only from there. */
import { afterEach, describe, expect, it, vi } from 'vitest'
import { classifyProviderError, configFromPreset, createLanguageModel } from '../../../../src/main/agent/providers'
import { errorForStatus } from '../../../../src/main/agent/providers/providerErrors'
import { PROVIDER_REGISTRY } from '../../../../src/main/agent/providers/providerRegistry'
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

  it('builds the AI SDK model once per key: the steps of a turn reuse it, a changed key builds a new one', async () => {
    const server = await scriptedServer({ turns: ['one', 'two', 'three'].map((text) => ({ type: 'text' as const, chunks: [text] })) })
    const secrets = secretsOf({ [secretName]: 'first-key-1111' })
    const built = vi.spyOn(PROVIDER_REGISTRY[kind], 'createModel')
    try {
      const model = createLanguageModel(providerFor(kind, server.baseUrl), MODEL, secrets)
      await collect(stream({ model, prompt: 'hi' }))
      await collect(stream({ model, prompt: 'hi' }))
      // Besides the key-less description (which only says what the model is and never calls), the keyed builds.
      const keysBuiltWith = () => built.mock.calls.map(([connection]) => connection.apiKey).filter((key) => key !== undefined)
      expect(keysBuiltWith()).toEqual(['first-key-1111'])
      secrets.values[secretName] = 'second-key-2222'
      await collect(stream({ model, prompt: 'hi' }))
      expect(keysBuiltWith()).toEqual(['first-key-1111', 'second-key-2222'])
      expect(server.modelRequests.map((request) => keySent(request.headers, kind))).toEqual(['first-key-1111', 'first-key-1111', 'second-key-2222'])
    } finally {
      built.mockRestore()
    }
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

  it('a server on this computer (the Ollama preset, "No key needed") that asks for a key: the 401 says so and how to set one', async () => {
    const server = await scriptedServer({ turns: [{ type: 'error', status: 401, body: { error: { message: 'Unauthorized: missing bearer token' } } }] })
    const model = createLanguageModel(configFromPreset('ollama', { baseUrl: server.baseUrl }), MODEL, secretsOf({}))
    const failure = classifyProviderError(failureOf(await collect(stream({ model, prompt: 'hi' }))))
    expect(failure).toEqual({
      kind: 'auth',
      retryable: false,
      message:
        'Ollama asked for an API key (HTTP 401). Servers on this computer usually need none, so none is set for it. ' +
        'If it does need one, open Settings → Models & keys, choose Edit on Ollama and paste the key into "API key". ' +
        'The server said: "Unauthorized: missing bearer token"',
    })
    expect(failure.message).not.toContain('none is set. Set a valid key')
    expect(server.modelRequests[0]?.headers.authorization).toBeUndefined()
  })

  it('the same server with a key set: the 401 says the key was rejected', async () => {
    const server = await scriptedServer({ turns: [{ type: 'error', status: 401 }] })
    const model = createLanguageModel(configFromPreset('ollama', { baseUrl: server.baseUrl }), MODEL, secretsOf({ 'provider:ollama': 'local-key-4444' }))
    const failure = classifyProviderError(failureOf(await collect(stream({ model, prompt: 'hi' }))))
    expect(failure.message).toBe('Ollama rejected the API key (HTTP 401). Set a valid key for Ollama in Settings → Models & keys.')
  })

  it('a remote openai-compatible server that wants a key: the 401 says none is set', () => {
    // The scripted server only listens on loopback, so the remote case is worded from the status alone.
    const failure = errorForStatus(401, {}, { label: 'Groq', baseUrl: 'https://api.groq.com/openai/v1' })
    expect(failure.message).toBe('Groq needs an API key (HTTP 401) and none is set. Set a valid key for Groq in Settings → Models & keys.')
  })
})

describe('models kept across turns (issue 33)', () => {
  it('a provider without a key: one AI SDK model per provider config and model, whatever the turns; a changed config builds anew', async () => {
    const server = await scriptedServer({ turns: ['one', 'two', 'three'].map((text) => ({ type: 'text' as const, chunks: [text] })) })
    const built = vi.spyOn(PROVIDER_REGISTRY['openai-compatible'], 'createModel')
    try {
      const config = providerFor('openai-compatible', server.baseUrl)
      // Two turns: each makes its own LanguageModel (ModelService.selectedModel), looks at what it is and streams.
      for (const _turn of [1, 2]) {
        const model = createLanguageModel(config, MODEL, secretsOf({}))
        expect(model.provider).toContain('openai')
        expect(await collect(stream({ model, prompt: 'hi' }))).toBeDefined()
      }
      expect(built).toHaveBeenCalledTimes(1)
      const changed = { ...config, headers: { 'X-Team': 'blue' } }
      await collect(stream({ model: createLanguageModel(changed, MODEL, secretsOf({})), prompt: 'hi' }))
      expect(built).toHaveBeenCalledTimes(2)
      expect(server.modelRequests[2]?.headers['x-team']).toBe('blue')
    } finally {
      built.mockRestore()
    }
  })

  it('a provider with a key: the keyed model lives for its turn only (the key is not kept between turns)', async () => {
    const server = await scriptedServer({ turns: ['one', 'two'].map((text) => ({ type: 'text' as const, chunks: [text] })) })
    const built = vi.spyOn(PROVIDER_REGISTRY['openai-compatible'], 'createModel')
    try {
      const config = providerFor('openai-compatible', server.baseUrl, { apiKeySecret: 'kept-key' })
      for (const _turn of [1, 2]) await collect(stream({ model: createLanguageModel(config, MODEL, secretsOf({ 'kept-key': 'turn-key-4444' })), prompt: 'hi' }))
      expect(built.mock.calls.filter(([connection]) => connection.apiKey === 'turn-key-4444')).toHaveLength(2)
    } finally {
      built.mockRestore()
    }
  })
})
