/**
 * A path input: text to type or paste a full path, plus "Browse…" where the app can open the
 * system dialog (Electron, through `pick_path`). Browser mode has no dialog that can return a
 * path, so there the field is text only. Reusable by every install tab.
 */
import { useState } from 'react'
import { useHostClient } from '../../../mcp/hostContext'
import { useConnectionStore } from '../../../stores/connectionStore'
import { smallSecondaryButton, textInput } from '../../ui'

interface Props {
  id: string
  kind: 'file' | 'directory'
  value: string
  onChange: (value: string) => void
  /** The dialog's title, e.g. the field's label. */
  title?: string
  placeholder?: string
  disabled?: boolean
  invalid?: boolean
  required?: boolean
  describedBy?: string
  /** Accessible name of the Browse button when several path fields share a label. */
  browseLabel?: string
}

export function PathField({ id, kind, value, onChange, title, placeholder, disabled = false, invalid = false, required = false, describedBy, browseLabel }: Props) {
  const client = useHostClient()
  const electron = useConnectionStore((state) => state.endpoint) === 'electron'
  const [dialogGone, setDialogGone] = useState(false)
  const [picking, setPicking] = useState(false)

  const browse = async () => {
    setPicking(true)
    try {
      const picked = await client.call('pick_path', { kind, title })
      if ('path' in picked) onChange(picked.path)
      else if ('unavailable' in picked) setDialogGone(true)
    } catch {
      setDialogGone(true)
    } finally {
      setPicking(false)
    }
  }

  return (
    <div className="flex gap-2">
      <input
        id={id}
        className={`${textInput} font-mono`}
        type="text"
        autoComplete="off"
        spellCheck={false}
        placeholder={placeholder ?? (kind === 'directory' ? '/full/path/to/a/folder' : '/full/path/to/a/file')}
        value={value}
        disabled={disabled}
        aria-invalid={invalid || undefined}
        aria-required={required || undefined}
        aria-describedby={describedBy}
        onChange={(event) => onChange(event.target.value)}
      />
      {electron && !dialogGone && (
        <button type="button" className={smallSecondaryButton} disabled={disabled || picking} aria-label={browseLabel} onClick={() => void browse()}>
          Browse…
        </button>
      )}
    </div>
  )
}
