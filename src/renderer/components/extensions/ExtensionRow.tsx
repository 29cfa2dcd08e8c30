/**
 * One installed extension in the list: name (opens its details), state badge, what it brings, an
 * on/off switch, Restart, and Remove after a confirm step (built-in extensions say what they do and
 * can only be turned off).
 */
import { useEffect, useId, useRef, useState } from 'react'
import type { ExtensionView } from '../../../shared/hostApi'
import { useViewStore } from '../../stores/viewStore'
import { ChevronRightIcon } from '../icons'
import { quietDangerButton } from '../ui'
import { Switch } from '../Switch'
import { ExtensionRemoveConfirm } from './ExtensionRemoveConfirm'
import { ExtensionStateNote } from './ExtensionStateNote'
import { ExtensionTypeIcon } from './ExtensionTypeIcon'
import { StatusBadge } from './StatusBadge'
import { countsText, typeLabels } from './extensionText'
import { useExtensionControls } from './useExtensionControls'
import { RestartButton } from './RestartButton'
import { SignInButton } from './SignInControls'
import { BuiltInMark } from './BuiltInMark'

interface Props {
  extension: ExtensionView
  /** The host removed it; the row is about to disappear, so focus should go somewhere else. */
  onRemoved: () => void
}

type Mode = 'view' | 'confirm-remove' | 'removing'

export function ExtensionRow({ extension, onRemoved }: Props) {
  const id = useId()
  const showExtensions = useViewStore((state) => state.showExtensions)
  const controls = useExtensionControls(extension)
  const [mode, setMode] = useState<Mode>('view')
  const removeButton = useRef<HTMLButtonElement>(null)
  const refocus = useRef(false)
  const { name } = extension

  useEffect(() => {
    if (mode !== 'view' || !refocus.current) return
    refocus.current = false
    removeButton.current?.focus()
  }, [mode])

  const cancelRemove = () => {
    refocus.current = true
    setMode('view')
  }
  const remove = async () => {
    setMode('removing')
    if (await controls.remove()) onRemoved()
    else cancelRemove()
  }

  return (
    <li className={`px-4 py-3.5 transition-colors ${mode === 'view' ? '' : 'bg-zinc-50/80 dark:bg-zinc-800/30'}`}>
      {/* Narrow, the controls go under the name rather than squeezing it to a letter or two. */}
      <div className="flex flex-wrap items-start gap-3">
        <ExtensionTypeIcon type={extension.type} />
        <div className="min-w-0 grow basis-56">
          <div className="flex min-w-0 items-center gap-2">
            <button
              id={`${id}-name`}
              type="button"
              title={`Show details of ${name}`}
              onClick={() => showExtensions({ page: 'details', id: extension.id })}
              className="group/name inline-flex min-w-0 items-center gap-0.5 rounded text-left text-sm font-medium text-zinc-900 hover:text-indigo-700 dark:text-zinc-100 dark:hover:text-indigo-300"
            >
              <span className="truncate">{name}</span>
              <ChevronRightIcon className="size-3.5 text-zinc-400 transition-transform group-hover/name:translate-x-0.5 dark:text-zinc-500" />
            </button>
            <StatusBadge extension={extension} />
          </div>
          <p id={`${id}-summary`} className="mt-0.5 flex flex-wrap items-center gap-x-1.5 text-xs text-zinc-500 dark:text-zinc-400">
            <span>{typeLabels[extension.type]}</span>
            <span aria-hidden="true">·</span>
            <code className="font-mono">{extension.id}</code>
            <span aria-hidden="true">·</span>
            <span>{countsText(extension)}</span>
          </p>
          {extension.builtIn && <p className="mt-1 text-xs text-zinc-600 dark:text-zinc-400">{extension.builtIn.description}</p>}
          <ExtensionStateNote extension={extension} clamp />
        </div>
        <div className="ml-auto flex shrink-0 items-center gap-1">
          <SignInButton extension={extension} label={`Sign in to ${name}`} />
          <RestartButton controls={controls} label={`Restart ${name}`} busy={mode !== 'view'} />
          {extension.builtIn ? (
            <BuiltInMark />
          ) : (
            <button
              ref={removeButton}
              type="button"
              className={quietDangerButton}
              aria-label={`Remove ${name}`}
              disabled={mode !== 'view'}
              onClick={() => setMode('confirm-remove')}
            >
              Remove
            </button>
          )}
          <span aria-hidden="true" className="mx-1.5 h-5 w-px bg-zinc-200 dark:bg-zinc-700" />
          <Switch
            checked={controls.enabled}
            label={`Enable ${name}`}
            describedBy={`${id}-summary`}
            onChange={(next) => void controls.setEnabled(next)}
          />
        </div>
      </div>
      {mode !== 'view' && (
        <ExtensionRemoveConfirm name={name} busy={mode === 'removing'} onConfirm={() => void remove()} onCancel={cancelRemove} />
      )}
    </li>
  )
}
