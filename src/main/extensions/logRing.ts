/**
 * The recent log of one extension (its stderr and our protocol/lifecycle events), bounded in both
 * entry count and line length so a flooding server costs a fixed amount of memory (F11).
 */
import type { LoggingLevel } from '../../shared/logLevelApi'

export type LogSource = 'stderr' | 'protocol' | 'lifecycle'
export type LogEntryLevel = 'info' | 'warn' | 'error'

/** One line of an extension's log. */
export interface LogEntry {
  /** Increases by one per entry of this ring; lets a reader ask for "everything after N". */
  seq: number
  time: string
  source: LogSource
  level: LogEntryLevel
  text: string
  /** A server log message's own level (debug … emergency); `level` is its coarse colour. */
  serverLevel?: LoggingLevel
}

export interface LogRingOptions {
  maxEntries?: number
  maxLineLength?: number
  /** Called at most once per `notifyIntervalMs` after entries were added (so a flood is one event). */
  onAppend?: () => void
  notifyIntervalMs?: number
  /** Applied to every line before it is stored (removes secret values). */
  redact?: (text: string) => string
}

export class LogRing {
  private readonly entries: LogEntry[] = []
  private nextSeq = 1
  private notifyTimer: NodeJS.Timeout | undefined
  private readonly maxEntries: number
  private readonly maxLineLength: number

  constructor(private readonly options: LogRingOptions = {}) {
    this.maxEntries = options.maxEntries ?? 500
    this.maxLineLength = options.maxLineLength ?? 2000
  }

  /** Replaces the redactor, e.g. when the extension's secrets were resolved anew. */
  setRedactor(redact: ((text: string) => string) | undefined): void {
    this.options.redact = redact
  }

  push(source: LogSource, level: LogEntryLevel, text: string, serverLevel?: LoggingLevel): void {
    const redacted = this.options.redact ? this.options.redact(text) : text
    const clipped =
      redacted.length > this.maxLineLength ? `${redacted.slice(0, this.maxLineLength)}… [${redacted.length - this.maxLineLength} more characters]` : redacted
    this.entries.push({ seq: this.nextSeq++, time: new Date().toISOString(), source, level, text: clipped, ...(serverLevel ? { serverLevel } : {}) })
    if (this.entries.length > this.maxEntries) {
      this.entries.splice(0, this.entries.length - this.maxEntries)
    }
    this.scheduleNotify()
  }

  /** Entries after `afterSeq` (all kept entries by default), oldest first. */
  read(afterSeq = 0): LogEntry[] {
    return this.entries.filter((entry) => entry.seq > afterSeq)
  }

  /** The last `count` stderr lines, for error messages ("exited with code 1: …"). */
  stderrTail(count = 5): string[] {
    const lines: string[] = []
    for (let i = this.entries.length - 1; i >= 0 && lines.length < count; i--) {
      const entry = this.entries[i]
      if (entry?.source === 'stderr') lines.unshift(entry.text)
    }
    return lines
  }

  get size(): number {
    return this.entries.length
  }

  /** Stops pending notifications; the entries stay readable. */
  dispose(): void {
    clearTimeout(this.notifyTimer)
    this.notifyTimer = undefined
  }

  private scheduleNotify(): void {
    if (!this.options.onAppend || this.notifyTimer) return
    this.notifyTimer = setTimeout(() => {
      this.notifyTimer = undefined
      this.options.onAppend?.()
    }, this.options.notifyIntervalMs ?? 100)
    this.notifyTimer.unref()
  }
}

/** Splits a byte stream into lines of bounded length: a line that never ends is cut, never buffered forever. */
export class LineSplitter {
  private partial = ''

  constructor(
    private readonly onLine: (line: string) => void,
    private readonly maxLineLength = 4000,
  ) {}

  write(chunk: string): void {
    const joined = this.partial + chunk
    let start = 0
    for (let newline = joined.indexOf('\n'); newline !== -1; newline = joined.indexOf('\n', start)) {
      this.onLine(joined.slice(start, newline).replace(/\r$/, ''))
      start = newline + 1
    }
    let text = joined.slice(start)
    while (text.length > this.maxLineLength) {
      this.onLine(text.slice(0, this.maxLineLength))
      text = text.slice(this.maxLineLength)
    }
    this.partial = text
  }

  end(): void {
    if (this.partial) this.onLine(this.partial)
    this.partial = ''
  }
}
