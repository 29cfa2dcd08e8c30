/** Remembered protocol-revision verdicts: kept across instances (the app restarting), tied to the config, expiring. */
import { writeFile } from 'node:fs/promises'
import { describe, expect, it } from 'vitest'
import { RevisionCache, REVISION_VERDICT_TTL_MS, revisionFileStorage, type RevisionFile, type RevisionStorage } from '../../../../src/main/extensions/connection/revisionCache'
import { config } from '../harness'
import { tempDir } from '../../../helpers/tempDir'

const stdio = config({ id: 'a', name: 'A', type: 'stdio', command: 'node', args: ['server.js'] })
const discover = { supportedVersions: ['2026-07-28'], capabilities: { tools: {} }, ttlMs: 0, cacheScope: 'private' as const }

function memoryStorage(): RevisionStorage & { file?: RevisionFile } {
  const storage: RevisionStorage & { file?: RevisionFile } = { load: () => storage.file, save: (file) => void (storage.file = file) }
  return storage
}

describe('RevisionCache', () => {
  it('gives a remembered verdict to a later instance, only for the same config and only while fresh', () => {
    let now = 1_000
    const storage = memoryStorage()
    new RevisionCache(storage, () => now).remember('a', stdio, { kind: 'modern', discover })
    const later = new RevisionCache(storage, () => now)
    expect(later.prior('a', stdio)).toEqual({ kind: 'modern', discover })
    expect(later.prior('a', config({ id: 'a', name: 'A', type: 'stdio', command: 'node', args: ['other.js'] }))).toBeUndefined()
    expect(later.prior('b', stdio)).toBeUndefined()
    now += REVISION_VERDICT_TTL_MS + 1
    expect(later.prior('a', stdio)).toBeUndefined()
  })

  it('forgets a verdict, and never remembers one for kinds that are not negotiated', () => {
    const storage = memoryStorage()
    const cache = new RevisionCache(storage)
    cache.remember('a', stdio, { kind: 'legacy' })
    expect(cache.prior('a', stdio)).toEqual({ kind: 'legacy' })
    cache.forget('a')
    expect(new RevisionCache(storage).prior('a', stdio)).toBeUndefined()
    const sse = config({ id: 's', name: 'S', type: 'sse', url: 'http://127.0.0.1:1/sse' })
    cache.remember('s', sse, { kind: 'legacy' })
    expect(cache.prior('s', sse)).toBeUndefined()
  })

  it('keeps verdicts in protocol-revisions.json and survives a damaged file', async () => {
    const dir = await tempDir()
    try {
      new RevisionCache(revisionFileStorage(dir.path)).remember('a', stdio, { kind: 'legacy' })
      await new Promise((resolve) => setTimeout(resolve, 100))
      expect(new RevisionCache(revisionFileStorage(dir.path)).prior('a', stdio)).toEqual({ kind: 'legacy' })
      await writeFile(`${dir.path}/protocol-revisions.json`, '{ not json')
      expect(new RevisionCache(revisionFileStorage(dir.path)).prior('a', stdio)).toBeUndefined()
    } finally {
      await dir.remove()
    }
  })
})
