/**
 * One writer per data folder. Every entry point (the desktop app, browser mode, `npm run host`) takes
 * this lock before it opens anything in the folder: two hosts on one folder would overwrite each
 * other's chats, settings and permissions and clash on the connected apps' port. Electron's
 * single-instance lock cannot do it, it only sees other Electron processes.
 *
 * The lock is a file created exclusively (`wx`) that names its holder (pid, entry point, start time),
 * so a refused start can say which Switchboard to stop. A lock whose process is gone (a crash, a
 * power cut) is stale and taken over; the holder removes it when it stops, and on any process exit.
 *
 * Why not proper-lockfile: it keeps a lock alive by rewriting its mtime on a timer and calls it stale
 * after a quiet period, which a laptop's sleep also produces, and its lock says nothing about who holds
 * it; the message naming the running Switchboard is the point here. A pid check is enough for a lock
 * that only processes of the same person on the same machine share.
 */
import { closeSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs'
import { join } from 'node:path'
import { makePrivateDataDir, PRIVATE_FILE_MODE } from '../storage/privateFiles'

export const LOCK_FILE = 'switchboard.lock'

/** How the holder was started, as the refusal names it. */
export type EntryPoint = 'the desktop app' | 'browser mode' | 'npm run host'

interface Holder {
  pid: number
  entryPoint: EntryPoint
  /** ISO time the holder took the lock. */
  started: string
}

export interface DataDirLock {
  readonly file: string
  /** Removes the lock file if it is still this holder's; a second call does nothing. */
  release(): void
}

/** A start refused because another Switchboard holds the folder; its message is the one line to show. */
export class DataDirInUseError extends Error {
  constructor(
    readonly holder: Holder,
    readonly dataDir: string,
    elsewhere: string,
  ) {
    super(`Another Switchboard (${holder.entryPoint}, pid ${holder.pid}, since ${new Date(holder.started).toLocaleString()}) is using the data folder ${dataDir}; stop it first or ${elsewhere}.`)
    this.name = 'DataDirInUseError'
  }
}

/** Lock files this process holds: a lock naming our own pid that is not among them is from an earlier run whose pid we got again. */
const held = new Set<string>()

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    // EPERM: alive, but another user's process.
    return (error as NodeJS.ErrnoException).code !== 'ESRCH'
  }
}

function readHolder(file: string): Holder | undefined {
  try {
    const holder = JSON.parse(readFileSync(file, 'utf8')) as Partial<Holder>
    return Number.isInteger(holder.pid) && typeof holder.entryPoint === 'string' && typeof holder.started === 'string' ? (holder as Holder) : undefined
  } catch {
    // Gone meanwhile, or empty/garbled (a crash between creating and writing it): nobody holds it.
    return undefined
  }
}

function holds(file: string, holder: Holder | undefined): holder is Holder {
  if (!holder) return false
  if (holder.pid === process.pid) return held.has(file)
  return isAlive(holder.pid)
}

export interface LockOptions {
  entryPoint: EntryPoint
  /** How this entry point is pointed at another folder, the end of the refusal ("pass another --data-dir"). */
  elsewhere: string
}

/**
 * Takes the data folder (creating it, private) or throws `DataDirInUseError` naming the holder.
 * Two starts that both find the same stale lock at the same instant could both take it over; the
 * window is one unlink and one create, against a crash's leftover, so no second mechanism guards it.
 */
export async function lockDataDir(dataDir: string, { entryPoint, elsewhere }: LockOptions): Promise<DataDirLock> {
  await makePrivateDataDir(dataDir)
  const file = join(dataDir, LOCK_FILE)
  const mine: Holder = { pid: process.pid, entryPoint, started: new Date().toISOString() }
  for (;;) {
    let fd: number
    try {
      fd = openSync(file, 'wx', PRIVATE_FILE_MODE)
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
      const holder = readHolder(file)
      if (holds(file, holder)) throw new DataDirInUseError(holder, dataDir, elsewhere)
      rmSync(file, { force: true })
      continue
    }
    try {
      writeSync(fd, JSON.stringify(mine))
    } finally {
      closeSync(fd)
    }
    break
  }
  held.add(file)
  let released = false
  const release = () => {
    if (released) return
    released = true
    process.off('exit', release)
    held.delete(file)
    const holder = readHolder(file)
    if (holder?.pid === mine.pid && holder.started === mine.started) rmSync(file, { force: true })
  }
  // Also when the process ends without stopping the host (process.exit after an error, a second Ctrl+C).
  process.on('exit', release)
  return { file, release }
}
