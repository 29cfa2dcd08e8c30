/** A first guess at a message row's height before it is measured, so the scrollbar barely moves once it is. */
import type { ChatMessageView } from '../../../shared/hostApi'

const LINE = 24
/** Characters per line at the list's width (max-w-3xl). */
const PER_LINE = 88
/** Space below each row (pb-6) plus the bubble's or avatar's padding. */
const ROW_EXTRA = 24 + 22

export function estimateMessageHeight(message: ChatMessageView | undefined): number {
  if (!message) return 80
  let lines = 0
  for (const paragraph of message.text.split('\n')) lines += Math.max(1, Math.ceil(paragraph.length / PER_LINE))
  if (message.text === '') lines = 0
  const cards = message.role === 'assistant' ? message.toolCalls.length * 56 + (message.error ? 96 : 0) + (message.stopped ? 24 : 0) : 0
  return ROW_EXTRA + Math.min(lines, 400) * LINE + cards
}
