/**
 * chat_export: a conversation as Markdown (to read or paste anywhere) or as JSON (every field of the
 * history view, to process), built from the history as the window shows it — what a regenerate or an
 * edit set aside is left out. Saving goes through the system dialog main opens (the window never
 * names a path); browser mode has none, and the window downloads the text instead.
 */
import { writeFile } from 'node:fs/promises'
import type { ChatMessageView, ExportFormat, HistoryResource, HostToolResult, SessionSummary } from '../../../shared/hostApi'

/** The system save dialog (Electron); absent in browser mode. */
export type SavePicker = (request: { title: string; defaultName: string; filters: { name: string; extensions: string[] }[] }) => Promise<{ path: string } | { cancelled: true }>

export const EXPORT_VERSION = 1

const FORMATS = {
  markdown: { extension: 'md', mimeType: 'text/markdown', filter: 'Markdown' },
  json: { extension: 'json', mimeType: 'application/json', filter: 'JSON' },
} as const

/** A file name from the title: letters, digits, spaces and dashes only, never empty. */
export function exportFileName(title: string, format: ExportFormat): string {
  const base = title.replace(/[^\p{L}\p{N} _-]+/gu, ' ').replace(/\s+/g, ' ').trim().slice(0, 80) || 'Conversation'
  return `${base}.${FORMATS[format].extension}`
}

/** A fence longer than any run of backticks in `text`, so the block cannot end early. */
function fenced(text: string, lang = ''): string {
  const longest = Math.max(2, ...[...text.matchAll(/`+/g)].map((run) => run[0].length))
  const fence = '`'.repeat(longest + 1)
  return `${fence}${lang}\n${text}\n${fence}`
}

function toolCallMarkdown(call: Extract<ChatMessageView, { role: 'assistant' }>['toolCalls'][number]): string {
  const lines = [`**Tool call** \`${call.toolName}\` — ${call.state}`, '', fenced(JSON.stringify(call.arguments ?? {}, null, 2), 'json')]
  const text = call.result?.content.flatMap((block) => (block.type === 'text' && typeof block.text === 'string' ? [block.text] : [])).join('\n')
  if (text) lines.push('', 'Result:', '', fenced(text))
  return lines.join('\n')
}

function messageMarkdown(message: ChatMessageView): string | undefined {
  if (message.role === 'user') return `### ${message.from ?? 'You'} · ${message.created}\n\n${message.text}`
  if (message.summary) return `> **Summary of the earlier conversation** (given to the model instead of ${message.summary.covered} messages)\n>\n> ${message.summary.text.replace(/\n/g, '\n> ')}`
  if (message.error) return `> **The turn ended early:** ${message.error}`
  if (message.note) return `> ${message.note.text}`
  const parts = [`### Assistant${message.model ? ` (${message.model})` : ''} · ${message.created}`]
  if (message.text !== '') parts.push(message.text)
  parts.push(...message.toolCalls.map(toolCallMarkdown))
  if (message.stopped) parts.push('_Stopped by the person._')
  if (message.cutOff) parts.push('_Cut off: this reply did not finish._')
  return parts.length > 1 ? parts.join('\n\n') : undefined
}

/** What an export holds of the history: every message (historyView's `'whole'` page) and the usage. */
export type ExportedHistory = Pick<HistoryResource, 'messages' | 'usage'>

export function conversationMarkdown(session: SessionSummary, history: ExportedHistory, exportedAt: Date): string {
  const head = [`# ${session.title}`, '', `_Exported from Switchboard on ${exportedAt.toISOString()} · started ${session.created}_`]
  const body = history.messages.map(messageMarkdown).filter((part): part is string => part !== undefined)
  return `${[head.join('\n'), ...body].join('\n\n')}\n`
}

export function conversationJson(session: SessionSummary, history: ExportedHistory, exportedAt: Date): string {
  const { id, title, created, updated } = session
  return `${JSON.stringify({ format: 'switchboard-conversation', version: EXPORT_VERSION, exportedAt: exportedAt.toISOString(), session: { id, title, created, updated }, usage: history.usage, messages: history.messages }, null, 2)}\n`
}

/** The text of the export, and where it went when `save` asked for the dialog. */
export async function exportConversation(
  session: SessionSummary,
  history: ExportedHistory,
  format: ExportFormat,
  save: { picker?: SavePicker } | undefined,
  now = new Date(),
): Promise<HostToolResult<'chat_export'>> {
  const text = format === 'markdown' ? conversationMarkdown(session, history, now) : conversationJson(session, history, now)
  const fileName = exportFileName(session.title, format)
  const result = { fileName, mimeType: FORMATS[format].mimeType, text }
  if (!save) return result
  if (!save.picker) return { ...result, saved: { unavailable: true } }
  const picked = await save.picker({ title: 'Export conversation', defaultName: fileName, filters: [{ name: FORMATS[format].filter, extensions: [FORMATS[format].extension] }] })
  if ('cancelled' in picked) return { ...result, saved: picked }
  await writeFile(picked.path, text, 'utf8').catch((error: Error) => {
    throw new Error(`Could not save the conversation to ${picked.path} (${error.message}). Export it again and choose a folder you can write to.`)
  })
  return { ...result, saved: { path: picked.path } }
}
