/**
 * A path typed or chosen: a text field with Folder… and .zip… buttons (the host's `pick_path`, which
 * browser mode does not offer: the buttons then do nothing and the field still takes a typed path),
 * and the form's own action button after them. Used where a folder or a .zip is installed (skills,
 * plugins).
 */
import type { ReactNode } from 'react'
import { useHostClient } from '../mcp/hostContext'
import { quietButton, textInput } from './ui'

export function PathField(props: { value: string; onChange: (value: string) => void; label: string; placeholder: string; folderTitle: string; zipTitle: string; children: ReactNode }) {
  const client = useHostClient()
  const pick = async (kind: 'file' | 'directory') => {
    const picked = await client
      .call('pick_path', kind === 'file' ? { kind, title: props.zipTitle, filters: [{ name: 'Zip archives', extensions: ['zip'] }] } : { kind, title: props.folderTitle })
      .catch(() => ({ unavailable: true as const }))
    if ('path' in picked) props.onChange(picked.path)
  }
  return (
    <div className="flex flex-wrap gap-2">
      <input className={`${textInput} min-w-0 flex-1`} aria-label={props.label} placeholder={props.placeholder} value={props.value} onChange={(event) => props.onChange(event.target.value)} />
      <button type="button" className={quietButton} onClick={() => void pick('directory')}>
        Folder…
      </button>
      <button type="button" className={quietButton} onClick={() => void pick('file')}>
        .zip…
      </button>
      {props.children}
    </div>
  )
}
