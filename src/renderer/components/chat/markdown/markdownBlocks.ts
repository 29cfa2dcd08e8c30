/**
 * Markdown as blocks, for rendering a reply that may still grow: the blocks that can no longer
 * change are lexed once and kept (same objects, so memoized renders skip them), and only the open
 * tail — the last block, which the next chunk may still extend — is lexed again on every update.
 */
import { Lexer, type Token } from 'marked'

const options = { gfm: true, breaks: false } as const

/** Line endings as the lexer sees them, so that raw lengths add up to offsets in the text. */
const normalize = (text: string) => text.replace(/\r\n?/g, '\n')

/** Finished blocks per group: a long reply has thousands of blocks, and an update re-renders only the last group. */
export const GROUP_SIZE = 64

export interface Blocks {
  /**
   * Blocks that later text cannot change, in groups of GROUP_SIZE: every group but the last is full
   * and stays the same array from update to update, so a memoized group does not render again.
   */
  finished: readonly (readonly Token[])[]
  /** The open end: re-lexed on every update. */
  tail: readonly Token[]
}

/** Remembers the finished blocks of one growing text; `update` with a text that is not a continuation starts over. */
export class IncrementalBlocks {
  private done = ''
  private finished: (readonly Token[])[] = []

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
      this.finished = grouped(this.finished, newlyFinished)
      return { finished: this.finished, tail: tokens.slice(lastContent).filter((token) => token.type !== 'space') }
    }
    return { finished: this.finished, tail: tokens.filter((token) => token.type !== 'space') }
  }
}

/** `groups` with `tokens` added: the last group is replaced by a longer copy until full, then new groups follow. */
function grouped(groups: readonly (readonly Token[])[], tokens: readonly Token[]): (readonly Token[])[] {
  const next = [...groups]
  let open = next.length > 0 && next.at(-1)!.length < GROUP_SIZE ? [...next.pop()!] : []
  for (const token of tokens) {
    if (open.length === GROUP_SIZE) {
      next.push(open)
      open = []
    }
    open.push(token)
  }
  if (open.length > 0) next.push(open)
  return next
}
