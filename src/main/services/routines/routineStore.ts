/**
 * routines.json: the routines, their recent runs, the newest slot each one handled (so a restart
 * never runs a finished slot again) and the routine options. Written atomically; a damaged file is
 * moved aside with a notice and Switchboard starts without routines.
 */
import { join } from 'node:path'
import { z } from 'zod'
import { RoutineOptionsSchema, RoutineRunSchema, RoutineSchema, type Routine, type RoutineOptions, type RoutineRun } from '../../../shared/routinesApi'
import { readJsonFile } from '../../storage/jsonFile'
import { writeFileAtomic } from '../../storage/atomicFile'

export const ROUTINES_FILE_NAME = 'routines.json'
/** Runs kept per routine (newest). */
export const RUNS_KEPT = 20

const RoutinesFileSchema = z.object({
  version: z.literal(1),
  routines: z.array(RoutineSchema),
  runs: z.array(RoutineRunSchema),
  /** Routine id → the newest slot (ISO) it handled: run, skipped or recorded missed. */
  handled: z.record(z.string(), z.string()),
  options: RoutineOptionsSchema,
})
export type RoutinesFile = z.infer<typeof RoutinesFileSchema>

export interface RoutineStore {
  readonly path: string
  data(): Readonly<RoutinesFile>
  /** Changes the data and writes the file (writes are queued, each one whole). */
  update(change: (data: RoutinesFile) => void): Promise<void>
  /** Notices from loading (a damaged file moved aside), handed out once. */
  takeNotices(): { message: string; movedTo?: string }[]
  flush(): Promise<void>
}

export function openRoutineStore(dataDir: string): RoutineStore {
  const path = join(dataDir, ROUTINES_FILE_NAME)
  const read = readJsonFile(path, RoutinesFileSchema)
  let data: RoutinesFile = read.kind === 'ok' ? read.value : { version: 1, routines: [], runs: [], handled: {}, options: RoutineOptionsSchema.parse({}, { jitless: true }) }
  let notices = read.kind === 'damaged' ? [{ message: `The routines file could not be read (${read.reason}); Switchboard started without routines, so none will run until you add them again. The old file was kept.`, movedTo: read.movedTo }] : []
  let writing = Promise.resolve()
  return {
    path,
    data: () => data,
    async update(change) {
      const next = structuredClone(data)
      change(next)
      next.runs = keepNewest(next.runs)
      data = next
      const text = JSON.stringify(data, null, 2)
      writing = writing.catch(() => undefined).then(() => writeFileAtomic(path, text))
      await writing
    },
    takeNotices() {
      const taken = notices
      notices = []
      return taken
    },
    flush: () => writing.catch(() => undefined),
  }
}

/** The newest RUNS_KEPT runs of each routine, in the order they were recorded. */
function keepNewest(runs: RoutineRun[]): RoutineRun[] {
  const counts = new Map<string, number>()
  const kept: RoutineRun[] = []
  for (let i = runs.length - 1; i >= 0; i--) {
    const run = runs[i]!
    const count = counts.get(run.routineId) ?? 0
    if (count >= RUNS_KEPT) continue
    counts.set(run.routineId, count + 1)
    kept.push(run)
  }
  return kept.reverse()
}

export type { Routine, RoutineOptions, RoutineRun }
