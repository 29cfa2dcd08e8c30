/**
 * Reading a session file. Never fatal (docs/architecture.md §9 F21/F22): a torn last line (the process died in
 * the middle of a write, so the line was never acknowledged as committed) and a damaged line in the
 * middle (disk trouble, a hand edit) are skipped and reported; everything readable is returned.
 */
import { readFile } from 'node:fs/promises'
import { StoredMessageSchema, STORED_MESSAGE_VERSION, type StoredMessage } from './storedMessage'

/** A line that was skipped, and why. Line numbers start at 1. */
export type LoadProblem =
  | { kind: 'torn-tail'; line: number; bytes: number; message: string }
  | { kind: 'unreadable-line'; line: number; message: string }
  | { kind: 'newer-version'; line: number; version: number; message: string }

export interface SessionFileContent {
  messages: StoredMessage[]
  problems: LoadProblem[]
}

/** The messages of one session file; a missing file is an empty session. */
export async function readSessionFile(path: string): Promise<SessionFileContent> {
  let data: Buffer
  try {
    data = await readFile(path)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { messages: [], problems: [] }
    throw error
  }
  return parseSessionLines(data)
}

/** Parses JSONL bytes. Split on the byte 0x0a so a torn multi-byte character cannot shift lines. */
export function parseSessionLines(data: Buffer): SessionFileContent {
  const messages: StoredMessage[] = []
  const problems: LoadProblem[] = []
  const seen = new Set<string>()
  let start = 0
  for (let line = 1; start < data.length; line++) {
    const newline = data.indexOf(0x0a, start)
    if (newline === -1) {
      // Only a line that ends in "\n" was ever acknowledged (see sessionAppender.ts), so whatever
      // follows the last newline is a write that never finished.
      const bytes = data.length - start
      problems.push({ kind: 'torn-tail', line, bytes, message: `line ${line}: an unfinished write of ${bytes} bytes at the end was skipped (the app stopped while saving it)` })
      break
    }
    const text = data.subarray(start, newline).toString('utf8')
    start = newline + 1
    if (text.trim() === '') continue
    const parsed = parseLine(text, line)
    if ('problem' in parsed) {
      problems.push(parsed.problem)
      continue
    }
    // A retried append can only duplicate a line if a write succeeded but was reported as failed; keep the first.
    if (seen.has(parsed.message.id)) continue
    seen.add(parsed.message.id)
    messages.push(parsed.message)
  }
  return { messages, problems }
}

function parseLine(text: string, line: number): { message: StoredMessage } | { problem: LoadProblem } {
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch {
    return { problem: { kind: 'unreadable-line', line, message: `line ${line}: not valid JSON, skipped` } }
  }
  const version = (value as { v?: unknown } | null)?.v
  if (typeof version === 'number' && version > STORED_MESSAGE_VERSION) {
    return { problem: { kind: 'newer-version', line, version, message: `line ${line}: written by a newer version of Switchboard (format ${version}), skipped` } }
  }
  const result = StoredMessageSchema.safeParse(value)
  if (!result.success) {
    const issue = result.error.issues[0]
    const where = issue && issue.path.length > 0 ? `${issue.path.join('.')}: ` : ''
    return { problem: { kind: 'unreadable-line', line, message: `line ${line}: not a message this version can read (${where}${issue?.message ?? 'invalid'}), skipped` } }
  }
  return { message: result.data }
}
