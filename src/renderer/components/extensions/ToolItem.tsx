/** One tool of an extension: its name, title, description and hints, and a "Run" panel that opens below. */
import { useId, useState } from 'react'
import type { CatalogToolView, ToolsResource } from '../../../shared/hostApi'
import { ChevronRightIcon, PlayIcon } from '../icons'
import { smallSecondaryButton } from '../ui'
import { AnnotationBadges } from './AnnotationBadges'
import { RunToolForm } from './RunToolForm'
import { VisibleText, visibleString } from '../VisibleText'
import { formatTokens } from '../../../shared/format'
import { useHostAction } from '../../hooks/useHostAction'

/** "Always offer": the model gets this tool in every turn, without searching for it first. */
function AlwaysOfferToggle({ tool }: { tool: CatalogToolView }) {
  const act = useHostAction()
  const [saving, setSaving] = useState(false)
  return (
    <label className="inline-flex items-center gap-1.5" title="Offered to the model in every turn, without a search first">
      <input
        type="checkbox"
        aria-label={`Always offer ${visibleString(tool.toolName)}`}
        checked={tool.alwaysOffer}
        disabled={saving}
        onChange={async (event) => {
          setSaving(true)
          await act('tool_set_always_offer', { name: tool.name, alwaysOffer: event.target.checked })
          setSaving(false)
        }}
      />
      Always offer
    </label>
  )
}

/** "On": switched off, the tool leaves what models, connected apps and hooks can see and call (extension_tool_set_enabled). */
export function ToolOnToggle({ tool, on }: { tool: { extensionId: string; toolName: string }; on: boolean }) {
  const act = useHostAction()
  const [saving, setSaving] = useState(false)
  return (
    <label className="inline-flex items-center gap-1.5" title="Off: not offered to models, connected apps or hooks; the extension's own Apps may still use it">
      <input
        type="checkbox"
        aria-label={`${visibleString(tool.toolName)} on`}
        checked={on}
        disabled={saving}
        onChange={async (event) => {
          setSaving(true)
          await act('extension_tool_set_enabled', { id: tool.extensionId, tool: tool.toolName, enabled: event.target.checked })
          setSaving(false)
        }}
      />
      On
    </label>
  )
}

/** A tool switched off: its name and description, and the switch to turn it on again. */
export function OffToolItem({ tool }: { tool: ToolsResource['switchedOff'][number] }) {
  return (
    <li className="px-4 py-3">
      <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
        <h4 className="font-mono text-sm font-medium wrap-anywhere">
          <VisibleText text={tool.toolName} />
        </h4>
        {tool.title && tool.title !== tool.toolName && (
          <span className="text-sm text-zinc-600 dark:text-zinc-400">
            <VisibleText text={tool.title} />
          </span>
        )}
        <span className="rounded bg-zinc-100 px-1.5 text-[11px] font-medium text-zinc-600 dark:bg-zinc-800 dark:text-zinc-300">Off</span>
      </div>
      {tool.description && (
        <p className="mt-1 line-clamp-2 text-sm break-words text-zinc-500 dark:text-zinc-400" title={visibleString(tool.description)}>
          <VisibleText text={tool.description} />
        </p>
      )}
      <div className="mt-1 text-xs text-zinc-500 dark:text-zinc-400">
        <ToolOnToggle tool={tool} on={false} />
      </div>
    </li>
  )
}

export function ToolItem({ tool, runnable, tokenizer }: { tool: CatalogToolView; runnable: boolean; tokenizer: string }) {
  const id = useId()
  const [open, setOpen] = useState(false)
  const title = tool.title ?? tool.annotations.title
  return (
    <li className="px-4 py-3">
      <div className="flex items-start gap-3">
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
            <h4 id={`${id}-name`} className="font-mono text-sm font-medium wrap-anywhere">
              <VisibleText text={tool.toolName} />
            </h4>
            {title && title !== tool.toolName && (
              <span className="text-sm text-zinc-600 dark:text-zinc-400">
                <VisibleText text={title} />
              </span>
            )}
            <AnnotationBadges annotations={tool.annotations} />
          </div>
          {tool.description && (
            <p className="mt-1 line-clamp-3 text-sm break-words text-zinc-600 dark:text-zinc-400" title={visibleString(tool.description)}>
              <VisibleText text={tool.description} />
            </p>
          )}
          <p className="mt-1 font-mono text-[11px] text-zinc-400 dark:text-zinc-500" title="The name the model sees">
            {tool.name}
          </p>
          <div className="mt-1 flex flex-wrap items-center gap-x-3 text-xs text-zinc-500 dark:text-zinc-400">
            <span title="Counted with the named tokenizer; each model's own count differs somewhat">Definition {formatTokens(tool.tokens, tokenizer)}</span>
            <ToolOnToggle tool={tool} on />
            <AlwaysOfferToggle tool={tool} />
          </div>
        </div>
        <button
          type="button"
          className={`${smallSecondaryButton} shrink-0`}
          aria-expanded={open}
          aria-controls={`${id}-run`}
          aria-label={open ? `Hide ${visibleString(tool.toolName)}` : `Run ${visibleString(tool.toolName)}`}
          disabled={!runnable}
          title={runnable ? undefined : 'The extension is not ready'}
          onClick={() => setOpen(!open)}
        >
          {open ? <ChevronRightIcon className="size-3.5 -rotate-90" /> : <PlayIcon className="size-3.5" />}
          {open ? 'Hide' : 'Run'}
        </button>
      </div>
      {open && (
        <div id={`${id}-run`} className="mt-3 rounded-md border border-zinc-200 bg-zinc-50/70 p-3 dark:border-zinc-800 dark:bg-zinc-950/40">
          <RunToolForm tool={tool} />
        </div>
      )}
    </li>
  )
}
