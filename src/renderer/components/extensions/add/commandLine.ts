/**
 * A whole command line pasted into *Command* (`npx -y @modelcontextprotocol/server-filesystem "/Users/me/My Notes"`),
 * split the way a POSIX shell would split its words (shell-quote: quotes and escapes kept, nothing
 * expanded). Switchboard starts programs directly, so a line with shell syntax — pipes, `&&`,
 * redirections, `$VARS`, `NAME=value` prefixes — is not split: it would not mean the same.
 */
import { parse } from 'shell-quote'

export interface SplitCommand {
  command: string
  args: string[]
}

/** The command and its arguments, or null when there is nothing to split or the line needs a shell. */
export function splitCommandLine(line: string): SplitCommand | null {
  const text = line.trim()
  if (!/\s/.test(text)) return null
  // A `$` would be expanded by shell-quote (to ''), and by a shell; here it would be passed as is.
  if (text.includes('$')) return null
  const words = parse(text)
  if (words.length < 2 || !words.every((word): word is string => typeof word === 'string')) return null
  const [command, ...args] = words
  if (/^[A-Za-z_][A-Za-z0-9_]*=/.test(command!)) return null
  return { command: command!, args }
}
