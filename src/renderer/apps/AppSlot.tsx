/**
 * Where a tool card shows its App: the App itself when the tool has one and this window can show
 * Apps, or a placeholder when the App's extension is gone (a saved call of an uninstalled server).
 */
import { lazy, Suspense } from 'react'
import type { ToolCallView } from '../../shared/hostApi'
import { useAppsStore } from '../stores/appsStore'

// The bridge (ext-apps and the v2 SDK) loads with the first App, not with the window.
const AppFrame = lazy(() => import('./AppFrame').then((module) => ({ default: module.AppFrame })))

export function AppSlot({ call }: { call: ToolCallView }) {
  const entry = useAppsStore((state) => state.apps?.tools.find((tool) => tool.name === call.toolName))
  const canShowApps = useAppsStore((state) => state.apps?.canShowApps ?? false)
  // The App appears once the call may run: not while it waits for approval.
  if (!entry || !canShowApps || call.state === 'pending-approval') return null
  if (!entry.available) {
    return (
      <p data-testid="app-unavailable" className="border-t border-zinc-200 px-3 py-2 text-xs text-zinc-600 dark:border-zinc-700/80 dark:text-zinc-400">
        This call had an App from {entry.extensionName}, which is not installed or not running now. Install or start “{entry.extensionId}” in Settings → Extensions to see it
        again; the result below is what the tool returned.
      </p>
    )
  }
  return (
    <Suspense fallback={<p className="border-t border-zinc-200 px-3 py-2 text-xs text-zinc-500 dark:border-zinc-700/80">Loading the App of {entry.extensionName}…</p>}>
      <AppFrame call={call} entry={entry} />
    </Suspense>
  )
}
