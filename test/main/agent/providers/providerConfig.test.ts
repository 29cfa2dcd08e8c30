/** Provider configs: what the schema refuses, the presets, and how a provider is named in messages. */
import { describe, expect, it } from 'vitest'
import {
  apiKeySecretName,
  classifyProviderError,
  configFromPreset,
  describeProvider,
  PROVIDER_PRESETS,
  ProviderConfigSchema,
} from '../../../../src/main/agent/providers'

function problems(input: unknown): string[] {
  const result = ProviderConfigSchema.safeParse(input)
  return result.success ? [] : result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`)
}

describe('ProviderConfigSchema', () => {
  it('accepts every preset as is', () => {
    for (const id of ['anthropic', 'openai', 'ollama', 'lmstudio', 'gemini', 'openrouter', 'groq', 'mistral', 'deepseek'] as const) {
      expect(problems(configFromPreset(id))).toEqual([])
    }
    // Azure OpenAI's address names the person's resource: saved only once it is filled in.
    expect(problems(configFromPreset('azure'))).toEqual([expect.stringMatching(/^baseUrl: replace YOUR-RESOURCE-NAME with the name of your resource/)])
    expect(problems(configFromPreset('azure', { baseUrl: 'https://contoso.openai.azure.com/openai/v1' }))).toEqual([])
    expect(problems(configFromPreset('custom', { id: 'groq', baseUrl: 'https://api.groq.com/openai/v1' }))).toEqual([])
  })

  it('needs a base URL for an OpenAI-compatible server', () => {
    expect(problems({ id: 'local', kind: 'openai-compatible' })).toEqual([expect.stringMatching(/^baseUrl: an OpenAI-compatible provider needs a base URL/)])
  })

  it('lets only an OpenAI provider choose its API', () => {
    expect(problems({ id: 'x', kind: 'openai', api: 'responses' })).toEqual([])
    expect(problems({ id: 'x', kind: 'openai', api: 'assistants' })).toEqual([expect.stringMatching(/^api: /)])
    expect(problems({ id: 'x', kind: 'anthropic', api: 'responses' })).toEqual([expect.stringMatching(/^api: only an OpenAI provider chooses/)])
  })

  it('refuses credentials in plain headers: keys belong in the keychain', () => {
    expect(problems({ id: 'x', kind: 'openai', headers: { Authorization: 'Bearer sk-…' } })).toEqual([
      expect.stringMatching(/^headers\.Authorization: "Authorization" carries a credential; set the API key in Settings → Models & keys/),
    ])
  })

  it.each([
    [{ id: 'a:b', kind: 'openai' }, /^id: /],
    [{ id: 'x', kind: 'gemini' }, /^kind: /],
    [{ id: 'x', kind: 'openai', baseUrl: 'file:///etc/passwd' }, /^baseUrl: must be an http/],
    [{ id: 'x', kind: 'openai', headers: { 'bad header': 'v' } }, /^headers\.bad header: /],
  ])('refuses %j', (input, expected) => {
    expect(problems(input)).toEqual([expect.stringMatching(expected)])
  })
})

describe('presets', () => {
  it('Ollama and LM Studio run locally without a key', () => {
    expect(PROVIDER_PRESETS.ollama).toMatchObject({ kind: 'openai-compatible', baseUrl: 'http://127.0.0.1:11434/v1', apiKey: 'none' })
    expect(PROVIDER_PRESETS.lmstudio).toMatchObject({ kind: 'openai-compatible', baseUrl: 'http://127.0.0.1:1234/v1', apiKey: 'none' })
  })

  it('the hosted services are reached over https with a key, through the OpenAI-compatible API', () => {
    for (const id of ['gemini', 'openrouter', 'azure', 'groq', 'mistral', 'deepseek'] as const) {
      const preset = PROVIDER_PRESETS[id]
      expect(preset).toMatchObject({ kind: 'openai-compatible', apiKey: 'required' })
      expect(new URL(preset.baseUrl).protocol).toBe('https:')
      expect(preset.keyHint).toBeTruthy()
      expect(describeProvider(configFromPreset(id)).label).toBe(preset.name)
    }
  })

  it('a preset config keeps its key under provider:<id>', () => {
    expect(apiKeySecretName(configFromPreset('anthropic'))).toBe('provider:anthropic')
    expect(apiKeySecretName({ id: 'x', kind: 'openai', apiKeySecret: 'shared-key' })).toBe('shared-key')
  })
})

describe('describeProvider', () => {
  it('names vendors, presets and bare servers', () => {
    expect(describeProvider(configFromPreset('anthropic'))).toEqual({ label: 'Anthropic', baseUrl: 'https://api.anthropic.com/v1' })
    expect(describeProvider({ id: 'mine', kind: 'openai-compatible', baseUrl: 'http://localhost:11434/v1/' })).toMatchObject({
      label: 'Ollama', // recognised by its URL
      baseUrl: 'http://localhost:11434/v1',
      unreachableHint: expect.stringContaining('ollama serve'),
    })
    expect(describeProvider({ id: 'box', kind: 'openai-compatible', baseUrl: 'http://10.0.0.5:8000/v1' }).label).toBe('the server at http://10.0.0.5:8000/v1')
  })
})

describe('classifyProviderError', () => {
  it('classifies what it does not recognise without throwing', () => {
    expect(classifyProviderError(new Error('boom'))).toMatchObject({ kind: 'bad-request', retryable: false })
    expect(classifyProviderError('a string')).toMatchObject({ kind: 'bad-request' })
    expect(classifyProviderError(new DOMException('stop', 'AbortError'))).toMatchObject({ kind: 'cancelled' })
    expect(classifyProviderError(new DOMException('slow', 'TimeoutError'))).toMatchObject({ kind: 'network', retryable: true })
  })
})
