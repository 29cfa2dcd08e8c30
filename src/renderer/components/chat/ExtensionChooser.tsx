/**
 * When there are more tools than a model is offered at once, the person chooses which extensions'
 * tools this session offers (`session_set_extensions`), or leaves it to the host ("Automatic").
 */
import { useState } from 'react'
import type { CatalogToolView, SessionSummary } from '../../../shared/hostApi'
import { useHostAction } from '../../hooks/useHostAction'
import { useCatalogStore } from '../../stores/catalogStore'
import { primaryButton, quietButton, smallSecondaryButton } from '../ui'
import { HeaderPopover } from './HeaderPopover'

/** Tools a model is offered per turn (the host's default). */
export const TOOL_LIMIT = 40

export interface ExtensionTools {
  id: string
  name: string
  tools: number
}

/** The catalog's tools grouped by extension, by name. */
export function extensionsOf(tools: readonly CatalogToolView[]): ExtensionTools[] {
  const byId = new Map<string, ExtensionTools>()
  for (const tool of tools) {
    const entry = byId.get(tool.extensionId) ?? { id: tool.extensionId, name: tool.extensionName || tool.extensionId, tools: 0 }
    entry.tools += 1
    byId.set(tool.extensionId, entry)
  }
  return [...byId.values()].sort((a, b) => a.name.localeCompare(b.name))
}

interface Props {
  session: SessionSummary
  /** A turn of this session had more tools than the limit (its note is in the history). */
  overLimit: boolean
}

export function ExtensionChooser({ session, overLimit }: Props) {
  const act = useHostAction()
  const catalog = useCatalogStore((state) => state.catalog)
  const [draft, setDraft] = useState<ReadonlySet<string> | null>(null)
  const [saving, setSaving] = useState(false)

  const extensions = extensionsOf(catalog?.tools ?? [])
  const toolCount = catalog?.tools.length ?? 0
  const chosen = session.activeExtensions
  if (!overLimit && toolCount <= TOOL_LIMIT && chosen === undefined) return null

  const close = () => setDraft(null)
  const selectedTools = draft ? extensions.filter((extension) => draft.has(extension.id)).reduce((sum, extension) => sum + extension.tools, 0) : 0
  const save = async (extensions: string[] | null) => {
    setSaving(true)
    const saved = await act('session_set_extensions', { id: session.id, extensions })
    setSaving(false)
    if (saved) close()
  }

  return (
    <HeaderPopover
      label="Choose extensions for this session"
      title="Extensions for this session"
      open={draft !== null}
      onOpen={() => setDraft(new Set(chosen ?? []))}
      onClose={close}
      width="w-80"
    >
      {draft && (
        <>
          <p className="mt-1 text-xs text-zinc-500 dark:text-zinc-400">
            {toolCount} tools are available; a model is offered at most {TOOL_LIMIT} at once.{' '}
            {chosen === undefined ? 'Now chosen automatically.' : `Now: ${chosen.length === 1 ? '1 extension' : `${chosen.length} extensions`} chosen.`}
          </p>
          {extensions.length === 0 ? (
            <p className="mt-2 text-sm text-zinc-600 dark:text-zinc-300">No extension offers tools right now.</p>
          ) : (
            <ul className="mt-2 max-h-64 space-y-1 overflow-y-auto">
              {extensions.map((extension) => (
                <li key={extension.id}>
                  <label className="flex items-center gap-2 text-sm">
                    <input
                      type="checkbox"
                      checked={draft.has(extension.id)}
                      onChange={(event) => {
                        const next = new Set(draft)
                        if (event.target.checked) next.add(extension.id)
                        else next.delete(extension.id)
                        setDraft(next)
                      }}
                    />
                    <span className="min-w-0 flex-1 truncate" title={extension.name}>
                      {extension.name}
                    </span>
                    <span className="shrink-0 text-xs text-zinc-500 dark:text-zinc-400">{extension.tools === 1 ? '1 tool' : `${extension.tools} tools`}</span>
                  </label>
                </li>
              ))}
            </ul>
          )}
          <p role="status" className={`mt-2 text-xs ${selectedTools > TOOL_LIMIT ? 'text-amber-700 dark:text-amber-300' : 'text-zinc-500 dark:text-zinc-400'}`}>
            {selectedTools} of {TOOL_LIMIT} tools selected{selectedTools > TOOL_LIMIT ? '; only the first ones will be offered' : ''}.
          </p>
          <div className="mt-3 flex justify-end gap-1.5">
            <button type="button" className={quietButton} onClick={close}>
              Cancel
            </button>
            <button type="button" className={smallSecondaryButton} disabled={saving} onClick={() => void save(null)}>
              Automatic
            </button>
            <button type="button" className={`${primaryButton} h-7`} disabled={saving} onClick={() => void save([...draft])}>
              Save
            </button>
          </div>
        </>
      )}
    </HeaderPopover>
  )
}
