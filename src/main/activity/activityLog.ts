/**
 * The activity log: append-only JSONL segments in `<data>/activity/` (`activity-000001.jsonl`, …),
 * each record chained to the one before by `prev` = that record's `hash` (SHA-256 of its own line
 * without the hash), across segments too.
 *
 * Writes: `record()` takes a seq at once (so a call's record is in the log's order before the call
 * is dispatched) and queues it; a batch goes to disk at most `flushMs` (1 s) later, and on close.
 * A crash or power cut can lose that last second of records — said in docs/guide/activity.md.
 * Hashing and the argument digest happen at the batch write, off the tool call's path.
 *
 * After every batch the newest seq and hash go into the settings as the *seal*, HMAC-keyed with the
 * install's key from the keychain: a cut tail or a log rewritten from some line on cannot be told
 * from the file alone, only against the seal (activityVerify.ts).
 *
 * Rotation: a segment grows to `maxSegmentBytes`, then the next one starts. Retention: whole
 * segments whose newest record is older than the person's chosen days are deleted, and a
 * `retention` record names the last removed record, so Verify joins the chain across the gap.
 */
import { createHash, createHmac } from 'node:crypto'
import { appendFile, open, readFile, readdir, stat, unlink } from 'node:fs/promises'
import { join } from 'node:path'
import { canonicalJson } from '../../shared/canonicalJson'
import { ACTIVITY_PAGE_SIZE, MAX_ACTIVITY_PAGE_SIZE, type ActivityEvent, type ActivityFilter, type ActivityPage, type ActivityPageRequest, type ActivityRecord, type ActivityStatus, type ArgumentSummary } from '../../shared/activityApi'
import { log } from '../log/log'
import { makePrivateDir, PRIVATE_FILE_MODE } from '../storage/privateFiles'
import { readLinesBackwards } from './reverseLines'

/** The chain's start: the `prev` of the very first record. */
export const GENESIS = '0'.repeat(64)
export const DEFAULT_SEGMENT_BYTES = 8 * 1024 * 1024
const SEGMENT = /^activity-(\d{6,})\.jsonl$/

export const segmentName = (n: number): string => `activity-${String(n).padStart(6, '0')}.jsonl`

/** The per-install key for argument digests and the seal; `kept`: from the keychain (else made for this run only). */
export interface ActivityKey {
  bytes: Buffer
  kept: boolean
}

/** The newest record as the settings keep it, with `mac` = HMAC(key, `seq:hash`). */
export interface ActivitySeal {
  seq: number
  hash: string
  mac: string
}

export interface ActivityLogOptions {
  dir: string
  /** Resolves once the keychain answered; records wait in memory until then. */
  key: Promise<ActivityKey>
  seal: { read(): ActivitySeal | undefined; write(seal: ActivitySeal): void }
  retentionDays: () => number
  maxSegmentBytes?: number
  flushMs?: number
  now?: () => Date
}

/** Something that can say what happened; the one API other features call (`record(event)`). */
export interface ActivityRecorder {
  record(event: ActivityEvent, rawArguments?: Record<string, unknown>): number
}

export interface ActivityLog extends ActivityRecorder {
  /** Writes what is queued now; resolves when it is on disk. */
  flush(): Promise<void>
  page(request: ActivityPageRequest): Promise<ActivityPage>
  /** Every record matching `filter`, oldest first (for export). */
  each(filter: ActivityFilter, visit: (record: ActivityRecord) => void): Promise<void>
  status(): ActivityStatus
  /** Deletes segments past retention; returns how many records went. */
  applyRetention(): Promise<number>
  /** Segment file names, oldest first. */
  segments(): Promise<string[]>
  readonly dir: string
  readonly key: Promise<ActivityKey>
  /** Called after every batch write (the activity resource's update). */
  onWrite(listener: () => void): () => void
  close(): Promise<void>
}

export const sha256 = (text: string): string => createHash('sha256').update(text).digest('hex')
export const sealMac = (key: ActivityKey, seq: number, hash: string): string => createHmac('sha256', key.bytes).update(`${seq}:${hash}`).digest('hex')

/** Names and sizes of the top-level arguments and an HMAC of their canonical JSON: never a value. */
export function summarizeArguments(key: ActivityKey, args: Record<string, unknown>): ArgumentSummary {
  const text = canonicalJson(args)
  const names = Object.entries(args).map(([name, value]) => ({ name, bytes: Buffer.byteLength(canonicalJson(value)) }))
  return { names, bytes: Buffer.byteLength(text), digest: createHmac('sha256', key.bytes).update(text).digest('hex') }
}

/** The line of a record: its fields with `prev`, then `hash` over exactly that text. */
export function chainLine(body: Omit<ActivityRecord, 'hash'>): { line: string; hash: string } {
  const text = JSON.stringify(body)
  const hash = sha256(text)
  return { line: `${text.slice(0, -1)},"hash":"${hash}"}`, hash }
}

/**
 * Pieces of text a record's line must contain to match `filter` (JSON.stringify writes them just so):
 * lines without them are skipped unparsed, which keeps a filtered page over a large log cheap.
 */
export function lineNeedles(filter: ActivityFilter): string[] {
  const needles: string[] = []
  if (filter.kind) needles.push(`"kind":${JSON.stringify(filter.kind)}`)
  if (filter.caller) needles.push(`"kind":${JSON.stringify(filter.caller)}`)
  if (filter.extension) needles.push(`"extension":${JSON.stringify(filter.extension)}`)
  if (filter.callId) needles.push(`"callId":${JSON.stringify(filter.callId)}`)
  if (filter.outcome) needles.push(`"outcome":${JSON.stringify(filter.outcome)}`)
  if (filter.decision === 'asked') needles.push('"asked":true')
  else if (filter.decision) needles.push(`"verdict":${JSON.stringify(filter.decision)}`)
  return needles
}

export function matchesFilter(record: ActivityRecord, filter: ActivityFilter): boolean {
  if (filter.kind && record.kind !== filter.kind) return false
  if (filter.caller && record.caller?.kind !== filter.caller) return false
  if (filter.extension && record.extension !== filter.extension) return false
  if (filter.callId && record.callId !== filter.callId) return false
  if (filter.outcome && record.outcome !== filter.outcome) return false
  if (filter.decision === 'asked' && !record.decision?.asked) return false
  if ((filter.decision === 'allow' || filter.decision === 'deny') && record.decision?.verdict !== filter.decision) return false
  if (filter.from && record.time < filter.from) return false
  if (filter.to && record.time > filter.to) return false
  return true
}

interface Pending {
  body: Omit<ActivityRecord, 'prev' | 'hash' | 'args'> & { args?: ArgumentSummary }
  raw?: Record<string, unknown>
}

export async function openActivityLog(options: ActivityLogOptions): Promise<ActivityLog> {
  const { dir } = options
  const now = options.now ?? (() => new Date())
  const maxBytes = options.maxSegmentBytes ?? DEFAULT_SEGMENT_BYTES
  const flushMs = options.flushMs ?? 1000
  await makePrivateDir(dir)

  const listSegments = async () =>
    (await readdir(dir))
      .map((name) => SEGMENT.exec(name))
      .filter((match): match is RegExpExecArray => match !== null)
      .map((match) => ({ name: match[0], n: Number(match[1]) }))
      .sort((a, b) => a.n - b.n)

  // Where the chain stands: the newest readable record of the newest segment.
  let segments = await listSegments()
  let current = segments.at(-1)?.n ?? 1
  let currentBytes = 0
  let lastSeq = 0
  let lastHash = GENESIS
  for (const segment of [...segments].reverse()) {
    const path = join(dir, segment.name)
    if (segment.n === current) currentBytes = (await stat(path)).size
    let found: ActivityRecord | undefined
    for await (const line of readLinesBackwards(path)) {
      try {
        found = JSON.parse(line) as ActivityRecord
        break
      } catch {
        // A torn last line (a crash mid-write): Verify reports it; the chain goes on from the last whole record.
      }
    }
    if (found) {
      lastSeq = found.seq
      lastHash = found.hash
      break
    }
  }

  let pending: Pending[] = []
  let nextSeq = lastSeq + 1
  let timer: NodeJS.Timeout | undefined
  let writing: Promise<void> = Promise.resolve()
  let problem: string | undefined
  let closed = false
  let key: ActivityKey | undefined
  void options.key.then((k) => (key = k))
  const listeners = new Set<() => void>()

  const writeBatch = async () => {
    timer = undefined
    if (pending.length === 0) return
    const k = key ?? (await options.key)
    const batch = pending
    pending = []
    let text = ''
    let prev = lastHash
    for (const { body, raw } of batch) {
      const withArgs = raw ? { ...body, args: summarizeArguments(k, raw) } : body
      const { line, hash } = chainLine({ ...withArgs, prev } as Omit<ActivityRecord, 'hash'>)
      text += `${line}\n`
      prev = hash
    }
    const bytes = Buffer.byteLength(text)
    if (currentBytes > 0 && currentBytes + bytes > maxBytes) {
      current += 1
      currentBytes = 0
    }
    try {
      await appendFile(join(dir, segmentName(current)), text, { mode: PRIVATE_FILE_MODE })
      currentBytes += bytes
      lastHash = prev
      lastSeq = batch.at(-1)!.body.seq
      options.seal.write({ seq: lastSeq, hash: lastHash, mac: sealMac(k, lastSeq, lastHash) })
      problem = undefined
    } catch (error) {
      // Nothing is lost: the batch goes back to the front of the queue and the next write retries it.
      pending = [...batch, ...pending]
      problem = `The activity log could not be written to ${dir}: ${(error as Error).message}. Free some disk space or check the folder's permissions; records wait in memory until it works.`
      log('error', 'activity', problem)
      schedule()
    }
    listeners.forEach((listener) => listener())
  }

  const flush = (): Promise<void> => {
    if (timer) clearTimeout(timer)
    timer = undefined
    writing = writing.then(writeBatch, writeBatch)
    return writing
  }
  const schedule = () => {
    if (timer || closed) return
    timer = setTimeout(() => void flush(), flushMs)
    timer.unref?.()
  }

  const record = (event: ActivityEvent, raw?: Record<string, unknown>): number => {
    const seq = nextSeq++
    const { args, ...rest } = event
    pending.push({ body: { v: 1, seq, time: now().toISOString(), ...rest, ...(args ? { args } : {}) }, ...(raw && !args ? { raw } : {}) })
    schedule()
    return seq
  }

  const status = (): ActivityStatus => ({
    newest: nextSeq - 1,
    pending: pending.length,
    retentionDays: options.retentionDays(),
    keyed: key?.kept === false ? 'this-run-only' : 'keychain',
    ...(problem ? { problem } : {}),
  })

  /** Records newest first, segment by segment, read backwards; `visit` returns false to stop. */
  const newestFirst = async (visit: (line: string) => boolean) => {
    const names = (await listSegments()).reverse()
    for (const segment of names) {
      for await (const line of readLinesBackwards(join(dir, segment.name))) if (!visit(line)) return
    }
  }

  const parse = (line: string): ActivityRecord | undefined => {
    try {
      return JSON.parse(line) as ActivityRecord
    } catch {
      return undefined
    }
  }

  const log_: ActivityLog = {
    dir,
    key: options.key,
    record,
    flush,
    status,
    async page(request) {
      await flush()
      const limit = Math.min(request.limit ?? ACTIVITY_PAGE_SIZE, MAX_ACTIVITY_PAGE_SIZE)
      const q = request.q?.toLowerCase()
      const needles = lineNeedles(request)
      const records: ActivityRecord[] = []
      let more = false
      await newestFirst((line) => {
        // Filters and the text search look at the raw line first: most lines are never parsed.
        if (needles.some((needle) => !line.includes(needle))) return true
        if (q !== undefined && !line.toLowerCase().includes(q)) return true
        const entry = parse(line)
        if (!entry || (request.before !== undefined && entry.seq >= request.before) || !matchesFilter(entry, request)) return true
        if (records.length === limit) {
          more = true
          return false
        }
        records.push(entry)
        return true
      })
      return { records, ...(more ? { next: records.at(-1)!.seq } : {}), status: status() }
    },
    async each(filter, visit) {
      await flush()
      const q = filter.q?.toLowerCase()
      const needles = lineNeedles(filter)
      for (const segment of await listSegments()) {
        const handle = await open(join(dir, segment.name), 'r')
        try {
          for await (const line of handle.readLines()) {
            if (line === '' || needles.some((needle) => !line.includes(needle)) || (q !== undefined && !line.toLowerCase().includes(q))) continue
            const entry = parse(line)
            if (entry && matchesFilter(entry, filter)) visit(entry)
          }
        } finally {
          await handle.close()
        }
      }
    },
    async applyRetention() {
      await flush()
      const cutoff = new Date(now().getTime() - options.retentionDays() * 86_400_000).toISOString()
      segments = await listSegments()
      let removed = 0
      let last: ActivityRecord | undefined
      // The segment being written is never removed, whatever its age.
      for (const segment of segments.filter((s) => s.n !== current)) {
        const path = join(dir, segment.name)
        let newest: ActivityRecord | undefined
        for await (const line of readLinesBackwards(path)) {
          newest = parse(line)
          if (newest) break
        }
        if (newest && newest.time >= cutoff) break
        const count = (await readFile(path, 'utf8')).split('\n').filter(Boolean).length
        await unlink(path)
        removed += count
        if (newest) last = newest
      }
      if (last) {
        record({ kind: 'retention', subject: `${last.seq}:${last.hash}`, summary: `Removed ${removed} records older than ${options.retentionDays()} days (through #${last.seq}).` })
        await flush()
      }
      return removed
    },
    async segments() {
      return (await listSegments()).map((segment) => segment.name)
    },
    onWrite(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    async close() {
      await flush()
      closed = true
      if (timer) clearTimeout(timer)
    },
  }
  return log_
}
