/** Durable file replacement: write a temp file, fsync it, rename over the target. */
import { open, rename, rm } from 'node:fs/promises'
import { randomBytes } from 'node:crypto'

export async function writeFileAtomic(path: string, data: string): Promise<void> {
  const temp = `${path}.${randomBytes(6).toString('hex')}.tmp`
  const handle = await open(temp, 'w', 0o600)
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

/** Moves a damaged file aside as `<name>.corrupt-<timestamp><ext>` and returns the new path. */
export async function moveAside(path: string, now = new Date()): Promise<string> {
  const stamp = now.toISOString().replace(/[:.]/g, '-')
  const dot = path.lastIndexOf('.')
  const target = dot > path.lastIndexOf('/') ? `${path.slice(0, dot)}.corrupt-${stamp}${path.slice(dot)}` : `${path}.corrupt-${stamp}`
  await rename(path, target)
  return target
}
