/**
 * The chat header's "Folders" control: the folders this session offers extensions as roots, on
 * top of the global ones from Settings, while its replies are written (`session_set_roots`).
 */
import { useId, useRef, useState, type KeyboardEvent } from 'react'
import type { RootFolder, SessionSummary } from '../../../shared/hostApi'
import { useHostAction } from '../../hooks/useHostAction'
import { RootFoldersEditor } from '../settings/RootFoldersEditor'
import { quietButton } from '../ui'

export function SessionRootsButton({ session }: { session: SessionSummary }) {
  const act = useHostAction()
  const [open, setOpen] = useState(false)
  const toggle = useRef<HTMLButtonElement>(null)
  const panelId = useId()
  const headingId = useId()
  const folders = session.roots ?? []

  const close = () => {
    setOpen(false)
    toggle.current?.focus()
  }
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.stopPropagation()
      close()
    }
  }
  const save = async (next: RootFolder[]) => (await act('session_set_roots', { id: session.id, folders: next })) !== undefined

  return (
    <div className="relative shrink-0">
      <button ref={toggle} type="button" className={quietButton} aria-expanded={open} aria-controls={open ? panelId : undefined} onClick={() => (open ? close() : setOpen(true))}>
        Folders{folders.length > 0 ? ` (${folders.length})` : ''}
      </button>
      {open && (
        <div
          id={panelId}
          role="group"
          aria-labelledby={headingId}
          onKeyDown={onKeyDown}
          className="absolute top-full right-0 z-20 mt-1 w-96 rounded-lg border border-zinc-200 bg-white p-3 shadow-lg dark:border-zinc-700 dark:bg-zinc-900"
        >
          <h2 id={headingId} className="text-sm font-semibold">
            Folders for this session
          </h2>
          <p className="mt-1 mb-3 text-xs text-zinc-500 dark:text-zinc-400">
            Offered to extensions as places they may use while this session’s replies are written, in addition to the folders in Settings → General.
          </p>
          <RootFoldersEditor folders={folders} onSave={save} label="Folders for this session" />
          <div className="mt-3 flex justify-end">
            <button type="button" className={quietButton} onClick={close}>
              Done
            </button>
          </div>
        </div>
      )}
    </div>
  )
}
