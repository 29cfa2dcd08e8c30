/** One block of markdown as React elements; memoized by token, so a finished block renders once. */
import { memo, type ReactNode } from 'react'
import type { Token, Tokens } from 'marked'
import { CodeBlock } from './CodeBlock'
import { InlineTokens } from './InlineTokens'
import { decodeEntities } from './entities'

/** Headings in a message sit below the page's own (the session title is the h1). */
const headingClass: Record<number, string> = {
  1: 'text-lg font-semibold',
  2: 'text-base font-semibold',
  3: 'text-[15px] font-semibold',
}

/**
 * The blinking caret at the end of a streaming reply, drawn inside its last block (styles.css draws
 * an empty `.streaming-caret`). Inside the block, not as a class on the whole reply: when the reply
 * is done only that block changes, and the browser does not restyle the whole reply.
 */
function Caret() {
  return <span aria-hidden="true" className="streaming-caret ml-0.5 inline-block translate-y-[0.15em]" />
}

function ListItem({ item, caret }: { item: Tokens.ListItem; caret?: boolean }) {
  return (
    <li className={`pl-1 ${item.task ? 'list-none -ml-5' : ''}`}>
      <Blocks tokens={item.tokens} tight={!item.loose} caret={caret} />
    </li>
  )
}

interface BlockProps {
  token: Token
  tight?: boolean
  open?: boolean
  /** The caret goes at the end of this block. */
  caret?: boolean
}

function Block({ token, tight, open, caret = false }: BlockProps): ReactNode {
  const mark = caret && <Caret />
  switch (token.type) {
    case 'paragraph':
      return (
        <p className="my-2.5 first:mt-0 last:mb-0">
          <InlineTokens tokens={token.tokens ?? []} />
          {mark}
        </p>
      )
    case 'text': {
      // Text directly in a tight list item.
      const inline = token.tokens ? <InlineTokens tokens={token.tokens} /> : decodeEntities(token.text)
      return tight ? (
        <span>
          {inline}
          {mark}
        </span>
      ) : (
        <p className="my-2 first:mt-0 last:mb-0">
          {inline}
          {mark}
        </p>
      )
    }
    case 'heading': {
      const level = Math.min(6, token.depth + 1)
      const Tag = `h${level}` as 'h2'
      return (
        <Tag className={`mt-5 mb-2 first:mt-0 ${headingClass[token.depth] ?? 'text-sm font-semibold'}`}>
          <InlineTokens tokens={token.tokens ?? []} />
          {mark}
        </Tag>
      )
    }
    case 'code':
      return <CodeBlock code={token.text} lang={token.lang} open={open} caret={mark || undefined} />
    case 'blockquote':
      return (
        <blockquote className="my-3 border-l-3 border-zinc-300 pl-3 text-zinc-600 first:mt-0 last:mb-0 dark:border-zinc-600 dark:text-zinc-400">
          <Blocks tokens={token.tokens ?? []} caret={caret} />
        </blockquote>
      )
    case 'list': {
      const list = token as Tokens.List
      const className = `my-2.5 space-y-1 pl-5 first:mt-0 last:mb-0 ${list.ordered ? 'list-decimal' : 'list-disc'} marker:text-zinc-400 dark:marker:text-zinc-500`
      const items = list.items.map((item, index) => <ListItem key={index} item={item} caret={caret && index === list.items.length - 1} />)
      return list.ordered ? (
        <ol start={list.start === '' ? undefined : list.start} className={className}>
          {items}
        </ol>
      ) : (
        <ul className={className}>{items}</ul>
      )
    }
    case 'table': {
      if (caret) return [<Block key="table" token={token} />, <Caret key="caret" />]
      const table = token as Tokens.Table
      const align = (index: number) => (table.align[index] === 'right' ? 'text-right' : table.align[index] === 'center' ? 'text-center' : 'text-left')
      return (
        <div className="my-3 overflow-x-auto rounded-lg border border-zinc-200 first:mt-0 last:mb-0 dark:border-zinc-700">
          <table className="w-full border-collapse text-sm">
            <thead className="bg-zinc-50 dark:bg-zinc-800/60">
              <tr>
                {table.header.map((cell, index) => (
                  <th key={index} scope="col" className={`border-b border-zinc-200 px-3 py-1.5 font-semibold dark:border-zinc-700 ${align(index)}`}>
                    <InlineTokens tokens={cell.tokens} />
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-zinc-200 dark:divide-zinc-700/70">
              {table.rows.map((row, rowIndex) => (
                <tr key={rowIndex}>
                  {row.map((cell, index) => (
                    <td key={index} className={`px-3 py-1.5 align-top ${align(index)}`}>
                      <InlineTokens tokens={cell.tokens} />
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )
    }
    case 'hr':
      return (
        <>
          <hr className="my-4 border-zinc-200 dark:border-zinc-700" />
          {mark}
        </>
      )
    case 'html':
      return (
        <p className="my-2.5 font-mono text-[13px] break-words whitespace-pre-wrap first:mt-0 last:mb-0">
          {token.raw}
          {mark}
        </p>
      )
    case 'space':
    case 'def':
      return null
    default:
      return 'raw' in token && typeof token.raw === 'string' ? (
        <p className="my-2.5 whitespace-pre-wrap first:mt-0 last:mb-0">
          {token.raw}
          {mark}
        </p>
      ) : null
  }
}

export function Blocks({ tokens, tight, caret = false }: { tokens: readonly Token[]; tight?: boolean; caret?: boolean }) {
  // The caret goes into the last block that draws something (a list item may end in blank space).
  let last = tokens.length - 1
  while (last > 0 && tokens[last]?.type === 'space') last -= 1
  return tokens.map((token, index) => <Block key={index} token={token} tight={tight} caret={caret && index === last} />)
}

/** A top-level block; `open` marks the block that is still streaming, `caret` the one the caret follows. */
export const MarkdownBlock = memo(function MarkdownBlock({ token, open, caret }: { token: Token; open?: boolean; caret?: boolean }) {
  return <Block token={token} open={open} caret={caret} />
})
