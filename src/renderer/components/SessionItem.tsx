/**
 * One row of the session list: select; rename inline (double-click, F2 or the pencil button);
 * delete (the Delete key or the bin button) after a confirm step.
 */
import { useEffect, useRef, useState } from 'react'
import type { SessionSummary } from '../../shared/hostApi'
import { useHostAction } from '../hooks/useHostAction'
import { usePendingValue } from '../hooks/usePendingValue'
import { SessionRenameForm } from './SessionRenameForm'
import { SessionDeleteConfirm } from './SessionDeleteConfirm'
import { PencilIcon, TrashIcon } from './icons'
import { iconButton } from './ui'

interface Props {
  session: SessionSummary
  active: boolean
  onSelect: () => void
  onDeleted: () => void
}

type Mode = 'view' | 'rename' | 'confirm-delete'

export function SessionItem({ session, active, onSelect, onDeleted }: Props) {
  const act = useHostAction()
  const [mode, setMode] = useState<Mode>('view')
  const [title, expectTitle, clearTitle] = usePendingValue(session.title)
  const titleButton = useRef<HTMLButtonElement>(null)
  const refocus = useRef(false)

  useEffect(() => {
    if (mode !== 'view' || !refocus.current) return
    refocus.current = false
    titleButton.current?.focus()
  }, [mode])

  const backToView = () => {
    refocus.current = true
    setMode('view')
  }
  const rename = async (next: string) => {
    expectTitle(next)
    backToView()
    if (!(await act('session_rename', { id: session.id, title: next }))) clearTitle()
  }
  const remove = async () => {
    if (await act('session_delete', { id: session.id })) onDeleted()
    else backToView()
  }

  if (mode === 'rename') {
    return (
      <li className="px-0.5 py-0.5">
        <SessionRenameForm title={title} onSave={(next) => void rename(next)} onCancel={backToView} />
      </li>
    )
  }
  if (mode === 'confirm-delete') {
    return (
      <li className="py-0.5">
        <SessionDeleteConfirm title={title} onConfirm={() => void remove()} onCancel={backToView} />
      </li>
    )
  }
  return (
    <li className="group relative">
      <button
        ref={titleButton}
        type="button"
        aria-current={active ? 'page' : undefined}
        title={title}
        onClick={onSelect}
        onDoubleClick={() => setMode('rename')}
        onKeyDown={(event) => {
          if (event.key === 'F2') setMode('rename')
          else if (event.key === 'Delete') setMode('confirm-delete')
        }}
        className={
          'block h-8 w-full truncate rounded-md pr-16 pl-2.5 text-left text-sm transition-colors ' +
          (active
            ? 'bg-zinc-200/80 font-medium text-zinc-950 dark:bg-zinc-800 dark:text-white'
            : 'text-zinc-700 hover:bg-zinc-200/50 dark:text-zinc-300 dark:hover:bg-zinc-800/60')
        }
      >
        {title}
      </button>
      <div
        className={
          'absolute inset-y-0 right-1 flex items-center gap-0.5 transition-opacity group-focus-within:opacity-100 group-hover:opacity-100 ' +
          (active ? 'opacity-100' : 'opacity-0')
        }
      >
        <button type="button" className={iconButton} aria-label={`Rename ${title}`} title="Rename" onClick={() => setMode('rename')}>
          <PencilIcon className="size-3.5" />
        </button>
        <button type="button" className={iconButton} aria-label={`Delete ${title}`} title="Delete" onClick={() => setMode('confirm-delete')}>
          <TrashIcon className="size-3.5" />
        </button>
      </div>
    </li>
  )
}
