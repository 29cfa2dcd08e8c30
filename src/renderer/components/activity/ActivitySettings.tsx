/**
 * Settings → Activity (docs/guide/activity.md): what ran and who allowed it. A virtualized list of
 * the records, newest first, with filters and search (the page is read from switchboard://activity
 * with the filter in its query, re-read on every batch the log writes); older pages load as the
 * list scrolls to its end. A record's details link to its conversation. Verify, export (JSONL, CSV)
 * and how long to keep the log.
 */
import { useCallback, useEffect, useRef, useState } from 'react'
import { useVirtualizer } from '@tanstack/react-virtual'
import { describeCaller } from '../../../shared/hostApi'
import { ACTIVITY_URI, ActivityPageSchema, DEFAULT_RETENTION_DAYS, activityPageUri, type ActivityFilter, type ActivityPage, type ActivityRecord, type VerifyReport } from '../../../shared/activityApi'
import { useHostClient } from '../../mcp/hostContext'
import { useHostAction } from '../../hooks/useHostAction'
import { useViewStore } from '../../stores/viewStore'
import { quietSelect, secondaryButton, textInput } from '../ui'

const ROW_HEIGHT = 44
const CALLERS = ['person', 'model', 'agent-chain', 'connected-app', 'mcp-app', 'hook', 'routine', 'extension'] as const

function describe(record: ActivityRecord): string {
  if (record.kind === 'tool-call') return `${record.tool ?? ''} — ${record.decision?.verdict === 'deny' ? 'refused' : 'allowed'} by ${record.decision?.by ?? '?'}${record.decision?.asked ? ' (asked)' : ''}`
  if (record.kind === 'tool-result') return `${record.tool ?? ''} — ${record.outcome ?? ''}${record.durationMs !== undefined ? `, ${record.durationMs} ms` : ''}`
  return record.summary ?? record.kind
}

/** Hands the export to the browser as a download (browser mode has no save dialog). */
function download(fileName: string, text: string, format: 'jsonl' | 'csv') {
  const url = URL.createObjectURL(new Blob([text], { type: format === 'csv' ? 'text/csv' : 'application/x-ndjson' }))
  const link = document.createElement('a')
  link.href = url
  link.download = fileName
  link.click()
  URL.revokeObjectURL(url)
}

export function ActivitySettings() {
  const client = useHostClient()
  const act = useHostAction()
  const selectSession = useViewStore((state) => state.selectSession)
  const [filter, setFilter] = useState<ActivityFilter>({})
  const [newest, setNewest] = useState<ActivityPage | null>(null)
  const [older, setOlder] = useState<ActivityRecord[]>([])
  const [next, setNext] = useState<number | undefined>(undefined)
  const [loading, setLoading] = useState(false)
  const [selected, setSelected] = useState<ActivityRecord | null>(null)
  const [report, setReport] = useState<VerifyReport | null>(null)
  const [days, setDays] = useState<string>('')
  const scroller = useRef<HTMLDivElement>(null)

  // The newest page for this filter, re-read whenever the log writes a batch.
  useEffect(() => {
    setOlder([])
    setNext(undefined)
    return client.subscribe(ACTIVITY_URI, ActivityPageSchema, (page) => setNewest(page), () => activityPageUri(filter))
  }, [client, filter])
  useEffect(() => setNext((current) => (older.length === 0 ? newest?.next : current)), [newest, older.length])

  const records = [...(newest?.records ?? []), ...older]
  const loadOlder = useCallback(async () => {
    if (loading || next === undefined) return
    setLoading(true)
    try {
      const page = await client.read(activityPageUri({ ...filter, before: next }), ActivityPageSchema)
      setOlder((current) => [...current, ...page.records])
      setNext(page.next)
    } finally {
      setLoading(false)
    }
  }, [client, filter, loading, next])

  // The virtualizer keeps mutable state that the React Compiler cannot see into; it re-renders through its own subscription.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({ count: records.length, getScrollElement: () => scroller.current, estimateSize: () => ROW_HEIGHT, overscan: 8 })
  const items = virtualizer.getVirtualItems()
  const last = items.at(-1)
  useEffect(() => {
    if (last && last.index >= records.length - 5) void loadOlder()
  }, [last, records.length, loadOlder])

  const set = (patch: Partial<ActivityFilter>) => setFilter((current) => Object.fromEntries(Object.entries({ ...current, ...patch }).filter(([, value]) => value !== undefined && value !== '')) as ActivityFilter)
  const exportAs = async (format: 'jsonl' | 'csv') => {
    const result = await act('activity_export', { format, filter, save: true })
    if (result?.text !== undefined) download(result.fileName, result.text, format)
  }
  const status = newest?.status

  return (
    <section aria-labelledby="activity-heading" className="space-y-4">
      <div>
        <h2 id="activity-heading" className="text-base font-semibold">
          Activity
        </h2>
        <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">
          Every tool call, who asked, what decided it and how it ended; installs, sign-ins, answers and permission changes too. Arguments are never kept: only their names, sizes and a keyed digest. Records are chained, so Verify finds an edited, removed or reordered one.
        </p>
        {status && (
          <p className="mt-1 text-xs text-zinc-500 dark:text-zinc-400">
            {status.newest} records · kept {status.retentionDays} days · {status.keyed === 'keychain' ? 'digest key in the keychain' : 'no keychain: the digest key lasts for this run only'}
            {status.problem && <span className="block text-red-700 dark:text-red-300">{status.problem}</span>}
          </p>
        )}
      </div>

      <div role="search" aria-label="Filter the activity" className="flex flex-wrap items-center gap-2">
        <input type="search" aria-label="Search the activity" placeholder="Search…" className={`${textInput} w-48`} value={filter.q ?? ''} onChange={(event) => set({ q: event.target.value })} />
        <select aria-label="Caller" className={quietSelect} value={filter.caller ?? ''} onChange={(event) => set({ caller: event.target.value })}>
          <option value="">Any caller</option>
          {CALLERS.map((kind) => (
            <option key={kind} value={kind}>
              {kind}
            </option>
          ))}
        </select>
        <input aria-label="Extension" placeholder="Extension id" className={`${textInput} w-32`} value={filter.extension ?? ''} onChange={(event) => set({ extension: event.target.value })} />
        <select aria-label="Decision" className={quietSelect} value={filter.decision ?? ''} onChange={(event) => set({ decision: (event.target.value || undefined) as ActivityFilter['decision'] })}>
          <option value="">Any decision</option>
          <option value="allow">Allowed</option>
          <option value="deny">Refused</option>
          <option value="asked">Asked</option>
        </select>
        <select aria-label="Outcome" className={quietSelect} value={filter.outcome ?? ''} onChange={(event) => set({ outcome: (event.target.value || undefined) as ActivityFilter['outcome'] })}>
          <option value="">Any outcome</option>
          {(['ok', 'tool-error', 'failed', 'timed-out', 'cancelled', 'not-run'] as const).map((outcome) => (
            <option key={outcome} value={outcome}>
              {outcome}
            </option>
          ))}
        </select>
        <label className="text-xs text-zinc-500">
          From <input type="date" aria-label="From" className={textInput} value={filter.from?.slice(0, 10) ?? ''} onChange={(event) => set({ from: event.target.value ? `${event.target.value}T00:00:00.000Z` : undefined })} />
        </label>
        <label className="text-xs text-zinc-500">
          To <input type="date" aria-label="To" className={textInput} value={filter.to?.slice(0, 10) ?? ''} onChange={(event) => set({ to: event.target.value ? `${event.target.value}T23:59:59.999Z` : undefined })} />
        </label>
      </div>

      <div ref={scroller} role="list" aria-label="Activity records, newest first" className="h-96 overflow-y-auto rounded-md border border-zinc-200 dark:border-zinc-800">
        {records.length === 0 ? (
          <p className="p-4 text-sm text-zinc-500 dark:text-zinc-400">{newest ? 'Nothing recorded matches.' : 'Loading…'}</p>
        ) : (
          <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
            {items.map((item) => {
              const record = records[item.index]!
              const who = record.caller ? describeCaller(record.caller) : ''
              const what = describe(record)
              return (
                <div key={record.seq} role="listitem" style={{ position: 'absolute', top: 0, left: 0, right: 0, height: ROW_HEIGHT, transform: `translateY(${item.start}px)` }}>
                  <button
                    type="button"
                    aria-pressed={selected?.seq === record.seq}
                    className={`flex h-full w-full items-center gap-3 px-3 text-left text-sm hover:bg-zinc-100 dark:hover:bg-zinc-800 ${record.decision?.verdict === 'deny' ? 'text-red-700 dark:text-red-300' : ''}`}
                    onClick={() => setSelected(record)}
                  >
                    <span className="w-36 shrink-0 text-xs text-zinc-500 tabular-nums">{new Date(record.time).toLocaleString()}</span>
                    <span className="w-40 shrink-0 truncate" title={who}>
                      {who}
                    </span>
                    <span className="min-w-0 flex-1 truncate" title={what}>
                      {what}
                    </span>
                  </button>
                </div>
              )
            })}
          </div>
        )}
      </div>

      {selected && (
        <div aria-label="Record details" className="space-y-2 rounded-md border border-zinc-200 p-3 text-sm dark:border-zinc-800">
          <div className="flex items-center gap-2">
            <h3 className="font-semibold">Record #{selected.seq}</h3>
            {selected.sessionId && (
              <button type="button" className={secondaryButton} onClick={() => selectSession(selected.sessionId!)}>
                Open the conversation
              </button>
            )}
            {selected.callId && (
              <button type="button" className={secondaryButton} onClick={() => set({ callId: selected.callId })}>
                This call only
              </button>
            )}
            <button type="button" className={`${secondaryButton} ml-auto`} onClick={() => setSelected(null)}>
              Close
            </button>
          </div>
          <pre className="max-h-64 overflow-auto text-xs whitespace-pre-wrap">{JSON.stringify(selected, null, 2)}</pre>
        </div>
      )}

      <div className="flex flex-wrap items-center gap-2">
        <button type="button" className={secondaryButton} onClick={async () => setReport((await act('activity_verify', {})) ?? null)}>
          Verify
        </button>
        <button type="button" className={secondaryButton} onClick={() => void exportAs('jsonl')}>
          Export JSONL…
        </button>
        <button type="button" className={secondaryButton} onClick={() => void exportAs('csv')}>
          Export CSV…
        </button>
        {filter.callId && (
          <button type="button" className={secondaryButton} onClick={() => set({ callId: undefined })}>
            All calls
          </button>
        )}
        <label className="ml-auto flex items-center gap-2 text-sm">
          Keep for
          <input
            type="number"
            min={1}
            max={3650}
            aria-label="Days to keep activity"
            className={`${textInput} w-20`}
            placeholder={String(status?.retentionDays ?? DEFAULT_RETENTION_DAYS)}
            value={days}
            onChange={(event) => setDays(event.target.value)}
          />
          days
          <button type="button" className={secondaryButton} disabled={!/^\d+$/.test(days)} onClick={async () => (await act('activity_set_retention', { days: Number(days) })) && setDays('')}>
            Save
          </button>
        </label>
      </div>
      {report && (
        <div role="status" className={`rounded-md p-3 text-sm ${report.ok ? 'bg-emerald-50 dark:bg-emerald-950' : 'bg-red-50 dark:bg-red-950'}`}>
          <p>{report.summary}</p>
          {report.breaks.length > 0 && (
            <ul className="mt-2 list-disc pl-5">
              {report.breaks.map((entry, index) => (
                <li key={index}>
                  {entry.file}
                  {entry.line > 0 ? `, line ${entry.line}` : ''}
                  {entry.seq !== undefined ? ` (#${entry.seq})` : ''}: {entry.problem}
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </section>
  )
}
