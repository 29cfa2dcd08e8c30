/** The one log function of main. Lines go to stderr so stdout stays free for machine-readable output. */
import { redactSecrets } from './secretValues'

export type LogLevel = 'debug' | 'info' | 'warn' | 'error'

const order: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40 }
let threshold: LogLevel = (process.env.SWITCHBOARD_LOG_LEVEL as LogLevel | undefined) ?? 'info'
let sink: (line: string) => void = (line) => process.stderr.write(line + '\n')

/** Writes one line `time level [scope] message`, with secret values and token shapes masked (see redact.ts). */
export function log(level: LogLevel, scope: string, message: string): void {
  if ((order[level] ?? 0) < (order[threshold] ?? 0)) return
  // Scope and message are both masked: a scope can carry an extension id or URL that embeds a token.
  sink(`${new Date().toISOString()} ${level} ${redactSecrets(`[${scope}] ${message}`)}`)
}

/** Redirects log output (tests collect lines with it); returns a function that restores the previous sink. */
export function setLogSink(next: (line: string) => void, level: LogLevel = threshold): () => void {
  const previous = { sink, threshold }
  sink = next
  threshold = level
  return () => {
    sink = previous.sink
    threshold = previous.threshold
  }
}
