/** In the conversation's header: the tokens it has used so far and, when the prices are known, what they cost. */
import { formatCost } from '../../../shared/format'
import type { ConversationUsage } from '../../../shared/hostApi'

export function ConversationUsageBadge({ usage }: { usage: ConversationUsage }) {
  const tokens = (usage.input + usage.output).toLocaleString('en-US')
  const cost = usage.cost === undefined ? '' : ` · ${formatCost(usage.cost)}${usage.unpriced ? '+' : ''}`
  const title =
    `${usage.input.toLocaleString('en-US')} input and ${usage.output.toLocaleString('en-US')} output tokens, as counted by the provider` +
    (usage.unpriced ? '. Some replies came from models without known prices; add them in Settings → Models & keys → Model prices and limits.' : '.')
  return (
    <span role="status" aria-label="Conversation usage" title={title} className="shrink-0 rounded-full bg-zinc-100 px-2 py-0.5 text-[11px] text-zinc-600 tabular-nums dark:bg-zinc-800 dark:text-zinc-300">
      {tokens} tokens{cost}
    </span>
  )
}
