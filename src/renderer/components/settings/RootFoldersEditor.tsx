/**
 * A list of folders offered to extensions as roots: each with its path and a Remove button, and a
 * field to add one (typed, or chosen with Browse… where the app has a system dialog). Used for the
 * global folders in Settings and for a session's own folders in the chat header.
 */
import { useId, useState, type FormEvent } from 'react'
import { RootFolderSchema, type RootFolder } from '../../../shared/hostApi'
import { PathField } from '../extensions/install/PathField'
import { quietButton, smallSecondaryButton } from '../ui'

interface Props {
  folders: readonly RootFolder[]
  /** Saves the whole new list; resolves to whether it was saved (a failure is reported by the caller's action). */
  onSave: (folders: RootFolder[]) => Promise<boolean>
  /** The list's accessible name, e.g. "Folders for every session". */
  label: string
}

export function RootFoldersEditor({ folders, onSave, label }: Props) {
  const id = useId()
  const [path, setPath] = useState('')
  const [problem, setProblem] = useState<string>()
  const [saving, setSaving] = useState(false)

  const save = async (next: RootFolder[]) => {
    setSaving(true)
    const saved = await onSave(next)
    setSaving(false)
    return saved
  }
  const add = async (event: FormEvent) => {
    event.preventDefault()
    const parsed = RootFolderSchema.safeParse({ path })
    if (!parsed.success) return setProblem(parsed.error.issues[0]?.message)
    if (folders.some((folder) => folder.path === parsed.data.path)) return setProblem('This folder is in the list already.')
    setProblem(undefined)
    if (await save([...folders, parsed.data])) {
      setPath('')
      // The Add button turns disabled with the field empty; keep the focus in the form for the next folder.
      document.getElementById(`${id}-path`)?.focus()
    }
  }

  return (
    <div className="space-y-3">
      {folders.length === 0 ? (
        <p className="text-sm text-zinc-500 dark:text-zinc-400">No folders yet.</p>
      ) : (
        <ul aria-label={label} className="divide-y divide-zinc-200 rounded-md border border-zinc-200 dark:divide-zinc-800 dark:border-zinc-800">
          {folders.map((folder) => (
            <li key={folder.path} className="flex items-center gap-3 px-3 py-1.5">
              <span className="min-w-0 flex-1">
                {folder.name && <span className="block text-sm">{folder.name}</span>}
                <span className="block truncate font-mono text-xs text-zinc-600 dark:text-zinc-400" title={folder.path}>
                  {folder.path}
                </span>
              </span>
              <button
                type="button"
                className={quietButton}
                disabled={saving}
                aria-label={`Remove ${folder.path}`}
                onClick={() => void save(folders.filter((other) => other.path !== folder.path))}
              >
                Remove
              </button>
            </li>
          ))}
        </ul>
      )}
      <form noValidate onSubmit={(event) => void add(event)} aria-label={`Add to ${label.toLowerCase()}`} className="space-y-1">
        <label htmlFor={`${id}-path`} className="block text-xs font-medium text-zinc-700 dark:text-zinc-300">
          Add a folder
        </label>
        <div className="flex gap-2">
          <div className="min-w-0 flex-1">
            <PathField
              id={`${id}-path`}
              kind="directory"
              value={path}
              onChange={(value) => {
                setPath(value)
                setProblem(undefined)
              }}
              title="Choose a folder for extensions"
              invalid={problem !== undefined}
              describedBy={problem ? `${id}-problem` : undefined}
              browseLabel="Browse for a folder"
            />
          </div>
          <button type="submit" className={smallSecondaryButton} disabled={saving || path.trim() === ''}>
            Add
          </button>
        </div>
        {problem && (
          <p id={`${id}-problem`} role="alert" className="text-xs text-red-700 dark:text-red-300">
            {problem}
          </p>
        )}
      </form>
    </div>
  )
}
