/**
 * The AI SDK's model-spec types, derived from what `ai` exports: `ai` does not re-export
 * LanguageModelV3 by name, and @ai-sdk/provider is only a transitive dependency, so importing it
 * directly would break the day npm lays node_modules out differently.
 */
import type { wrapLanguageModel } from 'ai'

export type LanguageModelV3 = Parameters<typeof wrapLanguageModel>[0]['model']
export type LanguageModelCallOptions = Parameters<LanguageModelV3['doStream']>[0]
export type LanguageModelGenerateResult = Awaited<ReturnType<LanguageModelV3['doGenerate']>>
export type LanguageModelStreamResult = Awaited<ReturnType<LanguageModelV3['doStream']>>
export type LanguageModelStreamPart = LanguageModelStreamResult['stream'] extends ReadableStream<infer Part> ? Part : never

/** The fetch the providers use; tests and the host may inject their own. */
export type FetchFunction = typeof globalThis.fetch
