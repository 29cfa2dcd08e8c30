/**
 * Markdown as blocks, for rendering while a reply streams: the blocks that can no longer change are
 * lexed once and kept (same objects, so memoized renders skip them), and only the open tail — the
 * last block, which the next chunk may still extend — is lexed again on every update.
 */
import { Lexer, type Token } from 'marked'

const options = { gfm: true, breaks: false } as const

/** Line endings as the lexer sees them, so that raw lengths add up to offsets in the text. */
const normalize = (text: string) => text.replace(/\r\n?/g, '\n')

/**
 * The blocks of the last few streamed texts, by text. A committed reply is usually the text that
 * just streamed: reusing its blocks (the same objects, so memoized blocks do not render again)
 * avoids lexing the whole reply at once when it moves from the progress to the history.
 */
const lexedLately = new Map<string, Token[]>()
const MAX_LEXED_LATELY = 4

function rememberLexed(text: string, blocks: Token[]): void {
  lexedLately.delete(text)
  lexedLately.set(text, blocks)
  if (lexedLately.size > MAX_LEXED_LATELY) lexedLately.delete(lexedLately.keys().next().value as string)
}

/** All blocks of a finished text (a committed message). */
export function lexBlocks(text: string): Token[] {
  const normalized = normalize(text)
  return lexedLately.get(normalized) ?? Lexer.lex(normalized, options).filter((token) => token.type !== 'space')
}

export interface Blocks {
  /** Blocks that later text cannot change. */
  finished: readonly Token[]
  /** The open end: re-lexed on every update. */
  tail: readonly Token[]
}

/** Remembers the finished blocks of one growing text; `update` with a text that is not a continuation starts over. */
export class IncrementalBlocks {
  private done = ''
  private finished: Token[] = []

  update(raw: string): Blocks {
    const text = normalize(raw)
    if (!text.startsWith(this.done)) {
      this.done = ''
      this.finished = []
    }
    const rest = text.slice(this.done.length)
    const tokens = Lexer.lex(rest, options)
    // A block is finished once another (non-blank) block follows it; the last one stays open.
    let lastContent = tokens.length - 1
    while (lastContent >= 0 && tokens[lastContent]?.type === 'space') lastContent -= 1
    let consumed = 0
    const newlyFinished: Token[] = []
    for (let index = 0; index < lastContent; index += 1) {
      const token = tokens[index]!
      consumed += token.raw.length
      if (token.type !== 'space') newlyFinished.push(token)
    }
    // Only trust the split where the raw pieces really are the text (they are, unless a lexer rule rewrote it).
    if (newlyFinished.length > 0 && rest.slice(0, consumed) === tokens.slice(0, lastContent).map((token) => token.raw).join('')) {
      this.done += rest.slice(0, consumed)
      this.finished = [...this.finished, ...newlyFinished]
      return this.remembered(text, { finished: this.finished, tail: tokens.slice(lastContent).filter((token) => token.type !== 'space') })
    }
    return this.remembered(text, { finished: this.finished, tail: tokens.filter((token) => token.type !== 'space') })
  }

  private remembered(text: string, blocks: Blocks): Blocks {
    rememberLexed(text, [...blocks.finished, ...blocks.tail])
    return blocks
  }
}
