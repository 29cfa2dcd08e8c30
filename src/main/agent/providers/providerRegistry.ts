/**
 * The provider registry: kind → how to build an AI SDK model for it and how to list its models.
 * Deliberately thin; everything else (keys, retries, errors) is shared in languageModel.ts.
 */
import { z } from 'zod'
import { aiSdk } from '../../aiSdk/aiSdk'
import type { ProviderConfig, ProviderKind } from './providerConfig'
import type { FetchFunction, LanguageModelV4 } from './sdkTypes'

/** Everything a factory needs for one call; `apiKey` was read from the keychain just before. */
export interface ProviderConnection {
  baseUrl: string
  apiKey: string | undefined
  headers: Record<string, string>
  fetch?: FetchFunction
}

/** One page of a model listing. */
export interface ModelListingPage {
  models: { id: string; displayName?: string }[]
  /** Cursor for the next page, when the API pages. */
  nextCursor?: string
}

export interface ProviderKindDefinition {
  /** The vendor's name, used when the config names none. */
  label: string
  /** Used when the config has no base URL (the kinds that have a single vendor). */
  defaultBaseUrl?: string
  /** Whether a call without a key is pointless (true for the vendors; local servers need none). */
  requiresKey: boolean
  /** `config` carries per-provider choices (the OpenAI API to call). Needs the AI SDK loaded (loadAiSdk). */
  createModel(connection: ProviderConnection, modelId: string, config: Pick<ProviderConfig, 'api'>): LanguageModelV4
  /** The GET request that lists models (page after `cursor`, if the API pages). */
  modelsRequest(connection: ProviderConnection, cursor?: string): { url: string; headers: Record<string, string> }
  /** Reads one page of the listing; throws when the body is not a listing. */
  parseModels(body: unknown): ModelListingPage
}

/** The Anthropic API version header value the @ai-sdk/anthropic provider also sends. */
const ANTHROPIC_VERSION = '2023-06-01'

export const PROVIDER_REGISTRY: Record<ProviderKind, ProviderKindDefinition> = {
  anthropic: {
    label: 'Anthropic',
    defaultBaseUrl: 'https://api.anthropic.com/v1',
    requiresKey: true,
    createModel: ({ baseUrl, apiKey, headers, fetch }, modelId) =>
      aiSdk().createAnthropic({ baseURL: baseUrl, apiKey, headers, fetch }).languageModel(modelId),
    modelsRequest: ({ baseUrl, apiKey, headers }, cursor) => ({
      url: `${baseUrl}/models?limit=1000${cursor ? `&after_id=${encodeURIComponent(cursor)}` : ''}`,
      headers: { ...headers, 'anthropic-version': ANTHROPIC_VERSION, ...(apiKey ? { 'x-api-key': apiKey } : {}) },
    }),
    parseModels: (body) => {
      const page = listingOf(body)
      const lastId = page.last_id ?? page.data.at(-1)?.id
      return {
        models: page.data.map((model) => ({ id: model.id, displayName: model.display_name })),
        nextCursor: page.has_more && lastId ? lastId : undefined,
      }
    },
  },
  openai: {
    label: 'OpenAI',
    defaultBaseUrl: 'https://api.openai.com/v1',
    requiresKey: true,
    // The Responses API when the config asks for it (new providers from the form do); otherwise Chat
    // Completions, which configs saved before the choice existed keep using.
    createModel: ({ baseUrl, apiKey, headers, fetch }, modelId, { api }) => {
      const openai = aiSdk().createOpenAI({ baseURL: baseUrl, apiKey, headers, fetch })
      return api === 'responses' ? openai.responses(modelId) : openai.chat(modelId)
    },
    modelsRequest: bearerModelsRequest,
    parseModels: (body) => ({ models: listingOf(body).data.map((model) => ({ id: model.id })) }),
  },
  'openai-compatible': {
    label: 'OpenAI-compatible server',
    requiresKey: false,
    createModel: ({ baseUrl, apiKey, headers, fetch }, modelId) =>
      // includeUsage: the server sends its token counts at the end of a stream (stream_options.include_usage), as OpenAI does.
      aiSdk().createOpenAICompatible({ name: 'openai-compatible', baseURL: baseUrl, apiKey, headers, fetch, includeUsage: true }).chatModel(modelId),
    modelsRequest: bearerModelsRequest,
    parseModels: (body) => ({ models: listingOf(body).data.map((model) => ({ id: model.id })) }),
  },
}

function bearerModelsRequest({ baseUrl, apiKey, headers }: ProviderConnection): { url: string; headers: Record<string, string> } {
  return { url: `${baseUrl}/models`, headers: { ...headers, ...(apiKey ? { authorization: `Bearer ${apiKey}` } : {}) } }
}

/** OpenAI, Anthropic, Ollama and LM Studio all answer `{ data: [{ id, … }] }`. */
const ListingSchema = z.object({
  data: z.array(z.unknown()),
  has_more: z.boolean().optional(),
  last_id: z.string().nullish(),
})
/** Longer ids are garbage, not models; dropped rather than shown. */
const MAX_MODEL_ID_LENGTH = 200
const ListedModelSchema = z.object({ id: z.string().min(1).max(MAX_MODEL_ID_LENGTH), display_name: z.string().max(200).optional() })

/** The listing in `body`; entries that are not models are dropped, a body that is no listing throws. */
function listingOf(body: unknown): { data: z.infer<typeof ListedModelSchema>[]; has_more?: boolean; last_id?: string | null } {
  const listing = ListingSchema.safeParse(body)
  if (!listing.success) throw new Error('the reply is not a model list (no "data" array)')
  const data = listing.data.data.flatMap((entry) => {
    const model = ListedModelSchema.safeParse(entry)
    return model.success ? [model.data] : []
  })
  return { ...listing.data, data }
}
