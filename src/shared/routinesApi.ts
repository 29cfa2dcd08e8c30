/**
 * The routines part of the host API contract (docs/guide/routines.md): an agent asked to do
 * something on a schedule while the person is away. A routine is made and changed only by the person
 * (the window, the host API); no model tool and no connected app can create or edit one.
 * Re-exported by hostApi.ts.
 */
import { z } from 'zod'
import { PermissionModeSchema } from './permissionApi'
import { AgentIdSchema } from './agentsApi'

export const ROUTINES_URI = 'switchboard://routines'

const TimeOfDaySchema = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'A time of day is HH:MM on the 24-hour clock, e.g. 08:00')
/** 0 = Sunday … 6 = Saturday, as in cron. */
const WeekdaySchema = z.number().int().min(0, 'Days are 0 (Sunday) to 6 (Saturday)').max(6, 'Days are 0 (Sunday) to 6 (Saturday)')

/** When a routine runs: a preset or a cron expression (5 fields: minute hour day-of-month month day-of-week). */
export const RoutineScheduleSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('daily'), time: TimeOfDaySchema }),
  z.object({ kind: z.literal('weekdays'), time: TimeOfDaySchema }),
  z.object({ kind: z.literal('weekly'), days: z.array(WeekdaySchema).min(1, 'Pick at least one day').max(7), time: TimeOfDaySchema }),
  /** Every N hours of elapsed time from when the schedule was set (a DST change does not shift it). */
  z.object({ kind: z.literal('every-hours'), hours: z.number().int().min(1, 'Every 1 to 168 hours').max(168, 'Every 1 to 168 hours') }),
  /** Once each time Switchboard starts. */
  z.object({ kind: z.literal('at-start') }),
  z.object({ kind: z.literal('cron'), expression: z.string().trim().min(1, 'Write a cron expression, e.g. "0 8 * * 1-5"').max(200) }),
])
export type RoutineSchedule = z.infer<typeof RoutineScheduleSchema>

/** Where a routine's runs go: a new session per run, or appended to one session (made by the first run). */
export const RoutineDestinationSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('new-session') }),
  z.object({ kind: z.literal('one-session'), sessionId: z.string().min(1).max(100).optional() }),
])
export type RoutineDestination = z.infer<typeof RoutineDestinationSchema>

/** The app's approval time-out (permissions/approvalBroker.ts): a run's default wait for an approval. */
export const DEFAULT_ROUTINE_APPROVAL_WAIT_MINUTES = 5

/** What an unattended run may do. */
export const RoutineLimitsSchema = z.object({
  /** At most the agent's mode when the run starts (the global one for an agent without its own); the stricter of the two applies. */
  mode: PermissionModeSchema.default('ask'),
  maxToolCalls: z.number().int().min(1).max(1000).default(25),
  /** Tokens as the provider reports them (input + output over the run). */
  maxTokens: z.number().int().min(1000).max(10_000_000).default(200_000),
  maxMinutes: z.number().int().min(1).max(24 * 60).default(30),
  /** How long a call that needs approval waits before it is denied and the run ends; at most maxMinutes. */
  approvalWaitMinutes: z.number().int().min(1).max(24 * 60).default(DEFAULT_ROUTINE_APPROVAL_WAIT_MINUTES),
})
export type RoutineLimits = z.infer<typeof RoutineLimitsSchema>

const AttachmentSchema = z.object({ extensionId: z.string().min(1).max(64), uri: z.string().min(1).max(2000) })

/** One routine as stored in routines.json. */
export const RoutineSchema = z.object({
  id: z.string().min(1).max(100),
  name: z.string().trim().min(1, 'A routine needs a name').max(80),
  agentId: AgentIdSchema,
  prompt: z.string().trim().min(1, 'Say what the agent should do each time').max(100_000),
  attachments: z.array(AttachmentSchema).max(20).optional(),
  schedule: RoutineScheduleSchema,
  /** IANA time zone the schedule is read in (the system's when the routine was made). */
  timeZone: z.string().min(1).max(100),
  destination: RoutineDestinationSchema,
  limits: RoutineLimitsSchema,
  paused: z.boolean().default(false),
  /** Why Switchboard paused it (its agent was removed), shown beside it. */
  pausedReason: z.string().max(500).optional(),
  createdAt: z.string(),
  /** When the schedule was last set: every-N-hours counts from here. */
  scheduledFrom: z.string(),
})
export type Routine = z.infer<typeof RoutineSchema>

export const RunOutcomeSchema = z.enum(['running', 'waiting', 'done', 'denied', 'capped', 'failed', 'skipped', 'missed', 'interrupted'])
export type RunOutcome = z.infer<typeof RunOutcomeSchema>

/** One run of a routine (or a slot it did not run). */
export const RoutineRunSchema = z.object({
  id: z.string(),
  routineId: z.string(),
  /** What started it: its time came, a catch-up after sleep or a closed app, Run now, or the app's start. */
  trigger: z.enum(['schedule', 'catch-up', 'run-now', 'start']),
  /** The scheduled time it stands for (absent for Run now). */
  slot: z.string().optional(),
  startedAt: z.string(),
  endedAt: z.string().optional(),
  outcome: RunOutcomeSchema,
  sessionId: z.string().optional(),
  /** Why it ended as it did, in words. */
  note: z.string().optional(),
})
export type RoutineRun = z.infer<typeof RoutineRunSchema>

export const RoutineViewSchema = RoutineSchema.extend({
  /** The schedule in words: "Weekdays at 08:00 (Europe/Berlin)". */
  scheduleText: z.string(),
  /** The cron expression it runs on (absent for every-N-hours and at-start). */
  cron: z.string().optional(),
  nextRun: z.string().optional(),
  /** Newest first. */
  lastRuns: z.array(RoutineRunSchema),
})
export type RoutineView = z.infer<typeof RoutineViewSchema>

export const RoutineOptionsSchema = z.object({
  /** A slot missed within this many hours gets one catch-up run; older ones are recorded missed. 1 hour to 7 days. */
  catchUpHours: z.number().int().min(1).max(168).default(24),
  /** Closing the window keeps Switchboard in the tray (Electron); undefined until the person was asked. */
  keepRunningInTray: z.boolean().optional(),
  /** Start Switchboard at login (the desktop app: an XDG autostart entry on Linux, a login item elsewhere). */
  startAtLogin: z.boolean().default(false),
})
export type RoutineOptions = z.infer<typeof RoutineOptionsSchema>

/** Payload of `switchboard://routines`. */
export const RoutinesResourceSchema = z.object({
  routines: z.array(RoutineViewSchema),
  options: RoutineOptionsSchema,
  /** Off when a managed policy switched routines off: nothing runs on a schedule. */
  enabled: z.boolean(),
  /** The system's time zone, for a new routine. */
  systemTimeZone: z.string(),
})
export type RoutinesResource = z.infer<typeof RoutinesResourceSchema>

const RoutineInputSchema = z.object({
  /** Absent: a new routine. */
  id: z.string().min(1).max(100).optional(),
  name: RoutineSchema.shape.name,
  agentId: AgentIdSchema,
  prompt: RoutineSchema.shape.prompt,
  attachments: RoutineSchema.shape.attachments,
  schedule: RoutineScheduleSchema,
  /** Default: the system's time zone. */
  timeZone: z.string().min(1).max(100).optional(),
  destination: RoutineDestinationSchema.optional(),
  limits: RoutineLimitsSchema.partial().optional(),
})
export type RoutineInput = z.infer<typeof RoutineInputSchema>

const routineId = z.object({ id: z.string().min(1).max(100) })

export const RoutineToolInput = {
  /** Add or change a routine (the person only: an app tool, never a model tool). */
  routine_save: RoutineInputSchema,
  routine_remove: routineId,
  routine_pause: routineId,
  /** Resume a paused routine; its missed slots are not run. */
  routine_resume: routineId,
  /** Start a run now (skipped while one is going). */
  routine_run_now: routineId,
  /** The next five run times of a schedule before saving it, or what is wrong with it. */
  routine_preview: z.object({ schedule: RoutineScheduleSchema, timeZone: z.string().min(1).max(100).optional() }),
  routine_options_set: RoutineOptionsSchema.partial(),
} as const

export const RoutineToolOutput = {
  routine_save: RoutineViewSchema,
  routine_remove: routineId,
  routine_pause: RoutineViewSchema,
  routine_resume: RoutineViewSchema,
  routine_run_now: RoutineRunSchema,
  routine_preview: z.object({ scheduleText: z.string(), cron: z.string().optional(), timeZone: z.string(), nextRuns: z.array(z.string()) }),
  routine_options_set: RoutineOptionsSchema,
} as const

/** Strictest first: a routine's mode is never looser than its agent's. */
const MODE_ORDER = ['chat-only', 'ask', 'smart', 'autonomous'] as const

/** The stricter of two permission modes. */
export function stricterMode<M extends (typeof MODE_ORDER)[number]>(a: M, b: M): M {
  return MODE_ORDER.indexOf(a) <= MODE_ORDER.indexOf(b) ? a : b
}
