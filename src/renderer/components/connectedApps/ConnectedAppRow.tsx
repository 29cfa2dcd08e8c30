/** One allowed app: when it was last used, its agents (all or chosen), the gateway switch, its session cap, and Revoke. */
import { useState } from 'react'
import type { ConnectedApp, ConnectedAppScope, ConnectedAppsResource } from '../../../shared/hostApi'
import { useHostAction } from '../../hooks/useHostAction'
import { InlineConfirm } from '../InlineConfirm'
import { Switch } from '../Switch'
import { VisibleText } from '../VisibleText'
import { quietDangerButton } from '../ui'
import { SessionCapField } from './SessionCapField'

interface Props {
  app: ConnectedApp
  agents: ConnectedAppsResource['agents']
}

const when = (iso: string | undefined) => (iso ? new Date(iso).toLocaleString() : 'never')

export function ConnectedAppRow({ app, agents }: Props) {
  const act = useHostAction()
  const [busy, setBusy] = useState(false)
  const [confirming, setConfirming] = useState(false)
  const update = async (change: { scope?: ConnectedAppScope; maxSessions?: number }) => {
    setBusy(true)
    await act('connected_app_update', { id: app.id, ...change })
    setBusy(false)
  }
  const chosen = app.scope.agents === 'all' ? agents.map((agent) => agent.id) : app.scope.agents
  const toggleAgent = (id: string, on: boolean) => {
    const next = on ? [...new Set([...chosen, id])] : chosen.filter((agent) => agent !== id)
    void update({ scope: { ...app.scope, agents: agents.every((agent) => next.includes(agent.id)) ? 'all' : next } })
  }
  const revoke = async () => {
    setBusy(true)
    await act('connected_app_revoke', { id: app.id })
    setBusy(false)
  }

  return (
    <li aria-label={app.name} className="rounded-lg border border-zinc-200 p-3 dark:border-zinc-800">
      <div className="flex items-start gap-3">
        <div className="min-w-0 flex-1">
          <p className="font-medium break-words">
            <VisibleText text={app.name} />
          </p>
          <p className="text-xs text-zinc-500 dark:text-zinc-400">
            Allowed {when(app.created)} · last used {when(app.lastUsed)} · {app.openSessions} of at most {app.maxSessions} open session{app.maxSessions === 1 ? '' : 's'}
          </p>
        </div>
        <button type="button" className={quietDangerButton} disabled={busy} onClick={() => setConfirming(true)}>
          Revoke
        </button>
      </div>
      <fieldset className="mt-3 space-y-1" disabled={busy}>
        <legend className="text-xs font-semibold tracking-wide text-zinc-500 uppercase">Agents</legend>
        {agents.map((agent) => (
          <label key={agent.id} className="flex items-center gap-2 text-sm">
            <input type="checkbox" checked={chosen.includes(agent.id)} onChange={(event) => toggleAgent(agent.id, event.target.checked)} />
            {agent.name}
          </label>
        ))}
      </fieldset>
      <div className="mt-3 flex items-center gap-3 text-sm">
        <Switch checked={app.scope.gateway} onChange={(gateway) => void update({ scope: { ...app.scope, gateway } })} label={`Let ${app.name} use your extensions' tools`} disabled={busy} />
        <span>Also your extensions&apos; tools (gateway), each call approved here</span>
      </div>
      <SessionCapField key={app.maxSessions} appName={app.name} value={app.maxSessions} disabled={busy} onSave={(maxSessions) => void update({ maxSessions })} />
      {confirming && (
        <InlineConfirm label={`Revoke ${app.name}?`} confirm="Revoke" busyText="Revoking…" busy={busy} onConfirm={() => void revoke()} onCancel={() => setConfirming(false)}>
          {app.name} loses access at once and its open sessions close. To connect it again, allow it again.
        </InlineConfirm>
      )}
    </li>
  )
}
