/**
 * Shell syntax in an imported command line. Switchboard spawns programs directly, never through a
 * shell, so `; rm -rf ~` in an argument is passed to the program as text and runs nothing. But
 * nobody writes that in an honest config, so the preview says it is there.
 */
import { basename } from 'node:path'
import { redactTokenShapes } from '../../log/redact'

const SHELL_SYNTAX: ReadonlyArray<{ pattern: RegExp; label: string }> = [
  { pattern: /;/, label: '";"' },
  { pattern: /&&/, label: '"&&"' },
  { pattern: /\|/, label: '"|"' },
  { pattern: /`/, label: 'backticks' },
  { pattern: /\$\(/, label: '"$("' },
]

/** Programs that are shells themselves: for them, shell syntax in the arguments does run. */
const SHELLS = new Set(['sh', 'bash', 'zsh', 'dash', 'ksh', 'fish', 'cmd', 'powershell', 'pwsh'])

/** Quotes `text` for a message: token shapes masked, long text shortened. */
export function quoteForMessage(text: string, max = 80): string {
  const masked = redactTokenShapes(text)
  return JSON.stringify(masked.length > max ? `${masked.slice(0, max)}…` : masked)
}

/** One warning per part of the command line that contains shell syntax. */
export function shellSyntaxWarnings(command: string, args: readonly string[]): string[] {
  const program = basename(command.replace(/\\/g, '/')).replace(/\.(exe|cmd|bat)$/i, '').toLowerCase()
  const consequence = SHELLS.has(program)
    ? `The program is a shell (${program}), so this does run as shell commands. Import it only if you wrote it yourself.`
    : 'Switchboard passes it to the program literally and never through a shell, so it does not run as a command, but an honest config has no reason to contain it.'
  const parts: Array<[string, string]> = [['The command', command], ...args.map((arg, index): [string, string] => [`args[${index}]`, arg])]
  const warnings: string[] = []
  for (const [where, text] of parts) {
    const found = SHELL_SYNTAX.filter(({ pattern }) => pattern.test(text)).map(({ label }) => label)
    if (found.length > 0) warnings.push(`${where} ${quoteForMessage(text)} contains shell syntax (${found.join(', ')}). ${consequence}`)
  }
  return warnings
}
