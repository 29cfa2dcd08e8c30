/**
 * Counts the host's durable writes while a test runs: every fdatasync and fsync a file handle makes in
 * this process (node:fs/promises FileHandle, which SessionAppender and writeFileAtomic use), with the
 * file it was made on. It wraps the real methods (the syncs still happen) and is undone by `stop()`.
 */
import { open, readlink, stat } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

export interface DurableWrite {
  /** `datasync`: a file's data (a committed line); `sync`: a full fsync (a directory entry, a new file). */
  call: 'datasync' | 'sync'
  /** The synced file's path where the system can tell it (Linux); undefined elsewhere. */
  path?: string
  directory: boolean
}

export async function countDurableWrites(): Promise<{ writes: DurableWrite[]; stop(): void }> {
  // FileHandle is not exported: its prototype is reached through a handle.
  const probe = await open(join(tmpdir(), `durable-writes-probe-${process.pid}`), 'w')
  const proto = Object.getPrototypeOf(probe) as Record<'datasync' | 'sync', (this: { fd: number }) => Promise<void>>
  await probe.close()
  const writes: DurableWrite[] = []
  const originals = { datasync: proto.datasync, sync: proto.sync }
  for (const call of ['datasync', 'sync'] as const) {
    proto[call] = async function (this: { fd: number }) {
      const path = process.platform === 'linux' ? await readlink(`/proc/self/fd/${this.fd}`).catch(() => undefined) : undefined
      const directory = path ? (await stat(path).catch(() => undefined))?.isDirectory() ?? false : false
      writes.push({ call, path, directory })
      return originals[call].call(this)
    }
  }
  return {
    writes,
    stop() {
      proto.datasync = originals.datasync
      proto.sync = originals.sync
    },
  }
}
