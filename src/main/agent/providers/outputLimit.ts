/**
 * How many tokens a reply may have when the person set no limit for the model. OpenAI and
 * OpenAI-compatible servers need none (their own default applies). Anthropic requires one, and the
 * AI SDK falls back to 128,000 for any Claude model it does not know (a newer model, or one behind a
 * proxy), which smaller models refuse. So the limit is the one Anthropic's Models API lists for the
 * model (`GET /v1/models/{id}` → `max_tokens`), asked once per model and address; when the server
 * lists none, a limit every Claude model accepts.
 */
import { z } from 'zod'
import type { ProviderKind } from './providerConfig'
import { PROVIDER_REGISTRY, type ProviderConnection } from './providerRegistry'

/** For Anthropic models whose server does not list a limit; raise it per model in Settings → Models & keys. */
export const UNLISTED_ANTHROPIC_MAX_OUTPUT_TOKENS = 4096
const LOOKUP_TIMEOUT_MS = 5000

const ModelInfoSchema = z.object({ max_tokens: z.number().int().positive() })

// Per process: the listed limit does not change while the app runs, and a lookup costs a request.
const listed = new Map<string, Promise<number | undefined>>()

/** The default output limit for `modelId` (undefined: leave it to the provider). Never throws. */
export async function defaultMaxOutputTokens(kind: ProviderKind, connection: ProviderConnection, modelId: string): Promise<number | undefined> {
  if (kind !== 'anthropic') return undefined
  const key = `${connection.baseUrl}\n${modelId}`
  let limit = listed.get(key)
  if (!limit) {
    limit = lookUpAnthropicLimit(connection, modelId)
    listed.set(key, limit)
  }
  return (await limit) ?? UNLISTED_ANTHROPIC_MAX_OUTPUT_TOKENS
}

async function lookUpAnthropicLimit(connection: ProviderConnection, modelId: string): Promise<number | undefined> {
  const { headers } = PROVIDER_REGISTRY.anthropic.modelsRequest(connection)
  try {
    const fetch = connection.fetch ?? globalThis.fetch
    const response = await fetch(`${connection.baseUrl}/models/${encodeURIComponent(modelId)}`, { headers, signal: AbortSignal.timeout(LOOKUP_TIMEOUT_MS) })
    if (!response.ok) return undefined
    const info = ModelInfoSchema.safeParse(await response.json())
    return info.success ? info.data.max_tokens : undefined
  } catch {
    // Unreachable or not JSON: the request itself will say what is wrong; this only picks a default.
    return undefined
  }
}
