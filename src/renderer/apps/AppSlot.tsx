/**
 * Where a tool card shows its App: the App itself when the tool has one and this window can show
 * Apps, or a placeholder when the App's extension is gone (a saved call of an uninstalled server).
 */
import { lazy, Suspense, useCallback, useRef, useState } from 'react'
import type { AppToolEntry, ToolCallView } from '../../shared/hostApi'
import { useAppsStore } from '../stores/appsStore'
import { appHeight } from './appHeights'
import type { AppDisplayMode } from './hostStyles'
import { useOnScreen } from './useOnScreen'

/** How long a card stays on screen before its App starts (scrolling past starts nothing). */
const SETTLE_MS = 150

// The bridge (ext-apps and the v2 SDK) loads with the first App, not with the window.
const AppFrame = lazy(() => import('./AppFrame').then((module) => ({ default: module.AppFrame })))

export function AppSlot({ call }: { call: ToolCallView }) {
  const entry = useAppsStore((state) => state.apps?.tools.find((tool) => tool.name === call.toolName))
  const canShowApps = useAppsStore((state) => state.apps?.canShowApps ?? false)
  // The App appears while the model writes the call (it is fed the input as it grows) or once the
  // call may run. A call that arrived whole waits for its approval first; an App already shown
  // while the call was written stays through the approval (nothing it asks runs without the same gate).
  const [wasWriting, setWasWriting] = useState(false)
  if (call.state === 'writing' && !wasWriting) setWasWriting(true)
  if (!entry || !canShowApps || (call.state === 'pending-approval' && !wasWriting)) return null
  if (!entry.available) {
    return (
      <p data-testid="app-unavailable" className="border-t border-zinc-200 px-3 py-2 text-xs text-zinc-600 dark:border-zinc-700/80 dark:text-zinc-400">
        This call had an App from {entry.extensionName}, which is not installed or not running now. Install or start “{entry.extensionId}” in Settings → Extensions to see it
        again; the result below is what the tool returned.
      </p>
    )
  }
  return <AppWhenOnScreen call={call} entry={entry} />
}

/** The App runs only while its card is on screen; elsewhere a box of its last size keeps the layout still. */
function AppWhenOnScreen({ call, entry }: { call: ToolCallView; entry: AppToolEntry }) {
  const box = useRef<HTMLDivElement>(null)
  const onScreen = useOnScreen(box, SETTLE_MS)
  // A picture-in-picture App floats over the conversation: it stays while its card scrolls away
  // (as long as the card's row is rendered at all).
  const [floating, setFloating] = useState(false)
  const onModeChange = useCallback((mode: AppDisplayMode) => setFloating(mode === 'pip'), [])
  const mounted = onScreen || floating
  return (
    <div ref={box} data-app-slot={call.callId} style={mounted ? undefined : { height: appHeight(call.callId) }}>
      {mounted && (
        <Suspense fallback={<p className="border-t border-zinc-200 px-3 py-2 text-xs text-zinc-500 dark:border-zinc-700/80">Loading the App of {entry.extensionName}…</p>}>
          <AppFrame call={call} entry={entry} onModeChange={onModeChange} />
        </Suspense>
      )}
    </div>
  )
}
