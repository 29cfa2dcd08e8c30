/**
 * Adds or edits a routine: name, agent, prompt, schedule (a preset or cron, in a time zone) with its
 * next five run times shown before saving (or what is wrong with it), where runs go, and the limits
 * of an unattended run (docs/guide/routines.md).
 */
import { useEffect, useId, useState } from 'react'
import { PermissionModeSchema, type RoutineView } from '../../../shared/hostApi'
import { useHostAction } from '../../hooks/useHostAction'
import { useHostClient } from '../../mcp/hostContext'
import { errorMessage } from '../../mcp/errorText'
import { useAgentsStore } from '../../stores/agentsStore'
import { modeLabel } from '../permissions/permissionText'
import { primaryButton, quietButton, textInput } from '../ui'
import { EditorForm } from '../EditorForm'
import { DAY_LABELS, draftOf, emptyDraft, inputOf, scheduleOf, when, type RoutineDraft, type ScheduleKind } from './routineDraft'

interface Props {
  routine?: RoutineView
  /** The system's time zone, for a new routine. */
  timeZone: string
  start?: { agentId: string; prompt: string; name: string; attachments?: { extensionId: string; uri: string }[] } | null
  onDone: () => void
}

const KINDS: { kind: ScheduleKind; label: string }[] = [
  { kind: 'daily', label: 'Every day at…' },
  { kind: 'weekdays', label: 'Weekdays at…' },
  { kind: 'weekly', label: 'Weekly on…' },
  { kind: 'every-hours', label: 'Every N hours' },
  { kind: 'at-start', label: 'When Switchboard starts' },
  { kind: 'cron', label: 'Cron expression' },
]

type Preview = { ok: true; cron?: string; text: string; runs: string[] } | { ok: false; error: string }

export function RoutineForm({ routine, timeZone, start, onDone }: Props) {
  const id = useId()
  const act = useHostAction()
  const client = useHostClient()
  const agents = useAgentsStore((state) => state.agents)?.agents ?? []
  const [draft, setDraft] = useState<RoutineDraft>(routine ? draftOf(routine) : emptyDraft(timeZone, start ?? undefined))
  const [saving, setSaving] = useState(false)
  const [preview, setPreview] = useState<Preview | null>(null)
  const set = (change: Partial<RoutineDraft>) => setDraft((current) => ({ ...current, ...change }))
  const scheduleKey = JSON.stringify([scheduleOf(draft), draft.timeZone])

  // The next five run times, asked of the host as the schedule changes (a short pause between keystrokes).
  useEffect(() => {
    let current = true
    const timer = setTimeout(() => {
      const [schedule, zone] = JSON.parse(scheduleKey) as [ReturnType<typeof scheduleOf>, string]
      client
        .call('routine_preview', { schedule, timeZone: zone })
        .then((result) => current && setPreview({ ok: true, text: result.scheduleText, runs: result.nextRuns, ...(result.cron ? { cron: result.cron } : {}) }))
        .catch((error: unknown) => current && setPreview({ ok: false, error: errorMessage(error) }))
    }, 250)
    return () => {
      current = false
      clearTimeout(timer)
    }
  }, [client, scheduleKey])

  const submit = async () => {
    setSaving(true)
    const saved = await act('routine_save', inputOf(draft, routine))
    setSaving(false)
    if (saved) onDone()
  }
  const number = (value: string, fallback: number) => (Number.isFinite(Number(value)) && value !== '' ? Number(value) : fallback)

  return (
    <EditorForm label={routine ? `Edit ${routine.name}` : 'New routine'} onSubmit={() => void submit()} onCancel={onDone}>
      <label className="grid gap-1 text-sm" htmlFor={`${id}-name`}>
        Name
        <input id={`${id}-name`} required autoFocus value={draft.name} onChange={(change) => set({ name: change.target.value })} placeholder="Morning inbox" className={textInput} />
      </label>
      <label className="grid gap-1 text-sm" htmlFor={`${id}-agent`}>
        Agent
        <select id={`${id}-agent`} value={draft.agentId} onChange={(change) => set({ agentId: change.target.value })} className={textInput}>
          {agents.map((agent) => (
            <option key={agent.id} value={agent.id}>
              {agent.name}
            </option>
          ))}
        </select>
      </label>
      <label className="grid gap-1 text-sm sm:col-span-2" htmlFor={`${id}-prompt`}>
        What the agent is asked each time
        <textarea id={`${id}-prompt`} required rows={3} value={draft.prompt} onChange={(change) => set({ prompt: change.target.value })} placeholder="Summarise my inbox and open issues." className={`${textInput} h-auto`} />
      </label>
      {draft.attachments.length > 0 && (
        <ul aria-label="Given with the prompt" className="flex flex-wrap gap-1 text-xs sm:col-span-2">
          {draft.attachments.map((attachment) => (
            <li key={`${attachment.extensionId} ${attachment.uri}`} className="flex items-center gap-1 rounded bg-zinc-100 px-1.5 dark:bg-zinc-800">
              <span className="font-mono">{attachment.uri}</span>
              <button type="button" className="text-zinc-500 hover:text-red-700" aria-label={`Leave out ${attachment.uri}`} onClick={() => set({ attachments: draft.attachments.filter((kept) => kept !== attachment) })}>
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
      <label className="grid gap-1 text-sm" htmlFor={`${id}-kind`}>
        Schedule
        <select id={`${id}-kind`} value={draft.kind} onChange={(change) => set({ kind: change.target.value as ScheduleKind })} className={textInput}>
          {KINDS.map((entry) => (
            <option key={entry.kind} value={entry.kind}>
              {entry.label}
            </option>
          ))}
        </select>
      </label>
      {(draft.kind === 'daily' || draft.kind === 'weekdays' || draft.kind === 'weekly') && (
        <label className="grid gap-1 text-sm" htmlFor={`${id}-time`}>
          Time
          <input id={`${id}-time`} type="time" required value={draft.time} onChange={(change) => set({ time: change.target.value })} className={textInput} />
        </label>
      )}
      {draft.kind === 'every-hours' && (
        <label className="grid gap-1 text-sm" htmlFor={`${id}-hours`}>
          Every … hours
          <input id={`${id}-hours`} type="number" min={1} max={168} value={draft.hours} onChange={(change) => set({ hours: number(change.target.value, 1) })} className={textInput} />
        </label>
      )}
      {draft.kind === 'cron' && (
        <label className="grid gap-1 text-sm" htmlFor={`${id}-cron`}>
          Cron (minute hour day month weekday)
          <input id={`${id}-cron`} required value={draft.cron} onChange={(change) => set({ cron: change.target.value })} className={`${textInput} font-mono`} />
        </label>
      )}
      {draft.kind === 'weekly' && (
        <fieldset className="flex flex-wrap gap-2 text-sm sm:col-span-2">
          <legend className="mb-1">Days</legend>
          {DAY_LABELS.map((label, day) => (
            <label key={label} className="flex items-center gap-1">
              <input type="checkbox" checked={draft.days.includes(day)} onChange={(change) => set({ days: change.target.checked ? [...draft.days, day] : draft.days.filter((chosen) => chosen !== day) })} />
              {label}
            </label>
          ))}
        </fieldset>
      )}
      <label className="grid gap-1 text-sm" htmlFor={`${id}-zone`}>
        Time zone
        <input id={`${id}-zone`} required value={draft.timeZone} onChange={(change) => set({ timeZone: change.target.value })} className={textInput} />
      </label>
      <div role="status" aria-label="Next runs" className="text-xs text-zinc-600 sm:col-span-2 dark:text-zinc-400">
        {preview === null ? (
          'Working out the next runs…'
        ) : preview.ok ? (
          <>
            <span>
              {preview.text}
              {preview.cron && (
                <>
                  {' '}
                  · <code className="font-mono">{preview.cron}</code>
                </>
              )}
            </span>
            {preview.runs.length > 0 ? (
              <ol className="mt-1 list-inside list-decimal">
                {preview.runs.map((run) => (
                  <li key={run}>{when(run, draft.timeZone)}</li>
                ))}
              </ol>
            ) : (
              <p className="mt-1">Runs each time Switchboard starts.</p>
            )}
          </>
        ) : (
          <span className="text-red-700 dark:text-red-300">{preview.error}</span>
        )}
      </div>
      <fieldset className="grid gap-1 text-sm sm:col-span-2">
        <legend className="mb-1">Runs go to</legend>
        <label className="flex items-center gap-2">
          <input type="radio" name={`${id}-destination`} checked={!draft.oneSession} onChange={() => set({ oneSession: false })} />A new conversation each time
        </label>
        <label className="flex items-center gap-2">
          <input type="radio" name={`${id}-destination`} checked={draft.oneSession} onChange={() => set({ oneSession: true })} />
          One conversation that each run adds to
        </label>
      </fieldset>
      <label className="grid gap-1 text-sm" htmlFor={`${id}-mode`}>
        Permission mode (never looser than the agent’s)
        <select id={`${id}-mode`} value={draft.mode} onChange={(change) => set({ mode: PermissionModeSchema.parse(change.target.value) })} className={textInput}>
          {PermissionModeSchema.options.map((mode) => (
            <option key={mode} value={mode}>
              {modeLabel(mode)}
            </option>
          ))}
        </select>
      </label>
      <label className="grid gap-1 text-sm" htmlFor={`${id}-wait`}>
        Wait for approval (minutes)
        <input id={`${id}-wait`} type="number" min={1} max={draft.maxMinutes} value={draft.approvalWaitMinutes} onChange={(change) => set({ approvalWaitMinutes: number(change.target.value, 5) })} className={textInput} />
      </label>
      <label className="grid gap-1 text-sm" htmlFor={`${id}-calls`}>
        At most … tool calls
        <input id={`${id}-calls`} type="number" min={1} max={1000} value={draft.maxToolCalls} onChange={(change) => set({ maxToolCalls: number(change.target.value, 25) })} className={textInput} />
      </label>
      <label className="grid gap-1 text-sm" htmlFor={`${id}-tokens`}>
        At most … tokens
        <input id={`${id}-tokens`} type="number" min={1000} step={1000} value={draft.maxTokens} onChange={(change) => set({ maxTokens: number(change.target.value, 200_000) })} className={textInput} />
      </label>
      <label className="grid gap-1 text-sm" htmlFor={`${id}-minutes`}>
        At most … minutes
        <input id={`${id}-minutes`} type="number" min={1} max={1440} value={draft.maxMinutes} onChange={(change) => set({ maxMinutes: number(change.target.value, 30) })} className={textInput} />
      </label>
      <div className="flex items-end gap-2 sm:col-span-2">
        <button type="submit" className={primaryButton} disabled={saving || preview?.ok === false}>
          {routine ? 'Save routine' : 'Add routine'}
        </button>
        <button type="button" className={quietButton} onClick={onDone}>
          Cancel
        </button>
      </div>
    </EditorForm>
  )
}
