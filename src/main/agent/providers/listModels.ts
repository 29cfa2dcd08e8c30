/**
 * The models a provider offers: the configured list, plus what the server lists at `/models`
 * (OpenAI and OpenAI-compatible: GET /models; Anthropic: GET /v1/models, paged). A failure is a
 * value next to the configured list, so the model picker still works and "test connection" can
 * show the reason.
 */
import { readApiKey, type GetSecret } from './apiKey'
import type { ProviderConfig } from './providerConfig'
import { capitalize, describeProvider } from './providerPresets'
import { PROVIDER_REGISTRY, type ModelListingPage, type ProviderConnection } from './providerRegistry'
import { errorForStatus, ProviderError, SETTINGS_PLACE, translateProviderError, type ClassifiedProviderError, type FailureContext } from './providerErrors'
import type { FetchFunction } from './sdkTypes'
import { formatBytes, formatDuration } from '../../../shared/format'
import { readTextWithin } from '../../extensions/connection/cappedBody'

export interface ListedModel {
  id: string
  displayName?: string
  source: 'configured' | 'server'
}

export interface ModelListing {
  /** Configured models first, then the server's (without duplicates). */
  models: ListedModel[]
  /** Why the server's list is missing, when it is. */
  error?: ClassifiedProviderError
}

export interface ListModelsOptions {
  getSecret: GetSecret
  fetch?: FetchFunction
  /** For the whole listing, all pages included (default 10 s). */
  timeoutMs?: number
  signal?: AbortSignal
}

export const DEFAULT_LIST_MODELS_TIMEOUT_MS = 10_000
/** Bounds a listing whose pages never end (docs/architecture.md §9 F16). */
const MAX_PAGES = 20
/** One page of a model list; the largest real ones (OpenRouter's) are a few MiB. */
const MAX_LISTING_BYTES = 16 * 1024 * 1024

export async function listModels(config: ProviderConfig, options: ListModelsOptions): Promise<ModelListing> {
  const configured: ListedModel[] = (config.models ?? []).map((id) => ({ id, source: 'configured' }))
  try {
    const models = [...configured]
    const known = new Set(configured.map((model) => model.id))
    for (const model of await fetchServerModels(config, options)) {
      if (known.has(model.id)) continue
      known.add(model.id)
      models.push(model)
    }
    return { models }
  } catch (error) {
    const context: FailureContext = describeProvider(config)
    return { models: configured, error: translateProviderError(error, context).toJSON() }
  }
}

async function fetchServerModels(config: ProviderConfig, options: ListModelsOptions): Promise<ListedModel[]> {
  const kind = PROVIDER_REGISTRY[config.kind]
  const provider = describeProvider(config)
  const apiKey = await readApiKey(config, options.getSecret)
  const context: FailureContext = { ...provider, apiKey }
  const connection: ProviderConnection = { baseUrl: provider.baseUrl, apiKey, headers: config.headers ?? {} }
  const timeoutMs = options.timeoutMs ?? DEFAULT_LIST_MODELS_TIMEOUT_MS
  const timeout = AbortSignal.timeout(timeoutMs)
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout
  const fetch = options.fetch ?? globalThis.fetch

  const models: ListedModel[] = []
  const cursors = new Set<string>()
  let cursor: string | undefined
  for (let page = 0; page < MAX_PAGES; page++) {
    const request = kind.modelsRequest(connection, cursor)
    let body: unknown
    try {
      const response = await fetch(request.url, { headers: request.headers, signal })
      const text = await readTextWithin(response, MAX_LISTING_BYTES)
      if (text === undefined) {
        throw new ProviderError('bad-response', `${capitalize(provider.label)} sent more than ${formatBytes(MAX_LISTING_BYTES)} for one page of its model list, so it was not read. Enter the model names in ${SETTINGS_PLACE} by hand.`)
      }
      if (response.status === 404) {
        throw new ProviderError(
          'not-found',
          `${capitalize(provider.label)} does not list its models at ${request.url.split('?')[0]} (HTTP 404). Check the base URL in ${SETTINGS_PLACE}, or enter the model names there by hand.`,
          404,
        )
      }
      if (!response.ok) throw errorForStatus(response.status, { headers: Object.fromEntries(response.headers), body: text }, context)
      body = parseJson(text, provider.label)
    } catch (error) {
      if (timeout.aborted && !options.signal?.aborted) {
        const hint = provider.unreachableHint ?? 'Is the server running, and is the base URL right?'
        throw new ProviderError('network', `Cannot reach ${provider.baseUrl} (no model list within ${formatDuration(timeoutMs)}). ${hint}`)
      }
      throw translateProviderError(error, context)
    }
    const listing = parsePage(() => kind.parseModels(body), provider.label)
    models.push(...listing.models.map((model) => ({ ...model, source: 'server' as const })))
    if (!listing.nextCursor || cursors.has(listing.nextCursor)) break
    cursors.add(listing.nextCursor)
    cursor = listing.nextCursor
  }
  return models
}

function parsePage(parse: () => ModelListingPage, label: string): ModelListingPage {
  try {
    return parse()
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error)
    throw new ProviderError('bad-response', `${capitalize(label)} did not return a model list: ${reason}.`)
  }
}

function parseJson(text: string, label: string): unknown {
  try {
    return JSON.parse(text) as unknown
  } catch {
    throw new ProviderError('bad-response', `${capitalize(label)} did not return a model list: the reply is not JSON.`)
  }
}
