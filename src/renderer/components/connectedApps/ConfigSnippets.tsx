/** The token of a connected app and its config for Claude Code, VS Code and Cursor, each copyable. */
import { useRef, useState, type RefObject } from 'react'
import { configSnippets, type SnippetTarget } from '../../../shared/connectedAppSnippets'
import { CopyButton } from '../CopyButton'
import { Tabs, panelElementId, tabElementId } from '../Tabs'

interface Props {
  url: string
  token: string
}

/** A piece of text with a Copy button beside it. */
export function Copyable({ text, label, multiline = false }: { text: string; label: string; multiline?: boolean }) {
  const shown = useRef<HTMLElement>(null)
  return (
    <div className="flex items-start gap-2">
      {multiline ? (
        <pre ref={shown as RefObject<HTMLPreElement>} className="min-w-0 flex-1 overflow-x-auto rounded-md bg-zinc-100 p-2 font-mono text-xs dark:bg-zinc-800">
          {text}
        </pre>
      ) : (
        <code ref={shown} className="min-w-0 flex-1 rounded-md bg-zinc-100 p-2 font-mono text-xs break-all dark:bg-zinc-800">
          {text}
        </code>
      )}
      <CopyButton text={text} shownIn={shown} label={label} />
    </div>
  )
}

export function ConfigSnippets({ url, token }: Props) {
  const snippets = configSnippets(url, token)
  const [target, setTarget] = useState<SnippetTarget>('claude-code')
  const current = snippets.find((snippet) => snippet.target === target) ?? snippets[0]!
  return (
    <div className="space-y-3">
      <div className="space-y-1">
        <p className="text-xs font-semibold tracking-wide text-zinc-500 uppercase">Token</p>
        <Copyable text={token} label="Copy the token" />
      </div>
      <Tabs idPrefix="snippets" label="Config for another app" items={snippets.map(({ target: id, label }) => ({ id, label }))} value={target} onChange={setTarget} />
      <div role="tabpanel" id={panelElementId('snippets', target)} aria-labelledby={tabElementId('snippets', target)} className="space-y-1">
        <p className="text-xs text-zinc-500 dark:text-zinc-400">{current.where}</p>
        <Copyable text={current.text} label={`Copy the ${current.label} config`} multiline />
      </div>
    </div>
  )
}
