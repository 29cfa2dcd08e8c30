/**
 * Model text as markdown. `Markdown` lexes a finished text once; `StreamingMarkdown` keeps the
 * finished blocks of a growing text and re-lexes and re-renders only the open tail.
 */
import { memo, useMemo, useState } from 'react'
import { IncrementalBlocks, lexBlocks } from './markdownBlocks'
import { MarkdownBlock } from './MarkdownBlock'

const prose = 'min-w-0 text-[14.5px] leading-relaxed break-words text-zinc-900 dark:text-zinc-100'

export const Markdown = memo(function Markdown({ text }: { text: string }) {
  const blocks = useMemo(() => lexBlocks(text), [text])
  return (
    <div className={prose}>
      {blocks.map((token, index) => (
        <MarkdownBlock key={index} token={token} />
      ))}
    </div>
  )
})

export function StreamingMarkdown({ text, caret }: { text: string; caret: boolean }) {
  // One lexer per streamed text: it only ever grows (the host sends the text so far).
  const [lexer] = useState(() => new IncrementalBlocks())
  const { finished, tail } = useMemo(() => lexer.update(text), [lexer, text])
  return (
    <div className={`${prose} ${caret ? 'streaming-caret' : ''}`}>
      {finished.map((token, index) => (
        <MarkdownBlock key={index} token={token} />
      ))}
      {tail.map((token, index) => (
        <MarkdownBlock key={finished.length + index} token={token} open />
      ))}
    </div>
  )
}
