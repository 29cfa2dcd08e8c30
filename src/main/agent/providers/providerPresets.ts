/** Ready-made provider configs for the setup screen, and how a config is described in messages. */
import type { ProviderConfig, ProviderKind } from './providerConfig'
import { RESOURCE_NAME_PLACEHOLDER } from '../../../shared/baseUrlPlaceholder'
import { PROVIDER_REGISTRY } from './providerRegistry'

export interface ProviderPreset {
  name: string
  kind: ProviderKind
  /** Absent for "any base URL": the person types it. */
  baseUrl?: string
  /** Whether the setup screen should ask for a key. */
  apiKey: 'required' | 'optional' | 'none'
  /** Said after "Cannot reach <base URL>", e.g. how to start a local server. */
  unreachableHint?: string
  /** Where a person gets a key for it, shown under the key field. */
  keyHint?: string
  /** What its keys look like, as the key field's placeholder. */
  keyPlaceholder?: string
  /** A model id it serves, for the model field's placeholder. */
  modelExample?: string
}

export const PROVIDER_PRESETS = {
  anthropic: {
    name: 'Anthropic',
    kind: 'anthropic',
    baseUrl: PROVIDER_REGISTRY.anthropic.defaultBaseUrl,
    apiKey: 'required',
    keyHint: 'Create one in the Claude Console (console.anthropic.com → Settings → API keys).',
    keyPlaceholder: 'sk-ant-…',
    modelExample: 'claude-sonnet-4-5',
  },
  openai: {
    name: 'OpenAI',
    kind: 'openai',
    baseUrl: PROVIDER_REGISTRY.openai.defaultBaseUrl,
    apiKey: 'required',
    keyHint: 'Create one on the OpenAI platform (platform.openai.com → API keys).',
    keyPlaceholder: 'sk-…',
    modelExample: 'gpt-4.1-mini',
  },
  ollama: {
    name: 'Ollama',
    kind: 'openai-compatible',
    baseUrl: 'http://127.0.0.1:11434/v1',
    apiKey: 'none',
    unreachableHint: 'Is Ollama running? Start it with "ollama serve" (or open the Ollama app).',
    modelExample: 'llama3.2',
  },
  lmstudio: {
    name: 'LM Studio',
    kind: 'openai-compatible',
    baseUrl: 'http://127.0.0.1:1234/v1',
    apiKey: 'none',
    unreachableHint: 'Is the LM Studio server running? Start it in LM Studio\'s Developer tab or with "lms server start".',
    modelExample: 'qwen2.5-7b-instruct',
  },
  // Hosted services that speak the OpenAI chat-completions API (each vendor documents its
  // OpenAI-compatible address), so the AI SDK's OpenAI-compatible provider serves them all.
  gemini: {
    name: 'Google Gemini',
    kind: 'openai-compatible',
    baseUrl: 'https://generativelanguage.googleapis.com/v1beta/openai',
    apiKey: 'required',
    keyHint: 'Create one in Google AI Studio (aistudio.google.com → Get API key).',
    keyPlaceholder: 'AIza…',
    modelExample: 'gemini-2.5-flash',
  },
  openrouter: {
    name: 'OpenRouter',
    kind: 'openai-compatible',
    baseUrl: 'https://openrouter.ai/api/v1',
    apiKey: 'required',
    keyHint: 'Create one on openrouter.ai → Keys.',
    keyPlaceholder: 'sk-or-…',
    modelExample: 'anthropic/claude-sonnet-4.5',
  },
  azure: {
    name: 'Azure OpenAI',
    kind: 'openai-compatible',
    baseUrl: `https://${RESOURCE_NAME_PLACEHOLDER}.openai.azure.com/openai/v1`,
    apiKey: 'required',
    keyHint: 'In the Azure portal: your Azure OpenAI resource → Keys and Endpoint. Put the resource’s name in the base URL.',
    modelExample: 'your-deployment-name',
  },
  groq: {
    name: 'Groq',
    kind: 'openai-compatible',
    baseUrl: 'https://api.groq.com/openai/v1',
    apiKey: 'required',
    keyHint: 'Create one in the GroqCloud console (console.groq.com → API Keys).',
    keyPlaceholder: 'gsk_…',
    modelExample: 'llama-3.3-70b-versatile',
  },
  mistral: {
    name: 'Mistral',
    kind: 'openai-compatible',
    baseUrl: 'https://api.mistral.ai/v1',
    apiKey: 'required',
    keyHint: 'Create one in Mistral’s console (console.mistral.ai → API Keys).',
    modelExample: 'mistral-large-latest',
  },
  deepseek: {
    name: 'DeepSeek',
    kind: 'openai-compatible',
    baseUrl: 'https://api.deepseek.com/v1',
    apiKey: 'required',
    keyHint: 'Create one on platform.deepseek.com → API keys.',
    keyPlaceholder: 'sk-…',
    modelExample: 'deepseek-chat',
  },
  custom: { name: 'OpenAI-compatible server', kind: 'openai-compatible', apiKey: 'optional' },
} as const satisfies Record<string, ProviderPreset>

export type ProviderPresetId = keyof typeof PROVIDER_PRESETS

/** A config from a preset; `id` defaults to the preset's id (and so the key secret to `provider:<presetId>`). */
export function configFromPreset(presetId: ProviderPresetId, overrides: Partial<ProviderConfig> = {}): ProviderConfig {
  const preset: ProviderPreset = PROVIDER_PRESETS[presetId]
  return { id: presetId, kind: preset.kind, name: preset.name, baseUrl: preset.baseUrl, ...overrides }
}

/** How messages name a provider and where it is. */
export interface ProviderDescription {
  /** "Anthropic", "Ollama", or "the server at http://…" (start a sentence with `capitalize`). */
  label: string
  /** The base URL in use, without a trailing slash. */
  baseUrl: string
  unreachableHint?: string
}

export function describeProvider(config: ProviderConfig): ProviderDescription {
  const baseUrl = resolvedBaseUrl(config)
  // A config made from a preset keeps the preset's id; one typed by hand is recognised by its URL.
  const presets: [string, ProviderPreset][] = Object.entries(PROVIDER_PRESETS)
  const preset = (
    presets.find(([id, candidate]) => id === config.id && candidate.kind === config.kind) ??
    presets.find(([, candidate]) => candidate.kind === config.kind && candidate.baseUrl !== undefined && sameUrl(candidate.baseUrl, baseUrl))
  )?.[1]
  const kindLabel = config.kind === 'openai-compatible' ? `the server at ${baseUrl}` : PROVIDER_REGISTRY[config.kind].label
  return { label: config.name ?? preset?.name ?? kindLabel, baseUrl, unreachableHint: preset?.unreachableHint }
}

/** The config's base URL, or the kind's default, without a trailing slash (the SDK appends "/chat/completions"). */
export function resolvedBaseUrl(config: ProviderConfig): string {
  const url = config.baseUrl ?? PROVIDER_REGISTRY[config.kind].defaultBaseUrl
  // The schema requires a base URL for the kinds without a default; this only guards unchecked input.
  if (!url) throw new Error(`Provider "${config.id}" has no base URL; set one in Settings → Models & keys.`)
  return url.replace(/\/+$/, '')
}

/** Upper-cases the first letter, for labels that start a sentence. */
export function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1)
}

/** A server on this computer (http(s) on a loopback address): such servers usually need no key. */
export function isLoopbackUrl(url: string): boolean {
  try {
    return ['127.0.0.1', 'localhost', '[::1]'].includes(new URL(url).hostname)
  } catch {
    return false
  }
}

function sameUrl(a: string, b: string): boolean {
  const normalize = (url: string): string => url.replace(/\/+$/, '').replace('://localhost', '://127.0.0.1')
  return normalize(a) === normalize(b)
}
