/**
 * Settings → Connected apps (docs/guide/agents-and-connected-apps.md): turn the endpoint on, see its URL,
 * add an app by hand, and for each allowed app choose its agents and whether it gets the catalog's
 * tools, or revoke it. Everything shown is `switchboard://connected-apps`; changes are host tools.
 */
import { useRef, useState, type FormEvent } from 'react'
import { ConnectedAppsResourceSchema, HostResource } from '../../../shared/hostApi'
import { useHostResource } from '../../hooks/useHostResource'
import { useHostAction } from '../../hooks/useHostAction'
import { useConnectedAppsStore } from '../../stores/connectedAppsStore'
import { Switch } from '../Switch'
import { CopyButton } from '../CopyButton'
import { secondaryButton, textInput } from '../ui'
import { ConnectedAppRow } from './ConnectedAppRow'
import { ManagedNote } from '../policy/ManagedNote'
import { usePolicy } from '../policy/usePolicy'

export function ConnectedAppsSettings() {
  const view = useHostResource(HostResource.connectedApps, ConnectedAppsResourceSchema)
  const act = useHostAction()
  const showIssued = useConnectedAppsStore((state) => state.show)
  const [busy, setBusy] = useState(false)
  const [name, setName] = useState('')
  const urlShown = useRef<HTMLElement>(null)
  const managedOff = usePolicy()?.managed.connectedApps === false
  if (!view) return <p className="text-sm text-zinc-500">Loading…</p>

  const setEnabled = async (enabled: boolean) => {
    setBusy(true)
    await act('connected_apps_set_enabled', { enabled })
    setBusy(false)
  }
  const add = async (event: FormEvent) => {
    event.preventDefault()
    if (!name.trim()) return
    setBusy(true)
    const issued = await act('connected_app_add', { name: name.trim() })
    setBusy(false)
    if (issued) {
      setName('')
      showIssued(issued)
    }
  }

  return (
    <section aria-labelledby="connected-apps-heading" className="space-y-6">
      <div className="flex items-start gap-4">
        <div className="min-w-0 flex-1">
          <h2 id="connected-apps-heading" className="text-base font-semibold">
            Connected apps
          </h2>
          <p id="connected-apps-description" className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">
            Let Claude Code, VS Code, Cursor or a script use your agents — and, if you choose, your extensions' tools — over MCP on this computer. Every call they make asks here like the model's.
          </p>
          {managedOff && (
            <div className="mt-2">
              <ManagedNote id="connected-apps-managed" detail="connected apps are turned off." />
            </div>
          )}
        </div>
        <Switch
          checked={view.enabled}
          onChange={(next) => void setEnabled(next)}
          label="Serve connected apps"
          describedBy={managedOff ? 'connected-apps-description connected-apps-managed' : 'connected-apps-description'}
          disabled={busy || managedOff}
        />
      </div>
      {view.error && (
        <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-800 dark:bg-red-950/40 dark:text-red-200">
          {view.error}
        </p>
      )}
      {view.url && (
        <div className="space-y-1">
          <p className="text-xs font-semibold tracking-wide text-zinc-500 uppercase">Endpoint</p>
          <div className="flex items-center gap-2">
            <code ref={urlShown} className="rounded-md bg-zinc-100 px-2 py-1 font-mono text-sm dark:bg-zinc-800">
              {view.url}
            </code>
            <CopyButton text={view.url} shownIn={urlShown} label="Copy the endpoint URL" />
          </div>
          <p className="text-xs text-zinc-500 dark:text-zinc-400">An app that connects without a token is asked about in this window; allowing it shows its token and configs once.</p>
        </div>
      )}
      <div className="space-y-2">
        <h3 className="text-sm font-semibold">Allowed apps</h3>
        {view.apps.length > 0 ? (
          <ul aria-label="Allowed apps" className="space-y-2">
            {view.apps.map((app) => (
              <ConnectedAppRow key={app.id} app={app} agents={view.agents} />
            ))}
          </ul>
        ) : (
          <p className="text-sm text-zinc-500 dark:text-zinc-400">No app is allowed yet.</p>
        )}
      </div>
      <form onSubmit={(event) => void add(event)} className="flex items-end gap-2">
        <label className="flex min-w-0 flex-1 flex-col gap-1 text-sm">
          <span className="font-medium">Add an app by hand</span>
          <input className={textInput} value={name} onChange={(event) => setName(event.target.value)} placeholder="e.g. My script" maxLength={80} />
        </label>
        <button type="submit" className={secondaryButton} disabled={busy || !view.enabled || !name.trim()} title={view.enabled ? undefined : 'Turn connected apps on first'}>
          Add and show its token
        </button>
      </form>
    </section>
  )
}
