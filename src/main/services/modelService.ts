/**
 * Model providers as the host serves them (`switchboard://models`): the configured providers and the
 * selected model in `<dataDir>/models.json`, presets, a one-time check for a local Ollama, and the
 * language model new turns use. Keys stay in the keychain as `provider:<id>` secrets.
 */
import { join } from 'node:path'
import { z } from 'zod'
import type { ModelsResource, ProviderView } from '../../shared/hostApi'
import {
  PROVIDER_PRESETS,
  ProviderConfigSchema,
  apiKeySecretName,
  configFromPreset,
  createLanguageModel,
  isLoopbackUrl,
  listModels,
  serverContextWindow,
  type LanguageModelV4,
  type ProviderConfig,
  type RetryNotice,
} from '../agent/providers'
import { writeFileAtomic } from '../storage/atomicFile'
import { singleOfferedModel } from '../../shared/modelOffer'
import { readJsonFile } from '../storage/jsonFile'
import type { SecretStore } from '../secrets/secretStore'

const ModelsFileSchema = z.object({
  version: z.literal(1),
  providers: z.array(ProviderConfigSchema),
  selected: z.object({ providerId: z.string(), modelId: z.string() }).nullable(),
})
type ModelsFile = z.infer<typeof ModelsFileSchema>

export interface ModelService {
  view(): ModelsResource
  save(provider: ProviderConfig): Promise<ProviderView>
  remove(id: string): Promise<void>
  /** Lists the saved provider's models; when it has none and the server offers exactly one, that one is added (`added`). */
  test(id: string): Promise<ConnectionTest>
  /** The same check for a provider not saved yet (the form's Test connection); `key` is used for this request only, never stored. */
  tryConfig(input: unknown, key?: string): Promise<ConnectionTest>
  select(providerId: string, modelId: string): Promise<void>
  /** The model new turns use (or `choice`, an agent's own model), or an Error saying what to set up. */
  selectedModel(onRetry?: (notice: RetryNotice) => void, choice?: { providerId: string; modelId: string }): { model: LanguageModelV4; providerId: string; modelId: string }
  /** The context window the model's server reports (a local Ollama), asked on first use; undefined when it says none. */
  serverContextWindow(providerId: string, modelId: string): Promise<number | undefined>
  onChange(listener: () => void): () => void
  /** Looks for a local Ollama once, in the background (for the first-run screen); a second after the first view() it starts. */
  detectOllama(): Promise<void>
}

export interface ConnectionTest {
  ok: boolean
  models: string[]
  error?: string
  /** The server's only model, added to a provider that had none. */
  added?: string
}

/** How long after the first models view Ollama is looked for (ms). */
const DETECT_OLLAMA_AFTER_MS = 1000

export function createModelService(dataDir: string, secrets: SecretStore, notify: (message: string) => void): ModelService {
  const path = join(dataDir, 'models.json')
  let state: ModelsFile = load(path, notify)
  let ollamaDetected = false
  let ollamaDetection: Promise<void> | undefined
  let detectionSoon: ReturnType<typeof setTimeout> | undefined
  // Not at start: the first request loads Node's fetch (undici), and only the models view shows the answer.
  const detectOllama = () =>
    (ollamaDetection ??= listModels(configFromPreset('ollama'), { getSecret, timeoutMs: 1500 }).then((listing) => {
      ollamaDetected = !listing.error
      if (ollamaDetected) changed()
    }, () => undefined))
  const listeners = new Set<() => void>()
  const changed = () => listeners.forEach((listener) => listener())
  let saving: Promise<void> = Promise.resolve()
  const persist = async () => {
    const text = JSON.stringify(state, null, 2)
    saving = saving.catch(() => undefined).then(() => writeFileAtomic(path, text))
    await saving
    changed()
  }
  const provider = (id: string): ProviderConfig => {
    const found = state.providers.find((candidate) => candidate.id === id)
    if (!found) throw new Error(`No model provider "${id}" is set up; add it in Settings → Models & keys.`)
    return found
  }
  const getSecret = (name: string) => secrets.get(name)
  const viewOf = (config: ProviderConfig): ProviderView => {
    // A server on this machine (Ollama, LM Studio) usually takes no key: "key set" is not asked of it.
    const needsKey = config.kind !== 'openai-compatible' || !isLoopbackUrl(config.baseUrl ?? '')
    return {
      id: config.id,
      kind: config.kind,
      name: config.name ?? config.id,
      baseUrl: config.baseUrl,
      models: config.models ?? [],
      ...(config.modelSettings ? { modelSettings: config.modelSettings } : {}),
      ...(config.api ? { api: config.api } : {}),
      keySet: needsKey ? secrets.knownNames().includes(apiKeySecretName(config)) : undefined,
    }
  }

  const save = async (input: ProviderConfig): Promise<ProviderView> => {
    const config = ProviderConfigSchema.parse(input)
    const index = state.providers.findIndex((candidate) => candidate.id === config.id)
    state = { ...state, providers: index === -1 ? [...state.providers, config] : state.providers.map((p, i) => (i === index ? config : p)) }
    if (!state.selected && config.models?.[0]) state = { ...state, selected: { providerId: config.id, modelId: config.models[0] } }
    await persist()
    return viewOf(config)
  }

  return {
    view: () => {
      // Soon after, not now: the window's first draw reads this view, and loading undici (~100 ms of
      // CPU) would hold up the answer and the other reads of that draw. The view updates once found.
      if (!ollamaDetection && !detectionSoon) detectionSoon = setTimeout(() => void detectOllama(), DETECT_OLLAMA_AFTER_MS).unref()
      return {
        providers: state.providers.map(viewOf),
        presets: Object.entries(PROVIDER_PRESETS).map(([id, preset]) => ({
          id,
          name: preset.name,
          kind: preset.kind,
          baseUrl: 'baseUrl' in preset ? preset.baseUrl : undefined,
          needsKey: preset.apiKey === 'required',
          hint: 'unreachableHint' in preset ? preset.unreachableHint : undefined,
          keyHint: 'keyHint' in preset ? preset.keyHint : undefined,
          keyPlaceholder: 'keyPlaceholder' in preset ? preset.keyPlaceholder : undefined,
          modelExample: 'modelExample' in preset ? preset.modelExample : undefined,
        })),
        selected: state.selected,
        ollamaDetected,
      }
    },
    save,
    async remove(id) {
      provider(id)
      state = { ...state, providers: state.providers.filter((p) => p.id !== id), selected: state.selected?.providerId === id ? null : state.selected }
      await persist()
    },
    async test(id) {
      const config = provider(id)
      const listing = await listModels(config, { getSecret })
      const models = listing.models.map((model) => model.id)
      const added = listing.error ? undefined : singleOfferedModel(config.models ?? [], models)
      if (added) await save({ ...config, models: [added] })
      return { ok: !listing.error, models, ...(listing.error ? { error: listing.error.message } : {}), ...(added ? { added } : {}) }
    },
    async tryConfig(input, key) {
      const config = ProviderConfigSchema.parse(input)
      const typed = key?.trim()
      // A typed key stands in for the stored one, for this one listing only.
      const listing = await listModels(config, { getSecret: typed ? async () => typed : getSecret })
      return { ok: !listing.error, models: listing.models.map((model) => model.id), ...(listing.error ? { error: listing.error.message } : {}) }
    },
    async select(providerId, modelId) {
      provider(providerId)
      state = { ...state, selected: { providerId, modelId } }
      await persist()
    },
    selectedModel(onRetry, choice) {
      const chosen = choice ?? state.selected
      if (!chosen) throw new Error('No model is selected yet. Choose one in Settings → Models & keys.')
      const { providerId, modelId } = chosen
      return { model: createLanguageModel(provider(providerId), modelId, { getSecret, onRetry }), providerId, modelId }
    },
    serverContextWindow: (providerId, modelId) => serverContextWindow(provider(providerId), modelId),
    onChange(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    detectOllama,
  }
}

function load(path: string, notify: (message: string) => void): ModelsFile {
  const read = readJsonFile(path, ModelsFileSchema)
  if (read.kind === 'ok') return read.value
  if (read.kind === 'damaged') {
    notify(`Your model providers could not be read (${read.reason}); the file was moved to ${read.movedTo}. Set them up again in Settings → Models & keys.`)
  }
  return { version: 1, providers: [], selected: null }
}
