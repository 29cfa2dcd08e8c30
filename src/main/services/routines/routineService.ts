/**
 * Routines as the host serves them: `switchboard://routines`, the routine_* app tools, and the one
 * timer that runs them. The timer is armed for the next slot of any routine, but never further out
 * than a minute, so a wake from sleep (timers stand still while the computer sleeps) is noticed as a
 * jump of the wall clock within a minute whatever the number of routines; the app can also say so
 * at once (`wake()`, Electron's powerMonitor). Each check runs the newest due slot of a routine (on
 * time, or as its one catch-up) and records the others missed; a run never overlaps the previous
 * one of its routine (skipped, recorded); a run cut by a restart is marked interrupted, never re-run.
 *
 * Runs themselves are started by an injected launcher (routineRuns.ts: the agent's chat-with path).
 * `onEvent` tells whoever keeps an activity log about every run, skip and miss.
 */
import { randomUUID } from 'node:crypto'
import {
  RoutineLimitsSchema,
  RoutineOptionsSchema,
  type Routine,
  type RoutineInput,
  type RoutineOptions,
  type RoutineRun,
  type RoutineSchedule,
  type RoutinesResource,
  type RoutineView,
  type RunOutcome,
} from '../../../shared/routinesApi'
import { log } from '../../log/log'
import type { RoutineClock, TimerHandle } from './clock'
import { planDue } from './duePlan'
import type { RoutineStore } from './routineStore'
import { cronOf, describeSchedule, nextRuns, ScheduleError, slotsOf, systemTimeZone, type Slots } from './schedule'

/** The longest the timer sleeps: at most one wake-up a minute, and a wake from sleep is noticed within one. */
export const MAX_TIMER_MS = 60_000
/** A timer that fires this much later than it was set for means the computer slept (or the clock was set). */
const WAKE_JUMP_MS = 90_000
const HOUR_MS = 3_600_000

/** How a run ended, as the launcher reports it. */
export interface RunEnd {
  outcome: Extract<RunOutcome, 'done' | 'denied' | 'capped' | 'failed' | 'interrupted'>
  note?: string
}

/** What the service hands the launcher for one run. */
export interface RunHandle {
  runId: string
  /** The session the run goes into (one-session routines); absent: a new one. */
  sessionId?: string
  /** The run waits for an approval (true) or goes on (false). */
  waiting(waiting: boolean): void
  /** The session is known (before the run ends). */
  started(sessionId: string): void
}

/** Starts a routine's run; resolves when it ended. Never rejects for a run that failed (it reports `failed`). */
export type RoutineLauncher = (routine: Routine, run: RunHandle) => Promise<RunEnd>

/** What the activity log hears. */
export type RoutineEvent = { kind: 'run-started' | 'run-ended' | 'skipped' | 'missed' | 'interrupted'; routine: { id: string; name: string }; run: RoutineRun }

export interface RoutineServiceOptions {
  store: RoutineStore
  clock: RoutineClock
  launch: RoutineLauncher
  /** The agent's name when it exists now. */
  agentName(agentId: string): string | undefined
  /** Tells the person something once (a notice in the window). */
  notify(message: string): void
  /** The system's time zone (tests pin it). */
  timeZone?: () => string
  /** Why routines are off when the managed policy switches them off (the words the window shows too). */
  offReason?: () => string | undefined
}

export interface RoutineService {
  view(): RoutinesResource
  save(input: RoutineInput): Promise<RoutineView>
  remove(id: string): Promise<{ id: string }>
  pause(id: string): Promise<RoutineView>
  resume(id: string): Promise<RoutineView>
  runNow(id: string): Promise<RoutineRun>
  preview(schedule: RoutineSchedule, timeZone?: string): { scheduleText: string; cron?: string; timeZone: string; nextRuns: string[] }
  setOptions(patch: Partial<RoutineOptions>): Promise<RoutineOptions>
  /** Arms the schedule: marks runs cut by the last stop interrupted, runs catch-ups and at-start routines. Call once at host start. */
  start(): Promise<void>
  /** The computer woke (Electron's powerMonitor): check at once. */
  wake(): Promise<void>
  /** Pauses, with a notice, the routines whose agent is gone (call when the agents change). */
  checkAgents(): Promise<void>
  /** The managed-policy switch: off, nothing starts on a schedule or by Run now, and none is saved (runs going on finish). */
  readonly enabled: boolean
  /** Resolves once the check that follows switching on is done. */
  setEnabled(enabled: boolean): Promise<void>
  /** Resolves when the runs going on ended (tests, shutdown). */
  idle(): Promise<void>
  onChange(listener: () => void): () => void
  onEvent(listener: (event: RoutineEvent) => void): () => void
  stop(): Promise<void>
}

const iso = (ms: number) => new Date(ms).toISOString()

export function createRoutineService(options: RoutineServiceOptions): RoutineService {
  const { store, clock } = options
  const zone = options.timeZone ?? systemTimeZone
  const listeners = new Set<() => void>()
  const eventListeners = new Set<(event: RoutineEvent) => void>()
  const changed = () => listeners.forEach((listener) => listener())
  const emit = (event: RoutineEvent) => eventListeners.forEach((listener) => listener(event))
  /** Routine id → the run going on. */
  const running = new Map<string, { runId: string; done: Promise<void> }>()
  let enabled = true
  const refuseWhenOff = () => {
    if (!enabled) throw new Error(options.offReason?.() ?? 'Routines are switched off by your organisation’s policy, so none can run.')
  }
  let stopped = false
  let started = false
  let timer: TimerHandle | undefined
  let expectedAt: number | undefined
  let checking = Promise.resolve()

  const routines = () => store.data().routines
  const find = (id: string) => {
    const routine = routines().find((candidate) => candidate.id === id)
    if (!routine) throw new Error(`No routine with id "${id}" exists; it may have been removed. Reload Settings → Routines.`)
    return routine
  }
  // A croner job weighs about 80 KB, so none is kept: the next slot of each routine is (a number), and
  // a job is made again only when that slot comes or the schedule changes.
  const slotsFor = (routine: Routine): Slots | undefined => {
    try {
      return slotsOf(routine.schedule, routine.timeZone, Date.parse(routine.scheduledFrom))
    } catch (error) {
      log('warn', 'routines', `Routine "${routine.name}" has a schedule that cannot run: ${(error as Error).message}`)
      return undefined
    }
  }
  const handledOf = (routine: Routine) => Date.parse(store.data().handled[routine.id] ?? routine.scheduledFrom)
  const nextCache = new Map<string, { key: string; next: number | undefined }>()
  /** The routine's first slot after the newest it handled (it may be due already). */
  const nextDue = (routine: Routine): number | undefined => {
    if (routine.paused) return undefined
    const key = JSON.stringify([routine.schedule, routine.timeZone, routine.scheduledFrom, store.data().handled[routine.id]])
    const cached = nextCache.get(routine.id)
    if (cached?.key === key) return cached.next
    const next = slotsFor(routine)?.next(handledOf(routine))
    nextCache.set(routine.id, { key, next })
    return next
  }
  /** The next run to show: the next slot, or the next one after now when that is overdue (it runs at the next check). */
  const nextOf = (routine: Routine) => {
    const due = nextDue(routine)
    return due !== undefined && due <= clock.now() ? slotsFor(routine)?.next(clock.now()) : due
  }
  const runsOf = (id: string) => store.data().runs.filter((run) => run.routineId === id).reverse()

  const viewOf = (routine: Routine): RoutineView => {
    const next = enabled ? nextOf(routine) : undefined
    const cron = cronOf(routine.schedule)
    return {
      ...routine,
      scheduleText: describeSchedule(routine.schedule, routine.timeZone),
      ...(cron ? { cron } : {}),
      ...(next !== undefined ? { nextRun: iso(next) } : {}),
      lastRuns: runsOf(routine.id),
    }
  }

  const record = async (run: RoutineRun, handled?: { routineId: string; upTo: number }) => {
    await store.update((data) => {
      // A run that ends after its routine was removed leaves no record behind.
      if (!data.routines.some((routine) => routine.id === run.routineId)) return
      const at = data.runs.findIndex((existing) => existing.id === run.id)
      if (at >= 0) data.runs[at] = run
      else data.runs.push(run)
      if (handled) data.handled[handled.routineId] = iso(handled.upTo)
    })
    changed()
  }

  const startRun = async (routine: Routine, trigger: RoutineRun['trigger'], slot?: number, handled?: number): Promise<RoutineRun> => {
    const base = { id: randomUUID(), routineId: routine.id, trigger, ...(slot !== undefined ? { slot: iso(slot) } : {}), startedAt: iso(clock.now()) }
    const handledUpTo = handled !== undefined ? { routineId: routine.id, upTo: handled } : undefined
    if (running.has(routine.id)) {
      const skipped: RoutineRun = { ...base, endedAt: base.startedAt, outcome: 'skipped', note: 'The previous run of this routine was still going, so this one did not start.' }
      await record(skipped, handledUpTo)
      emit({ kind: 'skipped', routine: { id: routine.id, name: routine.name }, run: skipped })
      return skipped
    }
    let run: RoutineRun = { ...base, outcome: 'running' }
    let finished!: () => void
    running.set(routine.id, { runId: run.id, done: new Promise<void>((resolve) => (finished = resolve)) })
    await record(run, handledUpTo)
    emit({ kind: 'run-started', routine: { id: routine.id, name: routine.name }, run })
    const update = (patch: Partial<RoutineRun>) => {
      run = { ...run, ...patch }
      void record(run).catch((error: Error) => log('warn', 'routines', `Could not record a run of "${routine.name}": ${error.message}`))
    }
    const current = routines().find((candidate) => candidate.id === routine.id) ?? routine
    const sessionId = current.destination.kind === 'one-session' ? current.destination.sessionId : undefined
    const handle: RunHandle = {
      runId: run.id,
      ...(sessionId ? { sessionId } : {}),
      waiting: (waiting) => {
        if (run.outcome === 'running' || run.outcome === 'waiting') update({ outcome: waiting ? 'waiting' : 'running' })
      },
      started: (session) => {
        update({ sessionId: session })
        // A one-session routine keeps the session its first run made.
        if (current.destination.kind === 'one-session' && current.destination.sessionId !== session) {
          void store
            .update((data) => {
              const stored = data.routines.find((candidate) => candidate.id === routine.id)
              if (stored) stored.destination = { kind: 'one-session', sessionId: session }
            })
            .then(changed)
        }
      },
    }
    void (async () => {
      let end: RunEnd
      try {
        end = await options.launch(current, handle)
      } catch (error) {
        end = { outcome: 'failed', note: (error as Error).message }
      }
      run = { ...run, outcome: end.outcome, endedAt: iso(clock.now()), ...(end.note ? { note: end.note } : {}) }
      try {
        await record(run)
      } catch (error) {
        log('warn', 'routines', `Could not record the end of a run of "${routine.name}": ${(error as Error).message}`)
      }
      running.delete(routine.id)
      finished()
      emit({ kind: 'run-ended', routine: { id: routine.id, name: routine.name }, run })
    })()
    return run
  }

  /** Looks at every routine's due slots once. */
  const check = (): Promise<void> => {
    checking = checking.then(async () => {
      if (stopped || !enabled) return
      const now = clock.now()
      const catchUpMs = store.data().options.catchUpHours * HOUR_MS
      for (const routine of routines()) {
        if (routine.paused) continue
        const due = nextDue(routine)
        if (due === undefined || due > now) continue
        const slots = slotsFor(routine)
        if (!slots) continue
        const plan = planDue(slots, handledOf(routine), now, catchUpMs)
        if (plan.handledUpTo === undefined) {
          // Due only before the look-back: nothing to record one by one; the routine goes on from now.
          await store.update((data) => void (data.handled[routine.id] = iso(now)))
          continue
        }
        for (const slot of plan.missed) {
          const missed: RoutineRun = { id: randomUUID(), routineId: routine.id, trigger: 'schedule', slot: iso(slot), startedAt: iso(now), endedAt: iso(now), outcome: 'missed', note: 'Switchboard was not running, or the computer slept, at this time; only the newest missed time within the catch-up window runs.' }
          await record(missed)
          emit({ kind: 'missed', routine: { id: routine.id, name: routine.name }, run: missed })
        }
        if (plan.moreMissed > 0) {
          const more: RoutineRun = { id: randomUUID(), routineId: routine.id, trigger: 'schedule', startedAt: iso(now), endedAt: iso(now), outcome: 'missed', note: `${plan.moreMissed} earlier time${plan.moreMissed === 1 ? ' was' : 's were'} missed too.` }
          await record(more)
        }
        if (plan.run) await startRun(routine, plan.run.trigger, plan.run.slot, plan.handledUpTo)
        else await store.update((data) => void (data.handled[routine.id] = iso(plan.handledUpTo!)))
      }
    })
    return checking.catch((error: Error) => log('warn', 'routines', `Checking the routines failed: ${error.message}`))
  }

  const arm = () => {
    timer?.cancel()
    timer = undefined
    if (stopped || !enabled || !started) return
    const now = clock.now()
    let next: number | undefined
    for (const routine of routines()) {
      const at = nextDue(routine)
      if (at !== undefined && (next === undefined || at < next)) next = at
    }
    if (next === undefined) return
    // At least a second: a slot that stays due (a failed check) never spins the timer.
    const delay = Math.min(Math.max(1_000, next - now), MAX_TIMER_MS)
    expectedAt = now + delay
    timer = clock.setTimer(delay, () => {
      timer = undefined
      const late = clock.now() - (expectedAt ?? clock.now())
      if (late > WAKE_JUMP_MS) log('info', 'routines', `The clock moved ${Math.round(late / 60_000)} min while timers stood still (sleep); catching up.`)
      return check().then(arm)
    })
  }
  const rearm = () => {
    arm()
    changed()
  }

  const prepare = (input: RoutineInput, previous?: Routine): Routine => {
    const timeZone = input.timeZone ?? previous?.timeZone ?? zone()
    const now = clock.now()
    const scheduleChanged = !previous || JSON.stringify(previous.schedule) !== JSON.stringify(input.schedule) || previous.timeZone !== timeZone
    const limits = RoutineLimitsSchema.parse({ ...previous?.limits, ...input.limits })
    if (limits.approvalWaitMinutes > limits.maxMinutes) limits.approvalWaitMinutes = limits.maxMinutes
    if (options.agentName(input.agentId) === undefined) throw new Error(`There is no agent "${input.agentId}"; pick one from Settings → Agents.`)
    const routine: Routine = {
      id: previous?.id ?? randomUUID(),
      name: input.name,
      agentId: input.agentId,
      prompt: input.prompt,
      ...(input.attachments?.length ? { attachments: input.attachments } : {}),
      schedule: input.schedule,
      timeZone,
      destination: input.destination ?? previous?.destination ?? { kind: 'new-session' },
      limits,
      paused: previous?.paused ?? false,
      ...(previous?.pausedReason && previous.agentId === input.agentId ? { pausedReason: previous.pausedReason } : {}),
      createdAt: previous?.createdAt ?? iso(now),
      scheduledFrom: scheduleChanged ? iso(now) : previous.scheduledFrom,
    }
    // Refuses, naming the problem, a schedule that cannot run (malformed cron, a date that never comes, an unknown zone).
    slotsOf(routine.schedule, routine.timeZone, now)
    return routine
  }

  const setPaused = async (id: string, paused: boolean) => {
    const routine = find(id)
    if (!paused && options.agentName(routine.agentId) === undefined) throw new Error(`The agent of "${routine.name}" was removed; pick another agent for it (edit the routine) before resuming.`)
    const now = clock.now()
    await store.update((data) => {
      const stored = data.routines.find((candidate) => candidate.id === id)!
      stored.paused = paused
      delete stored.pausedReason
      // Resuming does not run what was missed while paused.
      if (!paused) data.handled[id] = iso(now)
    })
    rearm()
    return viewOf(find(id))
  }

  const checkAgents = async () => {
    const orphaned = routines().filter((routine) => !routine.paused && options.agentName(routine.agentId) === undefined)
    if (orphaned.length === 0) return
    await store.update((data) => {
      for (const routine of data.routines) {
        if (orphaned.some((gone) => gone.id === routine.id)) Object.assign(routine, { paused: true, pausedReason: `Its agent "${routine.agentId}" was removed; pick another agent for it, then resume it.` })
      }
    })
    for (const routine of orphaned) options.notify(`The routine "${routine.name}" was paused: its agent "${routine.agentId}" was removed. Pick another agent for it in Settings → Routines, then resume it.`)
    rearm()
  }

  return {
    view: () => ({ routines: routines().map(viewOf), options: store.data().options, enabled, systemTimeZone: zone() }),
    async save(input) {
      refuseWhenOff()
      const previous = input.id === undefined ? undefined : find(input.id)
      const routine = prepare(input, previous)
      await store.update((data) => {
        data.routines = previous ? data.routines.map((existing) => (existing.id === routine.id ? routine : existing)) : [...data.routines, routine]
        if (routine.scheduledFrom !== previous?.scheduledFrom) data.handled[routine.id] = routine.scheduledFrom
      })
      rearm()
      return viewOf(routine)
    },
    async remove(id) {
      find(id)
      await store.update((data) => {
        data.routines = data.routines.filter((routine) => routine.id !== id)
        data.runs = data.runs.filter((run) => run.routineId !== id)
        delete data.handled[id]
      })
      nextCache.delete(id)
      rearm()
      return { id }
    },
    pause: (id) => setPaused(id, true),
    resume: (id) => setPaused(id, false),
    async runNow(id) {
      const routine = find(id)
      refuseWhenOff()
      if (options.agentName(routine.agentId) === undefined) throw new Error(`The agent of "${routine.name}" was removed; pick another agent for it before running it.`)
      return startRun(routine, 'run-now')
    },
    preview(schedule, timeZone) {
      const tz = timeZone ?? zone()
      const cron = cronOf(schedule)
      return { scheduleText: describeSchedule(schedule, tz), ...(cron ? { cron } : {}), timeZone: tz, nextRuns: nextRuns(schedule, tz, clock.now()).map(iso) }
    },
    async setOptions(patch) {
      const next = RoutineOptionsSchema.parse({ ...store.data().options, ...patch })
      await store.update((data) => void (data.options = next))
      changed()
      return next
    },
    async start() {
      if (started) return
      started = true
      // Runs the last stop cut short: marked interrupted, never re-run (their slot is handled already).
      const cut = store.data().runs.filter((run) => run.outcome === 'running' || run.outcome === 'waiting')
      if (cut.length > 0) {
        const at = iso(clock.now())
        await store.update((data) => {
          for (const run of data.runs) {
            if (run.outcome === 'running' || run.outcome === 'waiting') Object.assign(run, { outcome: 'interrupted', endedAt: at, note: 'Switchboard stopped while this run was going; it is not run again on its own.' })
          }
        })
        for (const run of cut) {
          const routine = routines().find((candidate) => candidate.id === run.routineId)
          if (routine) emit({ kind: 'interrupted', routine: { id: routine.id, name: routine.name }, run: { ...run, outcome: 'interrupted' } })
        }
      }
      await checkAgents()
      await check()
      if (enabled) {
        for (const routine of routines()) {
          if (!routine.paused && routine.schedule.kind === 'at-start') await startRun(routine, 'start')
        }
      }
      rearm()
    },
    async wake() {
      await check()
      rearm()
    },
    checkAgents,
    get enabled() {
      return enabled
    },
    async setEnabled(on) {
      if (enabled === on) return
      enabled = on
      changed()
      // Turned back on: what was due while off is not run in a burst; the catch-up rules apply.
      if (on) await check()
      rearm()
    },
    async idle() {
      await checking
      while (running.size > 0) await Promise.all([...running.values()].map((entry) => entry.done))
      await store.flush()
    },
    onChange(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    onEvent(listener) {
      eventListeners.add(listener)
      return () => eventListeners.delete(listener)
    },
    async stop() {
      stopped = true
      timer?.cancel()
      timer = undefined
      await checking.catch(() => undefined)
      await store.flush()
    },
  }
}

export { ScheduleError }
