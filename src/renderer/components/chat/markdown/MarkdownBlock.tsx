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

function ListItem({ item }: { item: Tokens.ListItem }) {
  return (
    <li className={`pl-1 ${item.task ? 'list-none -ml-5' : ''}`}>
      <Blocks tokens={item.tokens} tight={!item.loose} />
    </li>
  )
}

function Block({ token, tight, open }: { token: Token; tight?: boolean; open?: boolean }): ReactNode {
  switch (token.type) {
    case 'paragraph':
      return (
        <p className="my-2.5 first:mt-0 last:mb-0">
          <InlineTokens tokens={token.tokens ?? []} />
        </p>
      )
    case 'text':
      // Text directly in a tight list item.
      return tight ? (
        <span>{token.tokens ? <InlineTokens tokens={token.tokens} /> : decodeEntities(token.text)}</span>
      ) : (
        <p className="my-2 first:mt-0 last:mb-0">{token.tokens ? <InlineTokens tokens={token.tokens} /> : decodeEntities(token.text)}</p>
      )
    case 'heading': {
      const level = Math.min(6, token.depth + 1)
      const Tag = `h${level}` as 'h2'
      return (
        <Tag className={`mt-5 mb-2 first:mt-0 ${headingClass[token.depth] ?? 'text-sm font-semibold'}`}>
          <InlineTokens tokens={token.tokens ?? []} />
        </Tag>
      )
    }
    case 'code':
      return <CodeBlock code={token.text} lang={token.lang} open={open} />
    case 'blockquote':
      return (
        <blockquote className="my-3 border-l-3 border-zinc-300 pl-3 text-zinc-600 first:mt-0 last:mb-0 dark:border-zinc-600 dark:text-zinc-400">
          <Blocks tokens={token.tokens ?? []} />
        </blockquote>
      )
    case 'list': {
      const list = token as Tokens.List
      const className = `my-2.5 space-y-1 pl-5 first:mt-0 last:mb-0 ${list.ordered ? 'list-decimal' : 'list-disc'} marker:text-zinc-400 dark:marker:text-zinc-500`
      const items = list.items.map((item, index) => <ListItem key={index} item={item} />)
      return list.ordered ? (
        <ol start={list.start === '' ? undefined : list.start} className={className}>
          {items}
        </ol>
      ) : (
        <ul className={className}>{items}</ul>
      )
    }
    case 'table': {
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
      return <hr className="my-4 border-zinc-200 dark:border-zinc-700" />
    case 'html':
      return <p className="my-2.5 font-mono text-[13px] break-words whitespace-pre-wrap first:mt-0 last:mb-0">{token.raw}</p>
    case 'space':
    case 'def':
      return null
    default:
      return 'raw' in token && typeof token.raw === 'string' ? <p className="my-2.5 whitespace-pre-wrap first:mt-0 last:mb-0">{token.raw}</p> : null
  }
}

export function Blocks({ tokens, tight }: { tokens: readonly Token[]; tight?: boolean }) {
  return tokens.map((token, index) => <Block key={index} token={token} tight={tight} />)
}

/** A top-level block; `open` marks the block that is still streaming. */
export const MarkdownBlock = memo(function MarkdownBlock({ token, open }: { token: Token; open?: boolean }) {
  return <Block token={token} open={open} />
})
