/**
 * What the app knows about a model: its context window (for compaction) and its prices (for the cost
 * of a reply). Shipped defaults for common models, overridden and extended by the person's own rows
 * (settings `modelFacts`, Settings → Models & keys → Model prices and limits). A row names a model id
 * or the start of one: "claude-sonnet-4-5" also covers "claude-sonnet-4-5-20250929"; the longest
 * matching row wins, the person's rows before the shipped ones, field by field.
 */
import type { ModelFactsRow } from '../../shared/hostApi'

/** When the shipped prices were taken from the vendors' public price lists (US dollars per million tokens). */
export const DEFAULT_FACTS_DATED = '2025-11-01'

/** The shipped rows: list prices per million tokens (input, output) and context windows in tokens. */
export const DEFAULT_MODEL_FACTS: readonly ModelFactsRow[] = [
  { model: 'claude-opus-4-5', contextWindow: 200_000, inputPrice: 5, outputPrice: 25 },
  { model: 'claude-opus-4-1', contextWindow: 200_000, inputPrice: 15, outputPrice: 75 },
  { model: 'claude-opus-4', contextWindow: 200_000, inputPrice: 15, outputPrice: 75 },
  { model: 'claude-sonnet-4-5', contextWindow: 200_000, inputPrice: 3, outputPrice: 15 },
  { model: 'claude-sonnet-4', contextWindow: 200_000, inputPrice: 3, outputPrice: 15 },
  { model: 'claude-3-7-sonnet', contextWindow: 200_000, inputPrice: 3, outputPrice: 15 },
  { model: 'claude-haiku-4-5', contextWindow: 200_000, inputPrice: 1, outputPrice: 5 },
  { model: 'claude-3-5-haiku', contextWindow: 200_000, inputPrice: 0.8, outputPrice: 4 },
  { model: 'gpt-5', contextWindow: 400_000, inputPrice: 1.25, outputPrice: 10 },
  { model: 'gpt-5-mini', contextWindow: 400_000, inputPrice: 0.25, outputPrice: 2 },
  { model: 'gpt-5-nano', contextWindow: 400_000, inputPrice: 0.05, outputPrice: 0.4 },
  { model: 'gpt-4.1', contextWindow: 1_047_576, inputPrice: 2, outputPrice: 8 },
  { model: 'gpt-4.1-mini', contextWindow: 1_047_576, inputPrice: 0.4, outputPrice: 1.6 },
  { model: 'gpt-4.1-nano', contextWindow: 1_047_576, inputPrice: 0.1, outputPrice: 0.4 },
  { model: 'gpt-4o', contextWindow: 128_000, inputPrice: 2.5, outputPrice: 10 },
  { model: 'gpt-4o-mini', contextWindow: 128_000, inputPrice: 0.15, outputPrice: 0.6 },
  { model: 'o3', contextWindow: 200_000, inputPrice: 2, outputPrice: 8 },
  { model: 'o4-mini', contextWindow: 200_000, inputPrice: 1.1, outputPrice: 4.4 },
]

/** What is known of one model; a field is absent when no row says it. */
export type ModelFacts = Omit<ModelFactsRow, 'model'>

/** The model id without a provider prefix ("openai/gpt-4o" at a router is priced as "gpt-4o"). */
function bareId(modelId: string): string {
  return modelId.slice(modelId.lastIndexOf('/') + 1).toLowerCase()
}

/** Rows matching `modelId`, longest name first. */
function matching(rows: readonly ModelFactsRow[], modelId: string): ModelFactsRow[] {
  const id = bareId(modelId)
  return rows.filter((row) => id.startsWith(row.model.toLowerCase())).sort((a, b) => b.model.length - a.model.length)
}

/** The facts of `modelId`: the person's rows first, then the shipped ones, field by field. */
export function factsFor(modelId: string, custom: readonly ModelFactsRow[] = []): ModelFacts {
  const facts: ModelFacts = {}
  for (const row of [...matching(custom, modelId), ...matching(DEFAULT_MODEL_FACTS, modelId)]) {
    facts.contextWindow ??= row.contextWindow
    facts.inputPrice ??= row.inputPrice
    facts.outputPrice ??= row.outputPrice
  }
  return facts
}

/** The cost of `usage` in US dollars, when both prices are known. */
export function costOf(usage: { input: number; output: number }, facts: ModelFacts): number | undefined {
  if (facts.inputPrice === undefined || facts.outputPrice === undefined) return undefined
  return (usage.input * facts.inputPrice + usage.output * facts.outputPrice) / 1_000_000
}
