/** Small wording helpers shared by the extension modules' messages. */

export function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}

export function formatMs(ms: number): string {
  return ms >= 1000 && ms % 1000 === 0 ? `${ms / 1000} s` : `${ms} ms`
}

export function tailText(lines: string[]): string {
  return lines.length === 0 ? '' : ` Last stderr: ${lines.join(' | ')}`
}
