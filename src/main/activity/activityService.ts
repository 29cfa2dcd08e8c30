/**
 * The activity log as the host serves it: the one `record(event)` API every feature calls (tool
 * calls through toolCallAudit.ts, the person's changes through `appToolDone`, skills and routines
 * later), pages for switchboard://activity, Verify, export, retention. Settings, the keychain and
 * the save dialog are injected, so this folder depends on none of them.
 */
import { join } from 'node:path'
import { writeFile } from 'node:fs/promises'
import { DEFAULT_RETENTION_DAYS, type ActivityEvent, type ActivityFilter, type ActivityPage, type ActivityPageRequest, type ActivityRecord, type VerifyReport } from '../../shared/activityApi'
import type { HostToolArgs, HostToolResult } from '../../shared/hostApi'
import { log } from '../log/log'
import { openActivityLog, type ActivityLog, type ActivitySeal } from './activityLog'
import { csvHeader, csvRow } from './activityExport'
import { loadActivityKey, type KeySource } from './activityKey'
import { appToolEvent } from './appToolEvents'
import { verifyActivity } from './activityVerify'

export interface ActivitySettings {
  retentionDays?: number
  seal?: ActivitySeal
}

type SavePicker = (request: { title: string; defaultName: string; filters: { name: string; extensions: string[] }[] }) => Promise<{ path: string } | { cancelled: true }>

export interface ActivityServiceOptions {
  dataDir: string
  secrets: KeySource
  settings: { read(): ActivitySettings; write(next: ActivitySettings): void }
  pickSavePath?: SavePicker
  flushMs?: number
  maxSegmentBytes?: number
  now?: () => Date
}

export interface ActivityService {
  record(event: ActivityEvent, rawArguments?: Record<string, unknown>): number
  /** After an app tool of the host API succeeded: the person's installs, sign-ins, consent answers, permission changes… */
  appToolDone(name: string, args: Record<string, unknown>): void
  page(request: ActivityPageRequest): Promise<ActivityPage>
  verify(): Promise<VerifyReport>
  exportRecords(args: HostToolArgs<'activity_export'>): Promise<HostToolResult<'activity_export'>>
  setRetention(days: number): Promise<{ days: number }>
  readonly log: ActivityLog
  onChange(listener: () => void): () => void
  close(): Promise<void>
}

const DAY_MS = 86_400_000

export async function createActivityService(options: ActivityServiceOptions): Promise<ActivityService> {
  const retentionDays = () => options.settings.read().retentionDays ?? DEFAULT_RETENTION_DAYS
  const activity = await openActivityLog({
    dir: join(options.dataDir, 'activity'),
    key: loadActivityKey(options.secrets),
    seal: { read: () => options.settings.read().seal, write: (seal) => options.settings.write({ ...options.settings.read(), seal }) },
    retentionDays,
    ...(options.flushMs !== undefined ? { flushMs: options.flushMs } : {}),
    ...(options.maxSegmentBytes !== undefined ? { maxSegmentBytes: options.maxSegmentBytes } : {}),
    ...(options.now ? { now: options.now } : {}),
  })
  const retain = () => activity.applyRetention().catch((error: Error) => log('warn', 'activity', `Old activity could not be removed: ${error.message}`))
  // Retention runs in the background after start and once a day.
  const retentionTimer = setInterval(() => void retain(), DAY_MS)
  retentionTimer.unref?.()
  const firstRetention = setTimeout(() => void retain(), 5_000)
  firstRetention.unref?.()

  const records = async (filter: ActivityFilter): Promise<ActivityRecord[]> => {
    const all: ActivityRecord[] = []
    await activity.each(filter, (record) => all.push(record))
    return all
  }

  return {
    log: activity,
    record: (event, raw) => activity.record(event, raw),
    appToolDone(name, args) {
      const event = appToolEvent(name, args)
      if (event) activity.record({ caller: { kind: 'person' }, ...event })
    },
    page: (request) => activity.page(request),
    verify: () => verifyActivity(activity, () => options.settings.read().seal),
    async exportRecords({ format, filter, save }) {
      const chosen = await records(filter ?? {})
      const text = format === 'jsonl' ? chosen.map((record) => `${JSON.stringify(record)}\n`).join('') : [csvHeader(), ...chosen.map(csvRow)].join('\r\n') + '\r\n'
      const fileName = `switchboard-activity-${new Date().toISOString().slice(0, 10)}.${format}`
      if (!save || !options.pickSavePath) return { fileName, records: chosen.length, text }
      const picked = await options.pickSavePath({ title: 'Export activity', defaultName: fileName, filters: [{ name: format === 'csv' ? 'CSV' : 'JSON Lines', extensions: [format] }] })
      if ('cancelled' in picked) return { fileName, records: chosen.length, saved: picked }
      await writeFile(picked.path, text, 'utf8').catch((error: Error) => {
        throw new Error(`Could not save the activity to ${picked.path} (${error.message}). Export it again and choose a folder you can write to.`)
      })
      return { fileName, records: chosen.length, saved: { path: picked.path } }
    },
    async setRetention(days) {
      options.settings.write({ ...options.settings.read(), retentionDays: days })
      activity.record({ kind: 'retention', caller: { kind: 'person' }, summary: `Keep activity for ${days} days.` })
      await retain()
      return { days }
    },
    onChange: (listener) => activity.onWrite(listener),
    async close() {
      clearInterval(retentionTimer)
      clearTimeout(firstRetention)
      await activity.close()
    },
  }
}
