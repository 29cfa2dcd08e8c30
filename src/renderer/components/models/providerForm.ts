/** The add/edit provider form as data: presets to start from, the fields, and what is wrong with them. */
import type { ModelSettings, ModelsResource, OpenAIApi, ProviderView } from '../../../shared/hostApi'
import { deriveId } from '../extensions/add/extensionForm'
import { fillInPlaceholderProblem, RESOURCE_NAME_PLACEHOLDER } from '../../../shared/baseUrlPlaceholder'

export type ProviderKind = ProviderView['kind']
export type Preset = ModelsResource['presets'][number]

export const kindLabels: Record<ProviderKind, string> = {
  anthropic: 'Anthropic API',
  openai: 'OpenAI API',
  'openai-compatible': 'OpenAI-compatible',
}

/** For any server that speaks the OpenAI API, when the host offers no such preset. */
export const customPreset: Preset = {
  id: 'custom',
  name: 'Other OpenAI-compatible server',
  kind: 'openai-compatible',
  needsKey: false,
  hint: 'Any server with an OpenAI-style API at a base URL (vLLM, llama.cpp, OpenRouter…)',
}

/** The host's presets, plus a custom one unless a preset already is one. */
export function presetChoices(presets: readonly Preset[]): Preset[] {
  const hasCustom = presets.some((preset) => preset.kind === 'openai-compatible' && !preset.baseUrl)
  return hasCustom ? [...presets] : [...presets, customPreset]
}

/**
 * The preset a form follows for its hints: the one it was made from, else (editing) the preset of
 * the same vendor kind, or of a local server at the same address.
 */
export function presetOf(form: Pick<ProviderForm, 'presetId' | 'kind' | 'baseUrl'>, presets: readonly Preset[]): Preset | undefined {
  return (
    presets.find((preset) => preset.id === form.presetId) ??
    presets.find((preset) => preset.kind === form.kind && (form.kind !== 'openai-compatible' || (preset.baseUrl !== undefined && preset.baseUrl === form.baseUrl.trim())))
  )
}

export interface ProviderForm {
  presetId: string
  kind: ProviderKind
  name: string
  id: string
  idEdited: boolean
  baseUrl: string
  /** Typed only to be sent; never filled from the host. */
  key: string
  models: string[]
  /** Per model, as typed (see modelSettingsProblems); empty fields mean the default. */
  modelSettings: Record<string, ModelSettingsDraft>
  needsKey: boolean
  /** OpenAI providers: the API they call (sent only for kind `openai`). */
  api: OpenAIApi
}

export interface ModelSettingsDraft {
  temperature: string
  maxOutputTokens: string
}

/** What is wrong with each model's typed settings (model → sentence). */
export function modelSettingsProblems(form: Pick<ProviderForm, 'models' | 'modelSettings'>): Record<string, string> {
  const problems: Record<string, string> = {}
  for (const model of form.models) {
    const draft = form.modelSettings[model]
    if (!draft) continue
    const temperature = draft.temperature.trim()
    const limit = draft.maxOutputTokens.trim()
    if (temperature !== '' && !(Number(temperature) >= 0 && Number(temperature) <= 2)) problems[model] = 'The temperature is a number from 0 to 2, e.g. 0.7.'
    else if (limit !== '' && !(/^\d+$/.test(limit) && Number(limit) >= 1 && Number(limit) <= 1_000_000)) problems[model] = 'The output limit is a whole number of tokens from 1 to 1,000,000.'
  }
  return problems
}

/** The typed settings as provider_save takes them: only the models in the list, only fields that were filled in. */
export function modelSettingsInput(form: Pick<ProviderForm, 'models' | 'modelSettings'>): Record<string, ModelSettings> | undefined {
  const entries = form.models.flatMap((model) => {
    const draft = form.modelSettings[model]
    const temperature = draft?.temperature.trim() ?? ''
    const limit = draft?.maxOutputTokens.trim() ?? ''
    const settings: ModelSettings = { ...(temperature !== '' ? { temperature: Number(temperature) } : {}), ...(limit !== '' ? { maxOutputTokens: Number(limit) } : {}) }
    return Object.keys(settings).length > 0 ? [[model, settings] as const] : []
  })
  return entries.length > 0 ? Object.fromEntries(entries) : undefined
}

function draftsOf(settings: ProviderView['modelSettings']): Record<string, ModelSettingsDraft> {
  return Object.fromEntries(
    Object.entries(settings ?? {}).map(([model, value]) => [model, { temperature: value.temperature?.toString() ?? '', maxOutputTokens: value.maxOutputTokens?.toString() ?? '' }]),
  )
}

export const ID_PATTERN = /^[a-z0-9][a-z0-9-]{0,31}$/

/** An id for a preset that no provider has yet: the preset's own, else with a number. */
export function freeId(base: string, taken: ReadonlySet<string>): string {
  const start = deriveId(base) || 'provider'
  if (!taken.has(start)) return start
  for (let n = 2; ; n += 1) {
    const candidate = `${start.slice(0, 29)}-${n}`
    if (!taken.has(candidate)) return candidate
  }
}

export function formFromPreset(preset: Preset, taken: ReadonlySet<string>): ProviderForm {
  const custom = preset.kind === 'openai-compatible' && !preset.baseUrl
  return {
    presetId: preset.id,
    kind: preset.kind,
    name: custom ? '' : preset.name,
    id: custom ? '' : freeId(preset.id, taken),
    idEdited: false,
    baseUrl: preset.baseUrl ?? '',
    key: '',
    models: [],
    modelSettings: {},
    needsKey: preset.needsKey,
    // New OpenAI providers use the Responses API.
    api: 'responses',
  }
}

export function formFromProvider(provider: ProviderView): ProviderForm {
  return {
    presetId: '',
    kind: provider.kind,
    name: provider.name,
    id: provider.id,
    idEdited: true,
    baseUrl: provider.baseUrl ?? '',
    key: '',
    models: [...provider.models],
    modelSettings: draftsOf(provider.modelSettings),
    needsKey: provider.keySet !== undefined,
    // Saved without the choice: Chat Completions, as the host calls them.
    api: provider.api ?? 'chat-completions',
  }
}

export type Problems = Partial<Record<'name' | 'id' | 'baseUrl' | 'key', string>>

export function formProblems(form: ProviderForm, options: { taken: ReadonlySet<string>; editing: boolean; keySet: boolean }): Problems {
  const problems: Problems = {}
  if (form.name.trim() === '') problems.name = 'Give the provider a name.'
  if (!options.editing) {
    if (form.id === '') problems.id = 'Give the provider an id.'
    else if (!ID_PATTERN.test(form.id)) problems.id = 'Use lower-case letters, digits and "-" (at most 32), e.g. "work-openai".'
    else if (options.taken.has(form.id)) problems.id = `A provider with the id "${form.id}" exists already.`
  }
  const url = form.baseUrl.trim()
  if (url === '') {
    if (form.kind === 'openai-compatible') problems.baseUrl = 'Give the server’s base URL, e.g. http://127.0.0.1:1234/v1.'
  } else if (!isHttpUrl(url)) {
    problems.baseUrl = 'This is not an http:// or https:// URL.'
  } else if (url.includes(RESOURCE_NAME_PLACEHOLDER)) {
    problems.baseUrl = `${capitalized(fillInPlaceholderProblem)}.`
  }
  if (form.needsKey && !options.keySet && form.key.trim() === '') problems.key = 'Paste the API key from your account’s settings.'
  return problems
}

const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1)

function isHttpUrl(text: string): boolean {
  try {
    const url = new URL(text)
    return url.protocol === 'http:' || url.protocol === 'https:'
  } catch {
    return false
  }
}

export const hasProblems = (problems: Problems) => Object.keys(problems).length > 0

/** The provider_save input for the form. */
export function providerInput(form: ProviderForm) {
  const baseUrl = form.baseUrl.trim()
  return {
    id: form.id,
    kind: form.kind,
    name: form.name.trim(),
    ...(baseUrl ? { baseUrl } : {}),
    models: form.models,
    ...(modelSettingsInput(form) ? { modelSettings: modelSettingsInput(form) } : {}),
    ...(form.kind === 'openai' ? { api: form.api } : {}),
  }
}
