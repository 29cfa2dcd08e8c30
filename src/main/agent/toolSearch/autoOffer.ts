/**
 * "Auto", the default way a session offers tools: every tool directly while the catalog is small —
 * its definitions fit a budget of 10 % of the model's context window (at most 8,000 tokens; 10 % of
 * 32,000 when the window is unknown) and it has at most 40 tools — else found by search. Decided
 * once as a turn starts and kept for the turn, so a list change mid-turn never changes the request's
 * tool section under the provider's prompt cache; it takes effect at the next turn.
 */
import type { CatalogTool } from '../../extensions'
import { offersTools, type PermissionMode } from '../../permissions'
import { visibleToModel } from '../../../shared/appMeta'
import type { ToolOffer } from '../../../shared/hostApi'
import { DEFAULT_TOOL_LIMIT } from '../turn/catalogForTurn'
import type { StoredMessage } from '../session/storedMessage'
import { catalogToolTokens } from './tokenWeight'

/** The share of the context window tool definitions may take when all are offered. */
export const BUDGET_SHARE = 0.1
/** The most tokens of definitions offered directly, however large the window. */
export const MAX_BUDGET = 8_000
/** Assumed for a model whose context window is not known (no row in the model table, no answer from the server). */
export const UNKNOWN_CONTEXT_WINDOW = 32_000

/** How a turn offers tools: all of them directly, or found by search. */
export type OfferedTools = Exclude<ToolOffer, 'auto'>

/** Tokens the catalog's definitions may take to be offered whole, for a model with this context window. */
export function toolBudget(contextWindow: number | undefined): number {
  return Math.min(MAX_BUDGET, Math.floor((contextWindow ?? UNKNOWN_CONTEXT_WINDOW) * BUDGET_SHARE))
}

export interface AutoDecision {
  offered: OfferedTools
  count: number
  /** Tokens of all definitions; not measured when there are more tools than the limit. */
  tokens: number | undefined
  budget: number
  limit: number
}

/** The decision itself: all tools while they fit both the token budget and the tool limit. */
export function decideAuto(catalog: { count: number; tokens: number | undefined }, contextWindow: number | undefined, limit = DEFAULT_TOOL_LIMIT): AutoDecision {
  const budget = toolBudget(contextWindow)
  const fits = catalog.count <= limit && catalog.tokens !== undefined && catalog.tokens <= budget
  return { offered: fits ? 'all' : 'search', count: catalog.count, tokens: catalog.tokens, budget, limit }
}

export interface TurnOfferInput {
  /** The session's choice. */
  choice: ToolOffer
  /** The catalog as it is now (an agent's and hooks' choices already applied). */
  catalog: () => readonly CatalogTool[]
  mode: PermissionMode
  /** The extensions chosen for the session (by a hook, else by the person); "auto" offers only theirs. */
  extensions?: readonly string[]
  contextWindow?: number
  toolLimit?: number
  /** The session's messages so far: how its last step offered tools, for the notice when "auto" changes it. */
  history: readonly StoredMessage[]
}

export interface TurnOffer {
  offered: OfferedTools
  /** The catalog the turn's steps (and `find_tools`) use. */
  catalog: () => readonly CatalogTool[]
  /** Said in the conversation when "auto" offers tools differently from the session's last step. */
  notice?: string
}

/** How this turn offers tools; called once, as the turn starts. */
export function offerForTurn(input: TurnOfferInput): TurnOffer {
  if (input.choice !== 'auto') return { offered: input.choice, catalog: input.catalog }
  const chosen = input.extensions ? new Set(input.extensions) : undefined
  const catalog = chosen ? () => input.catalog().filter((tool) => chosen.has(tool.extensionId)) : input.catalog
  if (!offersTools(input.mode)) return { offered: 'all', catalog }
  const visible = catalog().filter((tool) => visibleToModel(tool.ui))
  const limit = input.toolLimit ?? DEFAULT_TOOL_LIMIT
  // Over the limit the tokens do not matter: no need to measure every definition.
  const tokens = visible.length > limit ? undefined : visible.reduce((total, tool) => total + catalogToolTokens(tool), 0)
  const decision = decideAuto({ count: visible.length, tokens }, input.contextWindow, limit)
  const last = input.history.findLast((message) => message.kind === 'assistant')
  // A session's first turn has nothing to change from. A reply written before "auto" existed (none
  // recorded) was one of a session that found tools as needed, the default then.
  const before = last?.kind === 'assistant' ? (last.toolsOffered ?? 'search') : undefined
  // With no tool to offer, either way offers nothing: nothing worth saying.
  const changed = before !== undefined && before !== decision.offered && visible.length > 0
  return { offered: decision.offered, catalog, ...(changed ? { notice: autoNotice(decision) } : {}) }
}

function autoNotice(decision: AutoDecision): string {
  const count = `${decision.count} ${decision.count === 1 ? 'tool' : 'tools'}`
  const tokens = decision.tokens === undefined ? '' : ` (≈ ${decision.tokens.toLocaleString('en-US')} tokens of definitions)`
  const budget = `at most ${decision.limit} tools and ≈ ${decision.budget.toLocaleString('en-US')} tokens`
  return decision.offered === 'all'
    ? `Tools: all ${count}${tokens} are offered directly from now on; they fit this model's budget (${budget}).`
    : `Tools: the model finds tools as needed from now on; the ${count}${tokens} are more than this model's budget for offering all of them (${budget}). Choose "Offer all tools" in the Tools menu to offer them anyway.`
}
