/**
 * Reading a JSON file that must never stop the app: missing is normal, and a file that does not
 * parse or does not fit its schema is moved aside (never deleted) with the reason, for a notice.
 */
import { readFileSync } from 'node:fs'
import type { z } from 'zod'
import { moveAside } from './atomicFile'

export type JsonFileRead<T> =
  | { kind: 'missing' }
  | { kind: 'ok'; value: T }
  /** `movedTo` is where the damaged file now is (absent if it vanished meanwhile). */
  | { kind: 'damaged'; reason: string; movedTo?: string }

/** From this size on, a file's parse is compiled (about a thousand session summaries). */
const COMPILED_FROM_CHARACTERS = 100_000

export function readJsonFile<S extends z.ZodType>(path: string, schema: S): JsonFileRead<z.output<S>> {
  let text: string
  try {
    text = readFileSync(path, 'utf8')
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { kind: 'missing' }
    throw error
  }
  try {
    // A file is read once, at open: a small one is parsed jitless, as zod's compiled fast path costs more
    // to build than that one parse takes (bench/startup.ts); a large one (a session list of thousands)
    // pays the compile back over its entries (10,000 sessions: ~10% faster compiled).
    return { kind: 'ok', value: schema.parse(JSON.parse(text), { jitless: text.length < COMPILED_FROM_CHARACTERS }) }
  } catch (error) {
    return { kind: 'damaged', reason: (error as Error).message.slice(0, 200), movedTo: moveAside(path) }
  }
}
