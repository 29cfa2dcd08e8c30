/**
 * The arguments of a tool call while the model writes them, parsed as far as they go (for MCP Apps'
 * tool-input-partial and the card's "writing" state). Parsing the whole text again on every delta
 * costs the square of its length, so the text is parsed at most once per interval: at once when
 * the last parse is old enough, otherwise once when the interval is over (the newest text then),
 * and always once more for the final text when the model has finished writing it.
 */
import { loadAiSdk } from '../../aiSdk/aiSdk'

/** At most one parse per call in this time (ms); about two progress publications. */
export const TOOL_INPUT_PARSE_INTERVAL_MS = 50

export type PartialParse = (text: string) => Promise<{ value: unknown }>

export interface PartialInputOptions {
  intervalMs?: number
  now?: () => number
  parse?: PartialParse
}

export class ToolInputParser {
  private text = ''
  private parsedLength = 0
  private lastParse = -Infinity
  private timer: ReturnType<typeof setTimeout> | undefined
  /** Parses are answered in order, so an older result never follows a newer one. */
  private chain: Promise<void> = Promise.resolve()
  private closed = false
  private readonly intervalMs: number
  private readonly now: () => number
  private readonly parse: PartialParse

  /** `emit` gets each parsed object (never an array or a scalar). */
  constructor(
    private readonly emit: (partial: Record<string, unknown>) => void,
    options: PartialInputOptions = {},
  ) {
    this.intervalMs = options.intervalMs ?? TOOL_INPUT_PARSE_INTERVAL_MS
    this.now = options.now ?? (() => performance.now())
    this.parse = options.parse ?? (async (text) => (await loadAiSdk()).parsePartialJson(text))
  }

  add(delta: string): void {
    if (this.closed) return
    this.text += delta
    if (this.timer) return
    const wait = this.lastParse + this.intervalMs - this.now()
    if (wait <= 0) {
      this.parseNow()
      return
    }
    this.timer = setTimeout(() => {
      this.timer = undefined
      this.parseNow()
    }, wait)
  }

  /** The model finished writing: parses the final text if it was not yet, then stops. */
  async finish(): Promise<void> {
    if (this.closed) return
    clearTimeout(this.timer)
    this.timer = undefined
    if (this.text.length !== this.parsedLength) this.parseNow()
    await this.chain
    this.closed = true
  }

  /** Stops without a final parse (the call was made or the step ended); nothing is emitted after. */
  close(): void {
    this.closed = true
    clearTimeout(this.timer)
    this.timer = undefined
  }

  private parseNow(): void {
    const text = this.text
    this.parsedLength = text.length
    this.lastParse = this.now()
    this.chain = this.chain
      .then(async () => {
        const { value } = await this.parse(text)
        if (!this.closed && isRecord(value)) this.emit(value)
      })
      // Only the display of the arguments so far depends on it; the call itself gets the final input from the SDK.
      .catch(() => undefined)
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value)
