/**
 * The model the agent loop talks to: an AI SDK LanguageModelV4 for a configured provider that reads
 * the API key from the keychain at each call (so a key changed in settings applies to the next
 * message without rebuilding anything), retries rate limits and server errors itself, and fails
 * only with ProviderErrors whose messages a person can act on. Each call carries the person's
 * settings for the model (temperature, output limit) and, for Anthropic, the model's own limit.
 */
import { readApiKey, type GetSecret } from './apiKey'
import type { ProviderConfig } from './providerConfig'
import { describeProvider } from './providerPresets'
import { PROVIDER_REGISTRY, type ProviderConnection } from './providerRegistry'
import { translateProviderError, type FailureContext } from './providerErrors'
import { DEFAULT_RETRY_POLICY, withRetries, type RetryNotice, type RetryPolicy } from './retryPolicy'
import type { FetchFunction, LanguageModelCallOptions, LanguageModelV4 } from './sdkTypes'
import { translateStreamErrors } from './translateStream'
import { defaultMaxOutputTokens } from './outputLimit'
import { loadAiSdk } from '../../aiSdk/aiSdk'

export interface LanguageModelOptions {
  getSecret: GetSecret
  /** Defaults to the global fetch. */
  fetch?: FetchFunction
  /** Overrides parts of DEFAULT_RETRY_POLICY. */
  retry?: Partial<RetryPolicy>
  /** Called before each retry wait. */
  onRetry?: (notice: RetryNotice) => void
}

/**
 * Key-less AI SDK models by provider config and model id, kept across turns: every turn makes its
 * LanguageModel (ModelService.selectedModel), and building the AI SDK model, then compiling its
 * response schemas on the first chunk, is about 1 ms of the turn's CPU (issue 33). Nothing secret is
 * in them; a changed provider is a new config object (ModelService replaces it), so it builds anew.
 * With an injected fetch (tests, probes) nothing is kept.
 */
const keylessModels = new WeakMap<ProviderConfig, Map<string, LanguageModelV4>>()

function keylessModel(config: ProviderConfig, modelId: string, fetch: FetchFunction | undefined, build: () => LanguageModelV4): LanguageModelV4 {
  if (fetch) return build()
  let models = keylessModels.get(config)
  if (!models) keylessModels.set(config, (models = new Map()))
  let model = models.get(modelId)
  if (!model) models.set(modelId, (model = build()))
  return model
}

/**
 * The model `modelId` of the provider `config`. Pass `maxRetries: 0` to streamText/generateText:
 * this model retries on its own (see retryPolicy.ts for why).
 */
export function createLanguageModel(config: ProviderConfig, modelId: string, options: LanguageModelOptions): LanguageModelV4 {
  const kind = PROVIDER_REGISTRY[config.kind]
  const provider = describeProvider(config)
  const policy: RetryPolicy = { ...DEFAULT_RETRY_POLICY, ...options.retry }
  const connection = (apiKey: string | undefined): ProviderConnection => ({
    baseUrl: provider.baseUrl,
    apiKey,
    headers: config.headers ?? {},
    fetch: options.fetch,
  })
  // Built without a key, only to answer what the model is and which URLs it accepts (and, for a
  // provider without a key, to call with). Made on first look: only the AI SDK looks, so it is loaded
  // by then (and a start never loads it). Kept across turns (keylessModels).
  let description: LanguageModelV4 | undefined
  const described = () => (description ??= keylessModel(config, modelId, options.fetch, () => kind.createModel(connection(undefined), modelId, config)))
  // The AI SDK model for the key read at a call, kept while the key stays the same: building one
  // (its response schemas) costs about 2 ms of CPU, and a turn makes one call per step. This object
  // lives for one turn (modelService.selectedModel), so the key stays in memory no longer than that,
  // and a key changed in settings still applies to the very next call.
  let built: { apiKey: string | undefined; model: LanguageModelV4 } | undefined
  // A provider without a key (a local server) calls with the model that answered what it is: one build a turn, not two.
  const modelFor = (apiKey: string | undefined) =>
    built && built.apiKey === apiKey ? built.model : (built = { apiKey, model: apiKey === undefined ? described() : kind.createModel(connection(apiKey), modelId, config) }).model

  async function call<Result>(
    callOptions: LanguageModelCallOptions,
    run: (model: LanguageModelV4, callOptions: LanguageModelCallOptions) => PromiseLike<Result>,
  ): Promise<{ result: Result; context: FailureContext }> {
    const apiKey = await readApiKey(config, options.getSecret)
    await loadAiSdk()
    const model = modelFor(apiKey)
    const context: FailureContext = { ...provider, modelId, apiKey }
    // The person's settings for this model, then its default limit; a caller's own values win.
    const settings = config.modelSettings?.[modelId]
    const temperature = callOptions.temperature ?? settings?.temperature
    const maxOutputTokens = callOptions.maxOutputTokens ?? settings?.maxOutputTokens ?? (await defaultMaxOutputTokens(config.kind, connection(apiKey), modelId))
    const tuned: LanguageModelCallOptions = { ...callOptions, ...(temperature !== undefined ? { temperature } : {}), ...(maxOutputTokens !== undefined ? { maxOutputTokens } : {}) }
    const result = await withRetries(() => run(model, tuned), {
      policy,
      signal: callOptions.abortSignal,
      translate: (error) => translateProviderError(error, context),
      onRetry: options.onRetry,
    })
    return { result, context }
  }

  return {
    specificationVersion: 'v4',
    get provider() {
      return described().provider
    },
    modelId,
    get supportedUrls() {
      return described().supportedUrls
    },
    doGenerate: async (callOptions) => (await call(callOptions, (model, o) => model.doGenerate(o))).result,
    doStream: async (callOptions) => {
      const { result, context } = await call(callOptions, (model, o) => model.doStream(o))
      const streamContext: FailureContext = { ...context, phase: 'stream' }
      return { ...result, stream: translateStreamErrors(result.stream, (error) => translateProviderError(error, streamContext)) }
    },
  }
}
