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

export function readJsonFile<S extends z.ZodType>(path: string, schema: S): JsonFileRead<z.output<S>> {
  let text: string
  try {
    text = readFileSync(path, 'utf8')
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { kind: 'missing' }
    throw error
  }
  try {
    // jitless: a file is read once, at open; zod's compiled fast path would cost more to build than
    // this one parse takes (startup: bench/startup.ts), and later parses of the schema compile it if they need it.
    return { kind: 'ok', value: schema.parse(JSON.parse(text), { jitless: true }) }
  } catch (error) {
    return { kind: 'damaged', reason: (error as Error).message.slice(0, 200), movedTo: moveAside(path) }
  }
}
