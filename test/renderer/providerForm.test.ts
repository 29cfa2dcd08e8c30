/** The provider form's logic: which preset's hints it follows, and the one model added without asking. */
import { describe, expect, it } from 'vitest'
import { formFromPreset, formFromProvider, formProblems, presetOf, providerInput, type Preset } from '../../src/renderer/components/models/providerForm'
import { singleOfferedModel } from '../../src/shared/modelOffer'

const presets: Preset[] = [
  { id: 'anthropic', name: 'Anthropic', kind: 'anthropic', baseUrl: 'https://api.anthropic.com/v1', needsKey: true, keyHint: 'Anthropic keys' },
  { id: 'openai', name: 'OpenAI', kind: 'openai', baseUrl: 'https://api.openai.com/v1', needsKey: true },
  { id: 'ollama', name: 'Ollama', kind: 'openai-compatible', baseUrl: 'http://127.0.0.1:11434/v1', needsKey: false },
  { id: 'custom', name: 'Other', kind: 'openai-compatible', needsKey: false },
]

describe('presetOf', () => {
  it('follows the preset the form was made from', () => {
    expect(presetOf({ presetId: 'anthropic', kind: 'anthropic', baseUrl: '' }, presets)?.keyHint).toBe('Anthropic keys')
  })
  it('finds a saved provider’s preset by its vendor kind, or a local server by its address', () => {
    expect(presetOf({ presetId: '', kind: 'anthropic', baseUrl: 'https://proxy.example.com/v1' }, presets)?.id).toBe('anthropic')
    expect(presetOf({ presetId: '', kind: 'openai-compatible', baseUrl: 'http://127.0.0.1:11434/v1 ' }, presets)?.id).toBe('ollama')
    expect(presetOf({ presetId: '', kind: 'openai-compatible', baseUrl: 'http://10.0.0.2:8000/v1' }, presets)).toBeUndefined()
  })
})

describe('the OpenAI API choice', () => {
  it('is the Responses API for a new OpenAI provider, and is sent only for OpenAI', () => {
    const form = formFromPreset(presets[1]!, new Set())
    expect(form.api).toBe('responses')
    expect(providerInput(form)).toMatchObject({ kind: 'openai', api: 'responses' })
    expect(providerInput(formFromPreset(presets[0]!, new Set()))).not.toHaveProperty('api')
    expect(providerInput(formFromPreset(presets[2]!, new Set()))).not.toHaveProperty('api')
  })
  it('keeps Chat Completions for a saved provider without the choice, and shows a saved choice', () => {
    const saved = { id: 'work', kind: 'openai' as const, name: 'Work', models: [] }
    expect(providerInput(formFromProvider(saved))).toMatchObject({ api: 'chat-completions' })
    expect(formFromProvider({ ...saved, api: 'responses' }).api).toBe('responses')
  })
})

describe('singleOfferedModel', () => {
  it('is the only model offered, when none is configured', () => {
    expect(singleOfferedModel([], ['llama3.2'])).toBe('llama3.2')
    expect(singleOfferedModel([], ['a', 'b'])).toBeUndefined()
    expect(singleOfferedModel(['mine'], ['llama3.2'])).toBeUndefined()
    expect(singleOfferedModel([], [])).toBeUndefined()
  })
})

describe('formProblems', () => {
  const azure: Preset = { id: 'azure', name: 'Azure OpenAI', kind: 'openai-compatible', baseUrl: 'https://YOUR-RESOURCE-NAME.openai.azure.com/openai/v1', needsKey: true }
  const options = { taken: new Set<string>(), editing: false, keySet: false }

  it('asks for the resource name in an Azure OpenAI address before anything is saved', () => {
    const form = { ...formFromPreset(azure, new Set()), key: 'k' }
    expect(formProblems(form, options).baseUrl).toMatch(/^Replace YOUR-RESOURCE-NAME with the name of your resource/)
    expect(formProblems({ ...form, baseUrl: 'https://contoso.openai.azure.com/openai/v1' }, options)).toEqual({})
  })
})
