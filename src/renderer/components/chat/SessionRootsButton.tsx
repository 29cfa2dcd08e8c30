/**
 * The chat header's "Folders" control: the folders this session offers extensions as roots, on
 * top of the global ones from Settings, while its replies are written (`session_set_roots`).
 */
import { useState } from 'react'
import type { RootFolder, SessionSummary } from '../../../shared/hostApi'
import { useHostAction } from '../../hooks/useHostAction'
import { RootFoldersEditor } from '../settings/RootFoldersEditor'
import { quietButton } from '../ui'
import { HeaderPopover } from './HeaderPopover'

export function SessionRootsButton({ session }: { session: SessionSummary }) {
  const act = useHostAction()
  const [open, setOpen] = useState(false)
  const folders = session.roots ?? []
  const close = () => setOpen(false)
  const save = async (next: RootFolder[]) => (await act('session_set_roots', { id: session.id, folders: next })) !== undefined

  return (
    <HeaderPopover
      label={`Folders${folders.length > 0 ? ` (${folders.length})` : ''}`}
      title="Folders for this session"
      open={open}
      onOpen={() => setOpen(true)}
      onClose={close}
      width="w-96"
    >
      <p className="mt-1 mb-3 text-xs text-zinc-500 dark:text-zinc-400">
        Offered to extensions as places they may use while this session’s replies are written, in addition to the folders in Settings → General.
      </p>
      <RootFoldersEditor folders={folders} onSave={save} label="Folders for this session" />
      <div className="mt-3 flex justify-end">
        <button type="button" className={quietButton} onClick={close}>
          Done
        </button>
      </div>
    </HeaderPopover>
  )
}
