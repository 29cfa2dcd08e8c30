/**
 * The program a command hook's line starts, and its arguments, as the shell reads its words: quotes
 * taken off (Claude Code's own examples quote paths: `"$CLAUDE_PROJECT_DIR"/.claude/hooks/check.sh`,
 * `"/usr/local/bin/node" "…/hook.js"`), `$VARS` kept as written, up to the first `&&`, `|` or `;`.
 * What the launch warnings look at (launchReview.ts); the line itself runs unchanged.
 */
import { parse } from 'shell-quote'

export interface CommandWords {
  program: string
  args: string[]
}

export function commandWords(line: string, platform: NodeJS.Platform = process.platform): CommandWords {
  // cmd.exe has no escape character: a backslash there is a path separator, never an escape.
  const text = platform === 'win32' ? line.replace(/\\/g, '\\\\') : line
  const words: string[] = []
  for (const entry of parse(text, (name) => `$${name}`)) {
    if (typeof entry === 'string') words.push(entry)
    else if ('op' in entry && entry.op === 'glob') words.push(entry.pattern)
    else break
  }
  const [program = '', ...args] = words
  return { program, args }
}
