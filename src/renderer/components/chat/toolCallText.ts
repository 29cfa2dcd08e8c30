/** Words for a tool call in the chat: its name without the extension prefix, and a one-line summary of its arguments. */
import { splitNamespacedName } from '../../../shared/toolNames'
import type { ToolCallView } from '../../../shared/hostApi'

export function toolNames(call: ToolCallView): { label: string; extensionId?: string } {
  const split = splitNamespacedName(call.toolName)
  const label = call.title?.trim() || split?.toolPart || call.toolName
  return { label, extensionId: split?.extensionId }
}

/** `text: "hello", count: 3` — the first arguments, cut to one short line. */
export function argumentsSummary(value: unknown, max = 90): string {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    const text = value === undefined ? '' : safeJson(value)
    return text.length > max ? `${text.slice(0, max - 1)}…` : text
  }
  const parts: string[] = []
  let length = 0
  for (const [key, entry] of Object.entries(value)) {
    const shown = typeof entry === 'string' ? JSON.stringify(entry.length > 60 ? `${entry.slice(0, 59)}…` : entry) : safeJson(entry)
    const part = `${key}: ${shown}`
    parts.push(part)
    length += part.length + 2
    if (length > max) break
  }
  const text = parts.join(', ')
  return text.length > max ? `${text.slice(0, max - 1)}…` : text
}

function safeJson(value: unknown): string {
  try {
    return JSON.stringify(value) ?? String(value)
  } catch {
    return String(value)
  }
}
