/**
 * A reply's text as markdown. The same component draws a reply while it streams and once it is
 * committed: the finished blocks of the growing text are lexed and rendered once (memoized by
 * token), and only the open tail is lexed and rendered again — so committing a long reply, which
 * changes nothing but `streaming`, re-renders its last block only.
 */
import { memo, useMemo, useState } from 'react'
import type { Token } from 'marked'
import { GROUP_SIZE, IncrementalBlocks } from './markdownBlocks'
import { MarkdownBlock } from './MarkdownBlock'

const prose = 'min-w-0 text-[14.5px] leading-relaxed break-words text-zinc-900 dark:text-zinc-100'

interface Props {
  text: string
  /** Text still arriving: a caret ends it, and the last block is drawn as open (a code block is not highlighted yet). */
  streaming?: boolean
}

/** A group of finished blocks: the same array from update to update, so it renders once (the last, growing group excepted). */
const BlockGroup = memo(function BlockGroup({ tokens }: { tokens: readonly Token[] }) {
  return tokens.map((token, index) => <MarkdownBlock key={index} token={token} />)
})

export const Markdown = memo(function Markdown({ text, streaming = false }: Props) {
  // One lexer per drawn text: while it grows it is a continuation, so the finished blocks are kept.
  const [lexer] = useState(() => new IncrementalBlocks())
  const { finished, tail } = useMemo(() => lexer.update(text), [lexer, text])
  const finishedCount = finished.length === 0 ? 0 : (finished.length - 1) * GROUP_SIZE + finished.at(-1)!.length
  return (
    <div className={prose}>
      {finished.map((group, index) => (
        <BlockGroup key={index} tokens={group} />
      ))}
      {tail.map((token, index) => (
        // Keyed by position in the text, so that a block that stays open keeps its DOM while it grows.
        <MarkdownBlock key={`tail:${finishedCount + index}`} token={token} open={streaming} caret={streaming && index === tail.length - 1} />
      ))}
    </div>
  )
})
