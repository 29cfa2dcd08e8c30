/** The routine form's state and the routine_save input it makes (pure, so the form stays thin). */
import type { PermissionMode, RoutineInput, RoutineSchedule, RoutineView } from '../../../shared/hostApi'

export type ScheduleKind = RoutineSchedule['kind']

export interface RoutineDraft {
  name: string
  agentId: string
  prompt: string
  kind: ScheduleKind
  time: string
  days: number[]
  hours: number
  cron: string
  timeZone: string
  oneSession: boolean
  mode: PermissionMode
  maxToolCalls: number
  maxTokens: number
  maxMinutes: number
  approvalWaitMinutes: number
  /** The resources given with the prompt (from the conversation it repeats, or kept from before). */
  attachments: { extensionId: string; uri: string }[]
}

export const DAY_LABELS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat']

export function emptyDraft(timeZone: string, start?: { agentId: string; prompt: string; name: string; attachments?: { extensionId: string; uri: string }[] }): RoutineDraft {
  return {
    name: start?.name ?? '',
    agentId: start?.agentId ?? 'assistant',
    prompt: start?.prompt ?? '',
    kind: 'weekdays',
    time: '08:00',
    days: [1],
    hours: 4,
    cron: '0 8 * * 1-5',
    timeZone,
    oneSession: false,
    mode: 'ask',
    maxToolCalls: 25,
    maxTokens: 200_000,
    maxMinutes: 30,
    approvalWaitMinutes: 5,
    attachments: start?.attachments ?? [],
  }
}

export function draftOf(routine: RoutineView): RoutineDraft {
  const { schedule, limits } = routine
  return {
    ...emptyDraft(routine.timeZone),
    name: routine.name,
    agentId: routine.agentId,
    prompt: routine.prompt,
    kind: schedule.kind,
    ...('time' in schedule ? { time: schedule.time } : {}),
    ...(schedule.kind === 'weekly' ? { days: schedule.days } : {}),
    ...(schedule.kind === 'every-hours' ? { hours: schedule.hours } : {}),
    ...(schedule.kind === 'cron' ? { cron: schedule.expression } : {}),
    oneSession: routine.destination.kind === 'one-session',
    mode: limits.mode,
    maxToolCalls: limits.maxToolCalls,
    maxTokens: limits.maxTokens,
    maxMinutes: limits.maxMinutes,
    approvalWaitMinutes: limits.approvalWaitMinutes,
    attachments: routine.attachments ?? [],
  }
}

export function scheduleOf(draft: RoutineDraft): RoutineSchedule {
  switch (draft.kind) {
    case 'daily':
    case 'weekdays':
      return { kind: draft.kind, time: draft.time }
    case 'weekly':
      return { kind: 'weekly', days: draft.days, time: draft.time }
    case 'every-hours':
      return { kind: 'every-hours', hours: draft.hours }
    case 'at-start':
      return { kind: 'at-start' }
    case 'cron':
      return { kind: 'cron', expression: draft.cron }
  }
}

export function inputOf(draft: RoutineDraft, previous?: RoutineView): RoutineInput {
  return {
    ...(previous ? { id: previous.id } : {}),
    name: draft.name,
    agentId: draft.agentId,
    prompt: draft.prompt,
    ...(draft.attachments.length > 0 ? { attachments: draft.attachments } : {}),
    schedule: scheduleOf(draft),
    timeZone: draft.timeZone,
    destination: draft.oneSession ? (previous?.destination.kind === 'one-session' ? previous.destination : { kind: 'one-session' }) : { kind: 'new-session' },
    limits: { mode: draft.mode, maxToolCalls: draft.maxToolCalls, maxTokens: draft.maxTokens, maxMinutes: draft.maxMinutes, approvalWaitMinutes: Math.min(draft.approvalWaitMinutes, draft.maxMinutes) },
  }
}

/** An outcome in words for the runs list. */
export const OUTCOME_WORDS: Record<string, string> = {
  running: 'Running',
  waiting: 'Waiting for approval',
  done: 'Done',
  denied: 'Denied',
  capped: 'Capped',
  failed: 'Failed',
  skipped: 'Skipped',
  missed: 'Missed',
  interrupted: 'Interrupted',
}

/** "Mon 2 Mar, 08:00" in the routine's zone. */
export function when(iso: string, timeZone: string): string {
  try {
    return new Date(iso).toLocaleString(undefined, { timeZone, weekday: 'short', day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' })
  } catch {
    return iso
  }
}
