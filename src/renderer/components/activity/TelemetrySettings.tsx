/**
 * Settings → Telemetry (docs/guide/activity.md#telemetry): opt-in OpenTelemetry export over
 * OTLP/HTTP. The endpoint, headers whose values go to the keychain (never shown again), content
 * capture, and what happened: exported, dropped, failed, and why export is off or failing.
 */
import { useState } from 'react'
import { TELEMETRY_URI, TelemetryViewSchema } from '../../../shared/hostApi'
import { useHostAction } from '../../hooks/useHostAction'
import { useHostResource } from '../../hooks/useHostResource'
import { Switch } from '../Switch'
import { primaryButton, secondaryButton, textInput } from '../ui'

export function TelemetrySettings() {
  const view = useHostResource(TELEMETRY_URI, TelemetryViewSchema)
  const act = useHostAction()
  const [endpoint, setEndpoint] = useState<string | null>(null)
  const [headerName, setHeaderName] = useState('')
  const [headerValue, setHeaderValue] = useState('')
  if (!view) return <p className="text-sm text-zinc-500">Loading…</p>
  const managed = view.managed
  const stateWords = { off: 'Off', exporting: 'Exporting', failing: 'Failing', blocked: 'Off' }[view.state]

  return (
    <section aria-labelledby="telemetry-heading" className="space-y-4">
      <div className="flex items-start gap-4">
        <div className="min-w-0 flex-1">
          <h2 id="telemetry-heading" className="text-base font-semibold">
            Telemetry
          </h2>
          <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">
            Send traces of turns, model calls and tool calls to your OpenTelemetry collector (OTLP/HTTP), following the GenAI conventions. Arguments, results and messages stay out unless you turn on content capture. Export never slows a turn: when the collector falls behind, spans are dropped and counted.
          </p>
        </div>
        <Switch label="Export telemetry" checked={view.enabled} disabled={managed} onChange={(enabled) => void act('telemetry_set', { enabled })} />
      </div>
      {managed && <p className="text-sm text-amber-700 dark:text-amber-300">Set by your organization’s policy: the endpoint and headers cannot be changed here.</p>}
      <p role="status" className={`text-sm ${view.state === 'failing' || view.state === 'blocked' ? 'text-red-700 dark:text-red-300' : 'text-zinc-600 dark:text-zinc-400'}`}>
        {stateWords}. {view.reason ?? ''} {view.exported} spans sent, {view.dropped} dropped, {view.failedExports} failed exports.
      </p>
      <form
        className="flex items-end gap-2"
        onSubmit={(event) => {
          event.preventDefault()
          if (endpoint) void act('telemetry_set', { endpoint }).then((done) => done && setEndpoint(null))
        }}
      >
        <label className="min-w-0 flex-1 text-sm">
          Endpoint
          <input className={`${textInput} mt-1 w-full`} disabled={managed} placeholder="http://localhost:4318" value={endpoint ?? view.endpoint ?? ''} onChange={(event) => setEndpoint(event.target.value)} />
        </label>
        <button type="submit" className={primaryButton} disabled={managed || !endpoint}>
          Save
        </button>
      </form>
      <div className="space-y-2">
        <h3 className="text-sm font-semibold">Headers</h3>
        {view.headerNames.length === 0 ? (
          <p className="text-sm text-zinc-500">None. A collector that needs a key gets it as a header; its value is kept in the keychain.</p>
        ) : (
          <ul className="space-y-1">
            {view.headerNames.map((name) => (
              <li key={name} className="flex items-center gap-2 text-sm">
                <code>{name}</code>
                <span className="text-zinc-500">(value in the keychain)</span>
                {!managed && (
                  <button type="button" className={`${secondaryButton} ml-auto`} onClick={() => void act('telemetry_set', { headers: { [name]: null } })}>
                    Remove
                  </button>
                )}
              </li>
            ))}
          </ul>
        )}
        {!managed && (
          <form
            className="flex items-end gap-2"
            onSubmit={(event) => {
              event.preventDefault()
              void act('telemetry_set', { headers: { [headerName]: headerValue } }).then((done) => {
                if (!done) return
                setHeaderName('')
                setHeaderValue('')
              })
            }}
          >
            <input aria-label="Header name" className={`${textInput} w-40`} placeholder="x-api-key" value={headerName} onChange={(event) => setHeaderName(event.target.value)} />
            <input aria-label="Header value" type="password" autoComplete="off" className={`${textInput} min-w-0 flex-1`} value={headerValue} onChange={(event) => setHeaderValue(event.target.value)} />
            <button type="submit" className={secondaryButton} disabled={!headerName || !headerValue}>
              Add header
            </button>
          </form>
        )}
      </div>
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" checked={view.captureContent} disabled={managed} onChange={(event) => void act('telemetry_set', { captureContent: event.target.checked })} />
        Capture content: arguments, results and message text go into spans (they may hold personal data)
      </label>
    </section>
  )
}
