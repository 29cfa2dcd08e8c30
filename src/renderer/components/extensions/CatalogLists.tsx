/** An extension's tools and prompts, as the catalog (`switchboard://tools`) lists them (resources: ../resources/ResourceBrowser). */
import { useState, type ReactNode } from 'react'
import type { CatalogToolView, ToolsResource } from '../../../shared/hostApi'
import { formatTokens } from '../../../shared/format'
import { quietButton } from '../ui'
import { OffToolItem, ToolItem } from './ToolItem'
import { allDefinitions, OFF_VS_NEVER, toolsText } from './extensionText'
import { VisibleText } from '../VisibleText'

const listClass =
  'divide-y divide-zinc-200 overflow-hidden rounded-lg border border-zinc-200 bg-white shadow-xs dark:divide-zinc-800 dark:border-zinc-800 dark:bg-zinc-900'

function Empty({ children }: { children: ReactNode }) {
  return (
    <p className="rounded-lg border border-dashed border-zinc-300 px-4 py-6 text-center text-sm text-zinc-500 dark:border-zinc-700 dark:text-zinc-400">
      {children}
    </p>
  )
}

/** Long lists show the first part, and the rest on request. */
function useShowMore<T>(items: readonly T[], first = 25): { shown: readonly T[]; more: ReactNode } {
  const [all, setAll] = useState(false)
  if (all || items.length <= first) return { shown: items, more: null }
  return {
    shown: items.slice(0, first),
    more: (
      <div className="px-4 py-2 text-center">
        <button type="button" className={quietButton} onClick={() => setAll(true)}>
          Show all {items.length}
        </button>
      </div>
    ),
  }
}

/** Every tool of the extension: the ones on (in the catalog), then the ones switched off. */
export function ToolList({
  tools,
  switchedOff,
  runnable,
  notReady,
  tokenizer,
}: {
  tools: readonly CatalogToolView[]
  switchedOff: ToolsResource['switchedOff']
  runnable: boolean
  notReady: string
  tokenizer: string
}) {
  const { shown, more } = useShowMore(tools)
  if (tools.length === 0 && switchedOff.length === 0) return <Empty>{notReady || 'This extension offers no tools.'}</Empty>
  // Off tools leave the figures: only what can be sent is counted.
  const total = tools.reduce((sum, tool) => sum + tool.tokens, 0)
  return (
    <>
      <p className="mb-2 text-xs text-zinc-500 dark:text-zinc-400">
        {switchedOff.length > 0 && <>{toolsText(tools.length, switchedOff.length)}. </>}
        {allDefinitions(tools.length)}: {formatTokens(total, tokenizer)}. With tool search, only the tools you mark
        “Always offer”, the ones used recently and the ones the model finds are sent.
      </p>
      <p className="mb-2 text-xs text-zinc-500 dark:text-zinc-400">{OFF_VS_NEVER}</p>
      <ul aria-label="Tools" className={listClass}>
        {shown.map((tool) => (
          <ToolItem key={tool.name} tool={tool} runnable={runnable} tokenizer={tokenizer} />
        ))}
      </ul>
      {more}
      {switchedOff.length > 0 && (
        <ul aria-label="Tools switched off" className={`${listClass} mt-3`}>
          {switchedOff.map((tool) => (
            <OffToolItem key={tool.name} tool={tool} />
          ))}
        </ul>
      )}
    </>
  )
}

export function PromptList({ prompts, notReady }: { prompts: ToolsResource['prompts']; notReady: string }) {
  const { shown, more } = useShowMore(prompts)
  if (prompts.length === 0) return <Empty>{notReady || 'This extension offers no prompts.'}</Empty>
  return (
    <>
      <ul aria-label="Prompts" className={listClass}>
        {shown.map((prompt) => (
          <li key={prompt.name} className="px-4 py-2.5">
            <div className="flex flex-wrap items-baseline gap-x-2">
              <span className="font-mono text-sm font-medium">
                <VisibleText text={prompt.promptName} />
              </span>
              {prompt.title && prompt.title !== prompt.promptName && (
                <span className="text-sm text-zinc-600 dark:text-zinc-400">
                  <VisibleText text={prompt.title} />
                </span>
              )}
            </div>
            {prompt.description && (
              <p className="mt-0.5 line-clamp-2 text-xs text-zinc-500 dark:text-zinc-400">
                <VisibleText text={prompt.description} />
              </p>
            )}
          </li>
        ))}
      </ul>
      {more}
    </>
  )
}
