/**
 * What features running on their own tell the activity log (docs/guide/activity.md), beside the tool
 * calls and the person's app tool calls it records itself: each routine run's start and end, and slots
 * skipped, missed or interrupted, with the routine as the caller.
 */
import type { ActivityEvent } from '../../shared/activityApi'
import type { RoutineEvent } from '../services/routines/routineService'

const WORDS: Record<RoutineEvent['kind'], string> = {
  'run-started': 'Routine run started',
  'run-ended': 'Routine run ended',
  skipped: 'Routine run skipped (the previous run was still going)',
  missed: 'Routine slot missed (older than the catch-up window)',
  interrupted: 'Routine run interrupted by a stop of Switchboard',
}

/** The activity record of one routine event. */
export function routineActivity(event: RoutineEvent): ActivityEvent {
  const outcome = event.kind === 'run-started' ? '' : ` — ${event.run.outcome}${event.run.note ? `: ${event.run.note}` : ''}`
  return {
    kind: 'routine',
    caller: { kind: 'routine', name: event.routine.name },
    ...(event.run.sessionId ? { sessionId: event.run.sessionId } : {}),
    subject: event.routine.id,
    summary: `${WORDS[event.kind]}: “${event.routine.name}” (${event.run.trigger}${event.run.slot ? `, slot ${event.run.slot}` : ''})${outcome}`.slice(0, 500),
  }
}
