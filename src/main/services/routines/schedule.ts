/**
 * A routine's schedule as times: the cron a preset stands for, the schedule in words, and the slots
 * (run times) after a point, in the routine's time zone. Cron parsing and time-zone arithmetic are
 * croner's (it runs a time that does not exist at the first minute after the gap, and a time that
 * happens twice once, at its first occurrence); every N hours is elapsed time, counted here.
 */
import { Cron } from 'croner'
import type { RoutineSchedule } from '../../../shared/routinesApi'

const DAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday']
const HOUR_MS = 3_600_000

/** A schedule Switchboard cannot run, with what is wrong and how to fix it. */
export class ScheduleError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'ScheduleError'
  }
}

/** The system's IANA time zone. */
export const systemTimeZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC'

/** Throws a ScheduleError naming the zone when it is not an IANA time zone. */
export function checkTimeZone(timeZone: string): void {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone })
  } catch {
    throw new ScheduleError(`"${timeZone}" is not a time zone Switchboard knows; use an IANA name such as "Europe/Berlin" or "America/New_York".`)
  }
}

/** The 5-field cron a schedule runs on; undefined for every-N-hours and at-start. */
export function cronOf(schedule: RoutineSchedule): string | undefined {
  const at = (time: string) => {
    const [hour, minute] = time.split(':').map(Number)
    return `${minute} ${hour}`
  }
  switch (schedule.kind) {
    case 'daily':
      return `${at(schedule.time)} * * *`
    case 'weekdays':
      return `${at(schedule.time)} * * 1-5`
    case 'weekly':
      return `${at(schedule.time)} * * ${[...new Set(schedule.days)].sort((a, b) => a - b).join(',')}`
    case 'cron':
      return schedule.expression.trim().replace(/\s+/g, ' ')
    case 'every-hours':
    case 'at-start':
      return undefined
  }
}

/** The schedule in words: "Weekdays at 08:00 (Europe/Berlin)". */
export function describeSchedule(schedule: RoutineSchedule, timeZone: string): string {
  const zone = ` (${timeZone})`
  switch (schedule.kind) {
    case 'daily':
      return `Every day at ${schedule.time}${zone}`
    case 'weekdays':
      return `Weekdays at ${schedule.time}${zone}`
    case 'weekly':
      return `Every ${[...new Set(schedule.days)].sort((a, b) => a - b).map((day) => DAY_NAMES[day]).join(', ')} at ${schedule.time}${zone}`
    case 'every-hours':
      return schedule.hours === 1 ? 'Every hour' : `Every ${schedule.hours} hours`
    case 'at-start':
      return 'When Switchboard starts'
    case 'cron':
      return `On the cron schedule "${cronOf(schedule)}"${zone}`
  }
}

/** The croner job of a cron-based schedule (paused: it never fires by itself; the routine service owns the one timer). */
function cronJob(expression: string, timeZone: string): Cron {
  const fields = expression.split(' ')
  if (fields.length !== 5) throw new ScheduleError(`The cron expression "${expression}" has ${fields.length} field${fields.length === 1 ? '' : 's'}; write five: minute hour day-of-month month day-of-week, e.g. "0 8 * * 1-5".`)
  try {
    return new Cron(expression, { timezone: timeZone, paused: true })
  } catch (error) {
    const reason = (error as Error).message.replace(/^CronPattern:\s*/, '')
    throw new ScheduleError(`The cron expression "${expression}" cannot be read: ${reason}. Check each of its five fields (minute hour day-of-month month day-of-week).`)
  }
}

/** A schedule ready to answer "when next": built once per routine and kept until it changes. */
export interface Slots {
  /** The first slot strictly after `after` (ms), or undefined when there is none (at-start, a date that never comes). */
  next(after: number): number | undefined
  /** The slots in (after, upTo], oldest first, at most `limit` of the newest. */
  between(after: number, upTo: number, limit: number): number[]
}

/**
 * Checks a schedule and makes its slots; throws a ScheduleError naming the problem (a malformed cron,
 * an impossible date such as 30 February, an unknown time zone).
 */
export function slotsOf(schedule: RoutineSchedule, timeZone: string, scheduledFrom: number): Slots {
  checkTimeZone(timeZone)
  if (schedule.kind === 'at-start') return { next: () => undefined, between: () => [] }
  if (schedule.kind === 'every-hours') {
    const period = schedule.hours * HOUR_MS
    // Elapsed hours since the schedule was set: the k-th slot is scheduledFrom + k·period.
    const next = (after: number) => scheduledFrom + (Math.floor(Math.max(after - scheduledFrom, -1) / period) + 1) * period
    return {
      next: (after) => Math.max(next(after), scheduledFrom + period),
      between(after, upTo, limit) {
        const slots: number[] = []
        const first = Math.max(next(after), scheduledFrom + period)
        const last = scheduledFrom + Math.floor((upTo - scheduledFrom) / period) * period
        for (let slot = Math.max(first, last - (limit - 1) * period); slot <= upTo; slot += period) slots.push(slot)
        return slots
      },
    }
  }
  const expression = cronOf(schedule)!
  const job = cronJob(expression, timeZone)
  let first: Date | null
  try {
    first = job.nextRun(new Date(scheduledFrom))
  } catch (error) {
    throw new ScheduleError(`The schedule "${expression}" cannot be worked out in ${timeZone}: ${(error as Error).message}`)
  }
  if (!first) throw new ScheduleError(`The cron expression "${expression}" names a date that never comes (such as 30 February), so the routine would never run; pick days that exist.`)
  const next = (after: number) => job.nextRun(new Date(after))?.getTime()
  return {
    next,
    between(after, upTo, limit) {
      const slots: number[] = []
      // Walking forward from `after`; a long gap (a week asleep with a minutely cron) keeps only the newest `limit`.
      for (let slot = next(after); slot !== undefined && slot <= upTo; slot = next(slot)) {
        slots.push(slot)
        if (slots.length > limit) slots.shift()
      }
      return slots
    },
  }
}

/** The next `count` run times after `from`, for the preview before saving. */
export function nextRuns(schedule: RoutineSchedule, timeZone: string, from: number, count = 5): number[] {
  const slots = slotsOf(schedule, timeZone, from)
  const runs: number[] = []
  for (let at = slots.next(from); at !== undefined && runs.length < count; at = slots.next(at)) runs.push(at)
  return runs
}
