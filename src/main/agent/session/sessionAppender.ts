/**
 * Durable appends to one session file: each line is written with one write() and made durable with
 * one fdatasync before the append resolves, so "committed" means "survives kill -9 and power loss".
 * Appends to one file are queued, never interleaved. The handle stays open between appends: opening
 * per message would cost more than the write itself (bench/persistence.ts).
 */
import { open, type FileHandle } from 'node:fs/promises'
import { dirname } from 'node:path'
import { log } from '../../log/log'
import { PRIVATE_FILE_MODE } from '../../storage/privateFiles'

/** How far back to look for the last newline when repairing a torn tail (one line is never this long in practice). */
const TAIL_CHUNK = 64 * 1024

export class SessionAppender {
  private handle: Promise<FileHandle> | undefined
  /** The file's size as of the appends so far (known once it is open): each append resolves with where its line ends. */
  private size = 0
  /**
   * The file was empty when opened (this appender made it, as a new session's first message does): the
   * sync of its directory entry, started at the open and awaited by the first durable append, or the
   * whole file could vanish on power loss. Undefined once it is durable.
   */
  private entrySynced: Promise<void> | undefined
  private queue: Promise<unknown>
  private closed = false

  /** `after`: work that must finish first (the close of an earlier appender of the same file). */
  constructor(
    private readonly path: string,
    after: Promise<unknown> = Promise.resolve(),
  ) {
    this.queue = after
  }

  /** Resolves once every append queued so far has finished (or failed). */
  settled(): Promise<void> {
    return this.queue.then(
      () => undefined,
      () => undefined,
    )
  }

  /**
   * Appends `line` (without its newline) durably; resolves with the file's size after it (where the
   * line ends: the search index keeps count of what it has read by it). Rejects if the write or the sync fails.
   * `durable: false` leaves out the fdatasync, for lines that can be rebuilt from another file (the
   * session index's counts and new entries, from the session files): the line is in the page cache at
   * once (it survives the process being killed) and reaches the disk with the next synced append of
   * this file, or when the system writes it back.
   */
  append(line: string, { durable = true }: { durable?: boolean } = {}): Promise<number> {
    if (this.closed) return Promise.reject(new Error(`the session file ${this.path} is closed`))
    const data = Buffer.from(`${line}\n`, 'utf8')
    const next = this.queue.catch(() => undefined).then(async () => {
      const handle = await this.opened()
      // One write() per line: with O_APPEND the kernel puts it at the end in one piece.
      let written = 0
      while (written < data.length) {
        const { bytesWritten } = await handle.write(data, written, data.length - written)
        written += bytesWritten
      }
      if (durable) await handle.datasync()
      if (durable && this.entrySynced) await this.durableEntry(this.entrySynced)
      this.size += data.length
      return this.size
    })
    this.queue = next
    return next
  }

  /** Waits for queued appends and closes the handle. */
  async close(): Promise<void> {
    this.closed = true
    await this.queue.catch(() => undefined)
    const handle = await this.handle?.catch(() => undefined)
    this.handle = undefined
    await handle?.close()
  }

  /**
   * Makes the file ahead of the first append, for a session made a moment ago (while its first turn
   * gets ready); a failure here is left to that append, which tries the open again.
   */
  create(): void {
    if (!this.closed) this.opened(true).catch(() => undefined)
  }

  private opened(made = false): Promise<FileHandle> {
    this.handle ??= openForAppend(this.path, made).then(({ handle, size }) => {
      this.size = size
      // A new file's directory entry is synced now, beside its first line's write, not before it.
      if (size === 0) this.entrySynced = this.syncEntry()
      return handle
    })
    // A failed open is not cached: the next append tries again (e.g. after the disk was freed).
    this.handle.catch(() => (this.handle = undefined))
    return this.handle
  }

  private syncEntry(): Promise<void> {
    const synced = syncDirectory(dirname(this.path))
    synced.catch(() => undefined) // awaited by the next durable append
    return synced
  }

  /** Waits for the directory entry's sync; a failed one fails this append and is started again for the next. */
  private async durableEntry(synced: Promise<void>): Promise<void> {
    try {
      await synced
      this.entrySynced = undefined
    } catch (error) {
      this.entrySynced = this.syncEntry()
      throw error
    }
  }
}

/**
 * Opens the file for appending, made if missing, with an unfinished last line cut off: one open, 'a+'
 * (append, and read and truncate for the repair), where a failed 'r+' and a second open would cost a
 * new session's first message two round trips to the file system. `made`: the file is new (a session
 * made a moment ago), so an exclusive open makes it and there is no size to read.
 */
async function openForAppend(path: string, made: boolean): Promise<{ handle: FileHandle; size: number }> {
  if (made) {
    try {
      return { handle: await open(path, 'ax+', PRIVATE_FILE_MODE), size: 0 }
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
    }
  }
  const handle = await open(path, 'a+', PRIVATE_FILE_MODE)
  try {
    const { size } = await handle.stat()
    return { handle, size: size === 0 ? 0 : await dropTornTail(handle, path, size) }
  } catch (error) {
    await handle.close().catch(() => undefined)
    throw error
  }
}

/**
 * Cuts an unfinished last line off; returns the size kept. It was never acknowledged (an append resolves only after its
 * newline is durable), and leaving it would glue the next line onto it and lose that one too.
 */
async function dropTornTail(handle: FileHandle, path: string, size: number): Promise<number> {
  let end = size
  while (end > 0) {
    const start = Math.max(0, end - TAIL_CHUNK)
    const chunk = Buffer.alloc(end - start)
    await handle.read(chunk, 0, chunk.length, start)
    const newline = chunk.lastIndexOf(0x0a)
    if (newline !== -1) {
      const keep = start + newline + 1
      if (keep === size) return size
      await handle.truncate(keep)
      await handle.datasync()
      log('warn', 'sessions', `${path}: dropped an unfinished last line of ${size - keep} bytes before appending`)
      return keep
    }
    end = start
  }
  await handle.truncate(0)
  await handle.datasync()
  log('warn', 'sessions', `${path}: the file held only an unfinished line of ${size} bytes; it was dropped before appending`)
  return 0
}

async function syncDirectory(dir: string): Promise<void> {
  if (process.platform === 'win32') return // Directories cannot be opened for syncing on Windows.
  const handle = await open(dir, 'r')
  try {
    await handle.sync()
  } finally {
    await handle.close()
  }
}
