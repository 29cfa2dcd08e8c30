import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

/** A fresh temporary folder and a function that removes it. */
export async function tempDir(prefix = 'switchboard-test-'): Promise<{ path: string; remove: () => Promise<void> }> {
  const path = await mkdtemp(join(tmpdir(), prefix))
  return { path, remove: () => rm(path, { recursive: true, force: true }) }
}
