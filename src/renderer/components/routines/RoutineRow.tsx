/** One routine: its schedule in words and cron, next run, last runs (each linking to its conversation), and Run now / Pause / Edit / Delete (asks). */
import { useState } from 'react'
import type { RoutineView } from '../../../shared/hostApi'
import { useHostAction } from '../../hooks/useHostAction'
import { useViewStore } from '../../stores/viewStore'
import { InlineConfirm } from '../InlineConfirm'
import { quietButton, quietDangerButton } from '../ui'
import { RoutineForm } from './RoutineForm'
import { OUTCOME_WORDS, when } from './routineDraft'

const RUNS_SHOWN = 5

export function RoutineRow({ routine, timeZone }: { routine: RoutineView; timeZone: string }) {
  const act = useHostAction()
  const selectSession = useViewStore((state) => state.selectSession)
  const [editing, setEditing] = useState(false)
  const [confirming, setConfirming] = useState(false)
  const [busy, setBusy] = useState(false)
  const running = routine.lastRuns[0]?.outcome === 'running' || routine.lastRuns[0]?.outcome === 'waiting'

  const remove = async () => {
    setBusy(true)
    if (!(await act('routine_remove', { id: routine.id }))) {
      setBusy(false)
      setConfirming(false)
    }
  }

  return (
    <li aria-label={routine.name} className="rounded-lg border border-zinc-200 p-3 text-sm dark:border-zinc-700">
      <div className="flex flex-wrap items-center gap-2">
        <span className="font-medium">{routine.name}</span>
        {routine.paused && <span className="rounded bg-amber-100 px-1.5 text-xs text-amber-900 dark:bg-amber-900/40 dark:text-amber-200">Paused</span>}
        <span className="text-xs text-zinc-500 dark:text-zinc-400">
          {routine.scheduleText}
          {routine.cron && (
            <>
              {' '}
              · <code className="font-mono">{routine.cron}</code>
            </>
          )}
        </span>
        <span className="ml-auto flex items-center gap-1">
          <button type="button" className={quietButton} disabled={running || routine.paused} onClick={() => void act('routine_run_now', { id: routine.id })} aria-label={`Run ${routine.name} now`}>
            Run now
          </button>
          <button type="button" className={quietButton} onClick={() => void act(routine.paused ? 'routine_resume' : 'routine_pause', { id: routine.id })}>
            {routine.paused ? 'Resume' : 'Pause'}
          </button>
          <button type="button" className={quietButton} aria-expanded={editing} onClick={() => setEditing(!editing)} aria-label={`Edit ${routine.name}`}>
            Edit
          </button>
          <button type="button" className={quietDangerButton} onClick={() => setConfirming(true)} aria-label={`Delete ${routine.name}`}>
            Delete
          </button>
        </span>
      </div>
      <p className="mt-1 text-xs text-zinc-600 dark:text-zinc-400">
        {routine.pausedReason ?? (routine.nextRun ? `Next run: ${when(routine.nextRun, routine.timeZone)}` : routine.paused ? 'Paused: it does not run until you resume it.' : 'No run is scheduled.')}
      </p>
      {routine.lastRuns.length > 0 && (
        <ul aria-label={`Last runs of ${routine.name}`} className="mt-2 space-y-0.5 text-xs">
          {routine.lastRuns.slice(0, RUNS_SHOWN).map((run) => (
            <li key={run.id} className="flex flex-wrap gap-2">
              <span className="text-zinc-500 dark:text-zinc-400">{when(run.slot ?? run.startedAt, routine.timeZone)}</span>
              {run.sessionId ? (
                <button type="button" className="underline" onClick={() => selectSession(run.sessionId!)}>
                  {OUTCOME_WORDS[run.outcome]}
                </button>
              ) : (
                <span>{OUTCOME_WORDS[run.outcome]}</span>
              )}
              {run.note && <span className="text-zinc-500 dark:text-zinc-400">{run.note}</span>}
            </li>
          ))}
        </ul>
      )}
      {confirming && (
        <InlineConfirm label={`Delete ${routine.name}?`} confirm="Delete" busyText="Deleting…" busy={busy} onConfirm={() => void remove()} onCancel={() => setConfirming(false)}>
          Delete {routine.name}? It stops running; the conversations of its runs stay.
        </InlineConfirm>
      )}
      {editing && <RoutineForm routine={routine} timeZone={timeZone} onDone={() => setEditing(false)} />}
    </li>
  )
}
