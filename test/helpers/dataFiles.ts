/**
 * Every file under a running host's data folder with its text, for the tests that check a secret
 * reached no file. The host writes atomically (a temporary file renamed into place), so a file
 * listed can be gone a moment later; the scan is then taken again, until one reads every file it
 * listed. Temporary files present at that moment are read too: they could hold a secret as well.
 */
import { readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'

export interface DataFile {
  path: string
  text: string
}

const ATTEMPTS = 20

export async function readFilesUnder(dir: string): Promise<DataFile[]> {
  for (let attempt = 1; ; attempt++) {
    const entries = await readdir(dir, { recursive: true, withFileTypes: true })
    const paths = entries.filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name))
    try {
      return await Promise.all(paths.map(async (path) => ({ path, text: await readFile(path, 'utf8') })))
    } catch (error) {
      const vanished = (error as NodeJS.ErrnoException).code === 'ENOENT'
      if (!vanished || attempt === ATTEMPTS) throw error
      await new Promise((resolve) => setTimeout(resolve, 10))
    }
  }
}
