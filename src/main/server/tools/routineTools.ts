/**
 * The routines app tools: made and changed by the person only. These are host tools (the window and
 * the host API); they are in no model's catalog and the gateway serves no host tool, so neither a
 * model nor a connected app can create or edit a routine.
 */
import type { HostServices } from '../hostServices'
import type { ToolRegistrar } from './resourceTools'

export function registerRoutineTools(tool: ToolRegistrar, { routines }: Pick<HostServices, 'routines'>): void {
  tool('routine_save', 'Add or change a routine: an agent asked to do something on a schedule (presets or cron, in a time zone), with limits for unattended runs.', (args) => routines.save(args))
  tool('routine_remove', 'Remove a routine and its run records (the sessions of its runs stay).', ({ id }) => routines.remove(id))
  tool('routine_pause', 'Pause a routine: it does not run until resumed.', ({ id }) => routines.pause(id))
  tool('routine_resume', 'Resume a paused routine; what it missed while paused is not run.', ({ id }) => routines.resume(id))
  tool('routine_run_now', 'Run a routine now (skipped, and recorded, while its previous run is going).', ({ id }) => routines.runNow(id))
  tool('routine_preview', 'The schedule in words and its next five run times, or what is wrong with it.', async ({ schedule, timeZone }) => routines.preview(schedule, timeZone))
  tool('routine_options_set', 'Change the routine options: the catch-up window (1 hour to 7 days) and keeping Switchboard in the tray when the window closes.', (patch) => routines.setOptions(patch))
}
