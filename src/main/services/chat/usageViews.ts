/**
 * Tokens and cost as the window shows them: per reply from the provider's counts stored on it, per
 * conversation summed over every stored reply and summary (a regenerated-away reply was paid for
 * too). Costs are worked out when shown, from the model table as it is now (modelFacts.ts), so a
 * price the person corrects applies to the whole history.
 */
import type { ConversationUsage, ModelFactsRow, TokenUsage, UsageView } from '../../../shared/hostApi'
import { costOf, factsFor, type StoredMessage } from '../../agent'

export function usageView(usage: TokenUsage, model: string | undefined, custom: readonly ModelFactsRow[]): UsageView {
  const cost = model === undefined ? undefined : costOf(usage, factsFor(model, custom))
  return { ...usage, ...(cost !== undefined ? { cost } : {}) }
}

/** The conversation's totals; undefined when no stored message carries usage (older sessions, servers that send none). */
export function conversationUsage(messages: readonly StoredMessage[], custom: readonly ModelFactsRow[]): ConversationUsage | undefined {
  let counted = false
  const total: ConversationUsage = { input: 0, output: 0, cost: 0, unpriced: false }
  for (const message of messages) {
    if ((message.kind !== 'assistant' && message.kind !== 'summary') || !message.usage) continue
    counted = true
    const view = usageView(message.usage, message.model, custom)
    total.input += view.input
    total.output += view.output
    if (view.cachedInput) total.cachedInput = (total.cachedInput ?? 0) + view.cachedInput
    if (view.cost === undefined) total.unpriced = true
    else total.cost = (total.cost ?? 0) + view.cost
  }
  if (!counted) return undefined
  // No reply was priced: there is no cost to show, only tokens.
  if (total.unpriced && total.cost === 0) delete total.cost
  return total
}

/** Totals of two parts of a conversation (conversationUsage of each), as conversationUsage of both would be. */
export function addConversationUsage(a: ConversationUsage | undefined, b: ConversationUsage | undefined): ConversationUsage | undefined {
  if (!a || !b) return a ?? b
  const total: ConversationUsage = { input: a.input + b.input, output: a.output + b.output, unpriced: a.unpriced || b.unpriced }
  const cached = (a.cachedInput ?? 0) + (b.cachedInput ?? 0)
  if (a.cachedInput !== undefined || b.cachedInput !== undefined) total.cachedInput = cached
  const cost = (a.cost ?? 0) + (b.cost ?? 0)
  if (!(total.unpriced && cost === 0)) total.cost = cost
  return total
}
