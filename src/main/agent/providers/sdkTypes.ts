/**
 * The AI SDK's model-spec types, derived from what `ai` exports: `ai` does not re-export
 * LanguageModelV4 by name, and @ai-sdk/provider is only a transitive dependency, so importing it
 * directly would break the day npm lays node_modules out differently. wrapLanguageModel accepts
 * every spec version but returns the current one (v4 since AI SDK 7), which is what the providers build.
 */
import type { wrapLanguageModel } from 'ai'

export type LanguageModelV4 = ReturnType<typeof wrapLanguageModel>
export type LanguageModelCallOptions = Parameters<LanguageModelV4['doStream']>[0]
export type LanguageModelGenerateResult = Awaited<ReturnType<LanguageModelV4['doGenerate']>>
export type LanguageModelStreamResult = Awaited<ReturnType<LanguageModelV4['doStream']>>
export type LanguageModelStreamPart = LanguageModelStreamResult['stream'] extends ReadableStream<infer Part> ? Part : never

/** The fetch the providers use; tests and the host may inject their own. */
export type FetchFunction = typeof globalThis.fetch
