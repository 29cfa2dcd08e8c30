/**
 * What an extension's state means for the person, under its name: the error (with the automatic
 * restart countdown), or the approval it waits for.
 */
import type { ExtensionView } from '../../../shared/hostApi'
import { useSecondsUntil } from '../../hooks/useSecondsUntil'
import { consentNote } from './extensionText'

interface Props {
  extension: ExtensionView
  /** The list clamps long errors; the details page shows them whole. */
  clamp?: boolean
}

export function ExtensionStateNote({ extension, clamp = false }: Props) {
  const seconds = useSecondsUntil(extension.restartAt)
  const consent = consentNote(extension)
  const restarting = seconds !== undefined ? `Restarting in ${seconds} s.` : extension.restartAt !== undefined ? 'Restarting…' : undefined
  if (!extension.error && !restarting && !consent) return null
  return (
    <div className="mt-1.5 space-y-1 text-xs">
      {extension.error && (
        <p
          title={clamp ? extension.error : undefined}
          className={`break-words whitespace-pre-wrap ${extension.status === 'needs-sign-in' ? 'text-amber-800 dark:text-amber-300' : 'font-mono text-red-700 dark:text-red-400'} ${clamp ? 'line-clamp-3' : ''}`}
        >
          {extension.error}
        </p>
      )}
      {restarting && (
        // No live region: a countdown announced every second would drown everything else out.
        <p className="font-medium text-amber-700 dark:text-amber-400">
          {restarting}
        </p>
      )}
      {consent && <p className="text-amber-800 dark:text-amber-300">{consent}</p>}
    </div>
  )
}
