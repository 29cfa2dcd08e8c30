/** Model providers: what the agent loop, the host and the settings screen use. */
export { ProviderConfigSchema, PROVIDER_KINDS, apiKeySecretName, type ProviderConfig, type ProviderKind } from './providerConfig'
export { PROVIDER_PRESETS, configFromPreset, describeProvider, isLoopbackUrl, type ProviderPreset, type ProviderPresetId } from './providerPresets'
export { PROVIDER_REGISTRY } from './providerRegistry'
export { createLanguageModel, type LanguageModelOptions } from './languageModel'
export type { GetSecret } from './apiKey'
export { listModels, DEFAULT_LIST_MODELS_TIMEOUT_MS, type ListedModel, type ListModelsOptions, type ModelListing } from './listModels'
export {
  ProviderError,
  classifyProviderError,
  SETTINGS_PLACE,
  type ClassifiedProviderError,
  type ProviderErrorKind,
} from './providerErrors'
export { DEFAULT_RETRY_POLICY, type RetryNotice, type RetryPolicy } from './retryPolicy'
export type { LanguageModelV4 } from './sdkTypes'
export { supportsNativeToolSearch, nativeToolSearchTool, NATIVE_TOOL_SEARCH, DEFERRED } from './nativeToolSearch'
export { serverContextWindow } from './serverContextWindow'
