/** A fenced code block: its language, a copy button, and highlighting once the block is complete. */
import { memo, useRef, type ReactNode } from 'react'
import { CopyButton } from '../../CopyButton'
import { useHighlightedCode } from './useHighlightedCode'

interface Props {
  code: string
  lang?: string
  /** Still streaming: shown plain, so the open block is not re-highlighted on every chunk. */
  open?: boolean
  /** The streaming caret, after the code. */
  caret?: ReactNode
}

export const CodeBlock = memo(function CodeBlock({ code, lang, open = false, caret }: Props) {
  const codeElement = useRef<HTMLElement>(null)
  const language = lang?.trim().split(/\s/)[0] ?? ''
  const html = useHighlightedCode(code, language, open)
  return (
    <div className="group/code my-3 overflow-hidden rounded-lg border border-zinc-200 bg-zinc-50 first:mt-0 last:mb-0 dark:border-zinc-700/80 dark:bg-zinc-950">
      <div className="flex h-8 items-center justify-between border-b border-zinc-200 pr-1 pl-3 dark:border-zinc-700/80">
        <span className="font-mono text-[11px] tracking-wide text-zinc-500 dark:text-zinc-400">{language || 'text'}</span>
        <CopyButton text={code} shownIn={codeElement} label={language ? `Copy ${language} code` : 'Copy code'} />
      </div>
      <pre className="overflow-x-auto px-3 py-2.5 text-[12.5px] leading-relaxed">
        {html === null ? (
          <code ref={codeElement} className="font-mono text-zinc-800 dark:text-zinc-200">
            {code}
            {caret}
          </code>
        ) : (
          // highlight.js output: the code escaped, in <span class="hljs-…"> only (see highlight.ts).
          <code ref={codeElement} className="hljs font-mono text-zinc-800 dark:text-zinc-200" dangerouslySetInnerHTML={{ __html: html }} />
        )}
      </pre>
    </div>
  )
})
