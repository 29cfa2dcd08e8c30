/**
 * What to do about the slots that came due since a routine was last looked at, pure: the newest one
 * runs (on time, or as the one catch-up when it was missed within the catch-up window); every other
 * one is recorded missed, never run, so a week asleep is never a burst.
 */
import type { Slots } from './schedule'

/** A slot counts as on time when it is looked at within this long (a timer that fired a little late). */
export const ON_TIME_MS = 2 * 60_000
/** How many missed slots of one routine are recorded one by one; more are summed up in one record. */
export const MISSED_RECORDS = 5
/** How far back missed slots are looked for at all. */
const LOOK_BACK_MS = 8 * 24 * 3_600_000

export interface DuePlan {
  /** The slot to run now and why; absent when nothing runs. */
  run?: { slot: number; trigger: 'schedule' | 'catch-up' }
  /** Slots that are not run, oldest first (at most MISSED_RECORDS). */
  missed: number[]
  /** How many more missed slots there were than `missed` lists. */
  moreMissed: number
  /** The newest slot handled: the routine's slots up to here are done with. */
  handledUpTo?: number
}

export function planDue(slots: Slots, lastHandled: number, now: number, catchUpMs: number): DuePlan {
  const from = Math.max(lastHandled, now - LOOK_BACK_MS)
  const due = slots.between(from, now, MISSED_RECORDS + 2)
  const newest = due.at(-1)
  if (newest === undefined) return { missed: [], moreMissed: 0 }
  const late = now - newest
  const run = late <= ON_TIME_MS ? { slot: newest, trigger: 'schedule' as const } : late <= catchUpMs ? { slot: newest, trigger: 'catch-up' as const } : undefined
  const missedAll = run ? due.slice(0, -1) : due
  // Counting the rest exactly would walk every slot of a long gap; the count is of those we walked.
  const missed = missedAll.slice(-MISSED_RECORDS)
  return { ...(run ? { run } : {}), missed, moreMissed: missedAll.length - missed.length, handledUpTo: newest }
}
