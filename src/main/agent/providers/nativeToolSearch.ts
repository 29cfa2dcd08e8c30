/**
 * Anthropic's own tool search (deferred tool loading): the request carries every tool, most marked
 * `defer_loading`, plus the server-side BM25 search tool; the API keeps deferred definitions out of
 * the model's context until its search references them. Chosen for Anthropic models that support it.
 */
import type { Tool } from 'ai'
import { aiSdk } from '../../aiSdk/aiSdk'
import type { LanguageModelV4 } from './sdkTypes'

/** The tool-set key of the search tool (the API's own name for it, so results map back by name). */
export const NATIVE_TOOL_SEARCH = 'tool_search_tool_bm25'

// The SDK's model catalog lists these without tool search (claude-3*, Opus/Sonnet 4.0, Opus 4.1).
const WITHOUT_TOOL_SEARCH = /^claude-(3|opus-4-0|opus-4-1|sonnet-4-0|opus-4-2\d{7}|sonnet-4-2\d{7})/

/** Whether `model` is an Anthropic messages model with native tool search. */
export function supportsNativeToolSearch(model: Pick<LanguageModelV4, 'provider' | 'modelId'>): boolean {
  return model.provider.startsWith('anthropic') && !WITHOUT_TOOL_SEARCH.test(model.modelId)
}

/** The server-executed search tool (never deferred itself); inside a turn, which has loaded the AI SDK. */
export function nativeToolSearchTool(): Tool {
  return aiSdk().anthropic.tools.toolSearchBm25_20251119()
}

/** Provider options that keep a definition out of the context until a search finds it. */
export const DEFERRED = { anthropic: { deferLoading: true } } as const
