/** A first guess at a row's height before it is measured, so the scrollbar barely moves once it is. */
import type { ConversationRow } from './liveTurn'

const LINE = 24
/** Characters per line at the list's width (max-w-3xl). */
const PER_LINE = 88
/** Space below each row (pb-6) plus the bubble's or avatar's padding. */
const ROW_EXTRA = 24 + 22
const CARD = 56

function textLines(text: string): number {
  if (text === '') return 0
  let lines = 0
  for (const paragraph of text.split('\n')) lines += Math.max(1, Math.ceil(paragraph.length / PER_LINE))
  return Math.min(lines, 400)
}

export function estimateRowHeight(row: ConversationRow | undefined): number {
  if (!row) return 80
  if (row.kind === 'user') return ROW_EXTRA + textLines(row.text) * LINE + (row.attachments?.length ? 30 : 0)
  if (row.live) return ROW_EXTRA + textLines(row.live.text) * LINE + row.live.calls.length * CARD + (row.live.status ? LINE : 0)
  const message = row.message
  if (!message) return 80
  return ROW_EXTRA + textLines(message.text) * LINE + message.toolCalls.length * CARD + (message.error ? 96 : 0) + (message.stopped || message.cutOff ? 24 : 0)
}
