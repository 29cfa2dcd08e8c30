/** Settings → Routines: agents that work on a schedule while you are away (docs/guide/routines.md); loaded on first use. */
import { useState } from 'react'
import { ROUTINES_URI, RoutinesResourceSchema } from '../../../shared/hostApi'
import { useHostAction } from '../../hooks/useHostAction'
import { useHostResource } from '../../hooks/useHostResource'
import { useViewStore } from '../../stores/viewStore'
import { ManagedNote } from '../policy/ManagedNote'
import { secondaryButton, textInput } from '../ui'
import { RoutineForm } from './RoutineForm'
import { RoutineRow } from './RoutineRow'

export function RoutinesSettings() {
  const resource = useHostResource(ROUTINES_URI, RoutinesResourceSchema)
  const act = useHostAction()
  const start = useViewStore((state) => state.routineStart)
  const clearStart = useViewStore((state) => state.repeatAsRoutine)
  const [adding, setAdding] = useState(false)
  const routines = resource?.routines ?? []
  const timeZone = resource?.systemTimeZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone
  const formOpen = adding || start !== null
  const closeForm = () => {
    setAdding(false)
    clearStart(null)
  }

  return (
    <section aria-labelledby="routines-heading" className="space-y-4">
      <div>
        <h2 id="routines-heading" className="text-base font-semibold">
          Routines
        </h2>
        <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">
          A routine asks an agent to do something on a schedule. Runs happen only while Switchboard runs, with the limits you set: calls that need approval wait for you, then are denied.
        </p>
        {resource && !resource.enabled && <ManagedNote detail="routines are turned off; none runs, and none can be saved." />}
      </div>
      <ul aria-label="Routines" className="space-y-2">
        {routines.map((routine) => (
          <RoutineRow key={routine.id} routine={routine} timeZone={timeZone} />
        ))}
      </ul>
      {formOpen ? (
        <RoutineForm timeZone={timeZone} start={start} onDone={closeForm} />
      ) : (
        <button type="button" className={secondaryButton} disabled={resource?.enabled === false} onClick={() => setAdding(true)}>
          New routine
        </button>
      )}
      {resource && (
        <fieldset className="grid gap-2 text-sm">
          <legend className="mb-1 text-sm font-semibold">While you are away</legend>
          <label className="flex items-center gap-2">
            Catch up a time missed within
            <select value={resource.options.catchUpHours} onChange={(change) => void act('routine_options_set', { catchUpHours: Number(change.target.value) })} className={`${textInput} w-32!`}>
              {[1, 6, 12, 24, 48, 72, 168].map((hours) => (
                <option key={hours} value={hours}>
                  {hours < 24 ? `${hours} h` : `${hours / 24} day${hours === 24 ? '' : 's'}`}
                </option>
              ))}
            </select>
          </label>
          <label className="flex items-center gap-2">
            <input type="checkbox" checked={resource.options.keepRunningInTray === true} onChange={(change) => void act('routine_options_set', { keepRunningInTray: change.target.checked })} />
            Keep Switchboard in the tray when the window closes (the desktop app)
          </label>
          <label className="flex items-center gap-2">
            <input type="checkbox" checked={resource.options.startAtLogin} onChange={(change) => void act('routine_options_set', { startAtLogin: change.target.checked })} />
            Start Switchboard at login (the desktop app)
          </label>
        </fieldset>
      )}
    </section>
  )
}
