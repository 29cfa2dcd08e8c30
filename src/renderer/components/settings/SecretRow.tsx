/**
 * One stored secret: where it is used, its name, "Set", and Replace (an empty password field) or
 * Remove (after a confirm step). The value itself never reaches this window.
 */
import { useEffect, useRef, useState } from 'react'
import type { SecretUse } from '../../../shared/hostApi'
import { useHostAction } from '../../hooks/useHostAction'
import { KeyIcon } from '../icons'
import { quietDangerButton, smallSecondaryButton } from '../ui'
import { SecretRemoveConfirm } from './SecretRemoveConfirm'
import { SecretReplaceForm } from './SecretReplaceForm'
import { secretUseLabel } from './secretText'

interface Props {
  name: string
  use: SecretUse
  /** The host removed it; the row is about to disappear, so focus should go somewhere else. */
  onRemoved: () => void
}

type Mode = 'view' | 'replace' | 'confirm-remove' | 'removing'

export function SecretRow({ name, use, onRemoved }: Props) {
  const act = useHostAction()
  const [mode, setMode] = useState<Mode>('view')
  const replaceButton = useRef<HTMLButtonElement>(null)
  const removeButton = useRef<HTMLButtonElement>(null)
  // The button that opened the form or the confirm step gets the focus back when it closes.
  const refocus = useRef<'replace' | 'remove' | null>(null)
  const label = secretUseLabel(use)

  useEffect(() => {
    if (mode !== 'view' || !refocus.current) return
    const opener = refocus.current === 'replace' ? replaceButton : removeButton
    opener.current?.focus()
    refocus.current = null
  }, [mode])

  const backToView = () => {
    refocus.current = mode === 'replace' ? 'replace' : 'remove'
    setMode('view')
  }
  const replace = async (value: string) => {
    const stored = await act('secret_set', { key: name, value })
    if (stored) backToView()
    return stored !== undefined
  }
  const remove = async () => {
    setMode('removing')
    if (await act('secret_delete', { key: name })) onRemoved()
    else backToView()
  }

  return (
    <li className={`px-4 py-3 transition-colors ${mode === 'view' ? '' : 'bg-zinc-50/80 dark:bg-zinc-800/30'}`}>
      <div className="flex items-center gap-3">
        <span
          aria-hidden="true"
          className="flex size-8 shrink-0 items-center justify-center rounded-md bg-indigo-50 text-indigo-600 dark:bg-indigo-500/10 dark:text-indigo-300"
        >
          <KeyIcon className="size-4" />
        </span>
        <div className="min-w-0 flex-1">
          <p className="truncate text-sm font-medium" title={label}>
            {label}
          </p>
          <p className="truncate font-mono text-xs text-zinc-500 dark:text-zinc-400" title={name}>
            {name}
          </p>
        </div>
        <span className="inline-flex shrink-0 items-center gap-1.5 rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-medium text-emerald-700 ring-1 ring-emerald-600/20 ring-inset dark:bg-emerald-500/10 dark:text-emerald-300 dark:ring-emerald-400/25">
          <span aria-hidden="true" className="size-1.5 rounded-full bg-emerald-500" />
          Set
        </span>
        {mode === 'view' && (
          <div className="flex shrink-0 items-center gap-1">
            <button ref={replaceButton} type="button" className={smallSecondaryButton} aria-label={`Replace ${name}`} onClick={() => setMode('replace')}>
              Replace
            </button>
            <button
              ref={removeButton}
              type="button"
              className={quietDangerButton}
              aria-label={`Remove ${name}`}
              onClick={() => setMode('confirm-remove')}
            >
              Remove
            </button>
          </div>
        )}
      </div>
      {mode === 'replace' && <SecretReplaceForm title={name} onReplace={replace} onCancel={backToView} />}
      {(mode === 'confirm-remove' || mode === 'removing') && (
        <SecretRemoveConfirm name={name} title={label} busy={mode === 'removing'} onConfirm={() => void remove()} onCancel={backToView} />
      )}
    </li>
  )
}
