/**
 * The routine schedule on a clock the test moves (clock.ts): runs on time, one catch-up after a
 * sleep across three slots (the older two recorded missed), nothing older than the catch-up window
 * run, a run never overlapping the previous one (skipped, recorded), a restart keeping the schedule
 * and not running a finished slot again, a run cut by a restart marked interrupted, at most one
 * timer a minute whatever the number of routines, and a removed agent pausing its routines. The run
 * itself is the injected launcher here (the host tests run it through the agent's chat-with path).
 */
import { afterEach, describe, expect, it } from 'vitest'
import { readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { manualClock, type ManualClock } from '../../../../src/main/services/routines/clock'
import { openRoutineStore } from '../../../../src/main/services/routines/routineStore'
import { createRoutineService, type RoutineLauncher, type RoutineService, type RunEnd } from '../../../../src/main/services/routines/routineService'
import { tempDir } from '../../../helpers/tempDir'

const MIN = 60_000
const HOUR = 60 * MIN
const start = Date.parse('2026-03-02T06:00:00Z') // a Monday, 07:00 in Berlin

let dirs: { path: string; remove(): Promise<void> }[] = []
afterEach(async () => {
  await Promise.all(dirs.map((dir) => dir.remove()))
  dirs = []
})

/** A launcher whose runs end when the test says. */
function launcher() {
  const runs: { routine: string; finish(end: RunEnd): void }[] = []
  const launch: RoutineLauncher = (routine, handle) =>
    new Promise<RunEnd>((resolve) => {
      handle.started(`session-${runs.length + 1}`)
      runs.push({ routine: routine.name, finish: resolve })
    })
  return { launch, runs }
}

async function service(dataDir: string, clock: ManualClock, launch: RoutineLauncher, agents = new Set(['assistant'])) {
  const notices: string[] = []
  const routines = createRoutineService({ store: openRoutineStore(dataDir), clock, launch, agentName: (id) => (agents.has(id) ? id : undefined), notify: (message) => notices.push(message), timeZone: () => 'Europe/Berlin' })
  return { routines, notices }
}

const daily = (name: string, time = '08:00') => ({ name, agentId: 'assistant', prompt: 'Summarise my inbox', schedule: { kind: 'daily' as const, time } })
const outcomes = (routines: RoutineService, id: string) => routines.view().routines.find((routine) => routine.id === id)!.lastRuns.map((run) => run.outcome)

describe('the routine schedule', () => {
  it('runs on time, then after a sleep across three slots runs one catch-up and records the others missed', async () => {
    const dir = await tempDir()
    dirs.push(dir)
    const clock = manualClock(start)
    const { launch, runs } = launcher()
    const { routines } = await service(dir.path, clock, launch)
    await routines.start()
    const saved = await routines.save(daily('Inbox'))
    expect(saved.nextRun).toBe('2026-03-02T07:00:00.000Z')
    expect(saved.scheduleText).toBe('Every day at 08:00 (Europe/Berlin)')
    await clock.advance(HOUR + MIN)
    expect(runs.map((run) => run.routine)).toEqual(['Inbox'])
    runs[0]!.finish({ outcome: 'done' })
    await routines.idle()
    expect(outcomes(routines, saved.id)).toEqual(['done'])
    // Asleep from Monday 08:01 to Thursday 10:00: Tuesday's, Wednesday's and Thursday's 08:00 were missed.
    clock.jump(3 * 24 * HOUR + 2 * HOUR - MIN)
    await clock.advance(MIN)
    expect(runs).toHaveLength(2)
    const view = routines.view().routines[0]!
    expect(view.lastRuns.map((run) => [run.outcome, run.trigger, run.slot])).toEqual([
      ['running', 'catch-up', '2026-03-05T07:00:00.000Z'],
      ['missed', 'schedule', '2026-03-04T07:00:00.000Z'],
      ['missed', 'schedule', '2026-03-03T07:00:00.000Z'],
      ['done', 'schedule', '2026-03-02T07:00:00.000Z'],
    ])
    runs[1]!.finish({ outcome: 'done' })
    await routines.stop()
  })

  it('never runs a slot older than the catch-up window, and the window is a setting', async () => {
    const dir = await tempDir()
    dirs.push(dir)
    const clock = manualClock(start)
    const { launch, runs } = launcher()
    const { routines } = await service(dir.path, clock, launch)
    await routines.start()
    await routines.setOptions({ catchUpHours: 1 })
    const saved = await routines.save(daily('Inbox'))
    clock.jump(3 * HOUR) // 10:00 Berlin: 08:00 was two hours ago
    await clock.advance(MIN)
    expect(runs).toHaveLength(0)
    expect(outcomes(routines, saved.id)).toEqual(['missed'])
    await routines.stop()
  })

  it('skips, and records, a slot that comes while the previous run is still going', async () => {
    const dir = await tempDir()
    dirs.push(dir)
    const clock = manualClock(start)
    const { launch, runs } = launcher()
    const { routines } = await service(dir.path, clock, launch)
    await routines.start()
    const saved = await routines.save({ name: 'Hourly', agentId: 'assistant', prompt: 'Check', schedule: { kind: 'every-hours', hours: 1 } })
    await clock.advance(HOUR)
    expect(runs).toHaveLength(1)
    await clock.advance(HOUR)
    expect(runs).toHaveLength(1)
    expect(await routines.runNow(saved.id)).toMatchObject({ outcome: 'skipped', trigger: 'run-now' })
    expect(outcomes(routines, saved.id)).toEqual(['skipped', 'skipped', 'running'])
    runs[0]!.finish({ outcome: 'done' })
    await routines.idle()
    await clock.advance(HOUR)
    expect(runs).toHaveLength(2)
    runs[1]!.finish({ outcome: 'done' })
    await routines.stop()
  })

  it('keeps its schedule across a restart, does not run a finished slot again, and marks a run cut by the restart interrupted', async () => {
    const dir = await tempDir()
    dirs.push(dir)
    const clock = manualClock(start)
    const first = launcher()
    const one = await service(dir.path, clock, first.launch)
    await one.routines.start()
    const finished = await one.routines.save(daily('Finished', '08:00'))
    const cut = await one.routines.save(daily('Cut', '08:00'))
    await clock.advance(HOUR + MIN)
    expect(first.runs.map((run) => run.routine).sort()).toEqual(['Cut', 'Finished'])
    first.runs.find((run) => run.routine === 'Finished')!.finish({ outcome: 'done' })
    await new Promise((resolve) => setTimeout(resolve, 20))
    // The host goes away while "Cut" runs (no clean stop: the process ended).
    await one.routines.stop()
    const second = launcher()
    const two = await service(dir.path, clock, second.launch)
    await clock.advance(10 * MIN)
    await two.routines.start()
    expect(second.runs).toHaveLength(0)
    expect(outcomes(two.routines, finished.id)).toEqual(['done'])
    expect(outcomes(two.routines, cut.id)).toEqual(['interrupted'])
    expect(two.routines.view().routines.map((routine) => routine.nextRun)).toEqual(['2026-03-03T07:00:00.000Z', '2026-03-03T07:00:00.000Z'])
    await two.routines.stop()
  })

  it('sets at most one timer a minute whatever the number of routines', async () => {
    const dir = await tempDir()
    dirs.push(dir)
    const clock = manualClock(start)
    const { launch } = launcher()
    const { routines } = await service(dir.path, clock, launch)
    await routines.start()
    for (let i = 0; i < 30; i++) await routines.save(daily(`Routine ${i}`, `${String(10 + (i % 10)).padStart(2, '0')}:${String(i).padStart(2, '0')}`))
    const before = clock.timersFired
    await clock.advance(30 * MIN)
    expect(clock.timersFired - before).toBeLessThanOrEqual(30)
    expect(clock.pending()).toBe(1)
    await routines.stop()
  })

  it('refuses a schedule that cannot run, naming the problem, and pauses the routines of a removed agent with a notice', async () => {
    const dir = await tempDir()
    dirs.push(dir)
    const clock = manualClock(start)
    const agents = new Set(['assistant', 'writer'])
    const { launch, runs } = launcher()
    const { routines, notices } = await service(dir.path, clock, launch, agents)
    await routines.start()
    await expect(routines.save({ ...daily('Bad'), schedule: { kind: 'cron', expression: '0 0 31 4 *' } })).rejects.toThrow(/names a date that never comes/)
    await expect(routines.save({ ...daily('Bad'), schedule: { kind: 'cron', expression: '0 25 * * *' } })).rejects.toThrow(/Invalid value for hour: 25/)
    const saved = await routines.save({ ...daily('Drafts'), agentId: 'writer' })
    agents.delete('writer')
    await routines.checkAgents()
    const view = routines.view().routines.find((routine) => routine.id === saved.id)!
    expect(view).toMatchObject({ paused: true, pausedReason: expect.stringContaining('"writer" was removed') })
    expect(view.nextRun).toBeUndefined()
    expect(notices).toEqual([expect.stringContaining('The routine "Drafts" was paused: its agent "writer" was removed')])
    await expect(routines.resume(saved.id)).rejects.toThrow(/was removed; pick another agent/)
    await clock.advance(2 * HOUR)
    expect(runs).toHaveLength(0)
    await routines.stop()
  })

  it('moves a damaged routines file aside with a notice', async () => {
    const dir = await tempDir()
    dirs.push(dir)
    await writeFile(join(dir.path, 'routines.json'), '{"version": 1, "routines": [')
    const store = openRoutineStore(dir.path)
    const [notice] = store.takeNotices()
    expect(notice?.message).toMatch(/The routines file could not be read/)
    expect(await readFile(notice!.movedTo!, 'utf8')).toBe('{"version": 1, "routines": [')
    expect(store.data().routines).toEqual([])
  })
})

describe('the routines switch and events', () => {
  it('switched off (a managed policy), nothing runs on a schedule or by Run now; back on, what was missed meanwhile follows the catch-up rules; every run, skip and miss is an event', async () => {
    const dir = await tempDir()
    dirs.push(dir)
    const clock = manualClock(start)
    const { launch, runs } = launcher()
    const { routines } = await service(dir.path, clock, launch)
    const events: string[] = []
    routines.onEvent((event) => events.push(`${event.kind} ${event.routine.name} ${event.run.outcome}`))
    await routines.start()
    const saved = await routines.save(daily('Inbox'))
    await routines.setEnabled(false)
    expect(routines.view().enabled).toBe(false)
    expect(routines.view().routines[0]!.nextRun).toBeUndefined()
    await expect(routines.runNow(saved.id)).rejects.toThrow(/switched off by your organisation’s policy/)
    await clock.advance(26 * HOUR)
    expect(runs).toHaveLength(0)
    expect(clock.pending()).toBe(0)
    // Back on at Tuesday 09:00: Monday's 08:00 is older than a day (missed), Tuesday's is caught up once.
    await routines.setEnabled(true)
    expect(runs).toHaveLength(1)
    expect(outcomes(routines, saved.id)).toEqual(['running', 'missed'])
    await routines.runNow(saved.id)
    runs[0]!.finish({ outcome: 'done' })
    await routines.idle()
    expect(events).toEqual(['missed Inbox missed', 'run-started Inbox running', 'skipped Inbox skipped', 'run-ended Inbox done'])
    await routines.stop()
  })
})

describe('removing a routine', () => {
  it('while it runs: the run ends without leaving a record, and nothing of the routine stays in the file', async () => {
    const dir = await tempDir()
    dirs.push(dir)
    const clock = manualClock(start)
    const { launch, runs } = launcher()
    const { routines } = await service(dir.path, clock, launch)
    await routines.start()
    const saved = await routines.save(daily('Gone'))
    await routines.runNow(saved.id)
    await routines.remove(saved.id)
    runs[0]!.finish({ outcome: 'done' })
    await routines.idle()
    const file = JSON.parse(await readFile(join(dir.path, 'routines.json'), 'utf8')) as { routines: unknown[]; runs: unknown[]; handled: Record<string, string> }
    expect(file).toMatchObject({ routines: [], runs: [], handled: {} })
    await routines.stop()
  })
})
