/** Files that must never be lost: durable replacement, and moving a damaged file aside instead of deleting it. */
import { existsSync, renameSync } from 'node:fs'
import { open, rename, rm } from 'node:fs/promises'
import { randomBytes } from 'node:crypto'
import { basename, dirname, extname, join } from 'node:path'
import { PRIVATE_FILE_MODE } from './privateFiles'

/** Writes a temp file, fsyncs it, and renames it over `path`: readers see the old or the new file, never half. */
export async function writeFileAtomic(path: string, data: string): Promise<void> {
  const temp = `${path}.${randomBytes(6).toString('hex')}.tmp`
  const handle = await open(temp, 'w', PRIVATE_FILE_MODE)
  try {
    await handle.writeFile(data, 'utf8')
    await handle.datasync()
  } finally {
    await handle.close()
  }
  try {
    await rename(temp, path)
  } catch (error) {
    await rm(temp, { force: true })
    throw error
  }
}

/** `<dir>/<name>.corrupt-<timestamp><ext>`, unique even for two failures in the same millisecond. */
export function asideName(path: string, now: Date): string {
  // ":" and "." are not allowed or confusing in Windows file names.
  const stamp = now.toISOString().replace(/[:.]/g, '-')
  const ext = extname(path)
  const stem = join(dirname(path), basename(path, ext))
  let candidate = `${stem}.corrupt-${stamp}${ext}`
  for (let n = 2; existsSync(candidate); n++) candidate = `${stem}.corrupt-${stamp}-${n}${ext}`
  return candidate
}

/** Renames a damaged file to its aside name and returns that path; undefined when the file is gone. */
export function moveAside(path: string, now = new Date()): string | undefined {
  const target = asideName(path, now)
  try {
    renameSync(path, target)
    return target
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined
    throw error
  }
}
