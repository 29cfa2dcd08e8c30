/** Small wording helpers shared by the extension modules' messages. */

export function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}

export function tailText(lines: string[]): string {
  return lines.length === 0 ? '' : ` Last stderr: ${lines.join(' | ')}`
}
