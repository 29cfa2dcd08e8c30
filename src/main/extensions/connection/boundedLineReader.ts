/**
 * Reads JSON-RPC messages from a child's stdout, one per line, with bounded memory.
 *
 * Replaces the SDK's ReadBuffer (same three methods) because that one concatenates the whole buffer
 * on every chunk and rescans it for a newline (quadratic on a multi-MB result), throws on every
 * non-JSON line, and reports an overflow as a generic error. Here:
 * - F7: a line that is not JSON is dropped and reported, the stream goes on;
 * - F8: JSON that is not a JSON-RPC message is dropped and reported;
 * - F9: a line longer than the cap (or one that never ends) throws `MessageTooLargeError`; the
 *   transport then closes, and at most `maxMessageBytes` plus one chunk was ever held;
 * - F12: parsing stops after `turnBudgetMs` of work in one turn of the event loop and reports a
 *   backlog, so the transport can pause stdout and continue on a later turn: a flooding server is
 *   slowed down instead of freezing main.
 */
import type { JSONRPCMessage } from '@modelcontextprotocol/client'
import { JSONRPCMessageSchema } from '@modelcontextprotocol/core'

export class MessageTooLargeError extends Error {
  constructor(readonly limitBytes: number) {
    super(`message too large: the server wrote a line over ${limitBytes} bytes on stdout, so the connection was closed`)
    this.name = 'MessageTooLargeError'
  }
}

export type StdoutProblem = { kind: 'not-json'; sample: string } | { kind: 'not-json-rpc'; sample: string; reason: string }

const sampleLength = 200
const newline = 0x0a

export class BoundedLineReader {
  /** Pieces of the line that is still arriving. */
  private partial: Buffer[] = []
  private partialBytes = 0
  /** Complete lines not yet parsed. */
  private lines: Buffer[] = []

  private turnStart = 0

  constructor(
    private readonly maxMessageBytes: number,
    private readonly onProblem: (problem: StdoutProblem) => void,
    /** Called when `readMessage` stopped early with lines left; the caller continues later. */
    private readonly onBacklog: () => void = () => {},
    private readonly turnBudgetMs = 4,
  ) {}

  /** Complete lines are waiting to be parsed. */
  get hasBacklog(): boolean {
    return this.lines.length > 0
  }

  /** Starts a new time budget (a new turn of the event loop). */
  beginTurn(): void {
    this.turnStart = performance.now()
  }

  append(chunk: Buffer): void {
    this.beginTurn()
    let start = 0
    for (let at = chunk.indexOf(newline); at !== -1; at = chunk.indexOf(newline, start)) {
      const piece = chunk.subarray(start, at)
      const lineBytes = this.partialBytes + piece.length
      if (lineBytes > this.maxMessageBytes) this.overflow()
      this.lines.push(this.partial.length === 0 ? piece : Buffer.concat([...this.partial, piece], lineBytes))
      this.partial = []
      this.partialBytes = 0
      start = at + 1
    }
    if (start < chunk.length) {
      this.partial.push(chunk.subarray(start))
      this.partialBytes += chunk.length - start
      if (this.partialBytes > this.maxMessageBytes) this.overflow()
    }
  }

  /** The next valid message, or null when no complete line is left or this turn's budget is spent. Never throws. */
  readMessage(): JSONRPCMessage | null {
    if (this.lines.length > 0 && performance.now() - this.turnStart > this.turnBudgetMs) {
      this.onBacklog()
      return null
    }
    for (let line = this.lines.shift(); line !== undefined; line = this.lines.shift()) {
      const text = line.toString('utf8').replace(/\r$/, '')
      if (text.trim() === '') continue
      let json: unknown
      try {
        json = JSON.parse(text)
      } catch {
        this.onProblem({ kind: 'not-json', sample: text.slice(0, sampleLength) })
        continue
      }
      const parsed = JSONRPCMessageSchema.safeParse(json)
      if (parsed.success) return parsed.data
      this.onProblem({ kind: 'not-json-rpc', sample: text.slice(0, sampleLength), reason: parsed.error.issues[0]?.message ?? 'invalid' })
    }
    return null
  }

  clear(): void {
    this.partial = []
    this.partialBytes = 0
    this.lines = []
  }

  private overflow(): never {
    this.clear()
    throw new MessageTooLargeError(this.maxMessageBytes)
  }
}
