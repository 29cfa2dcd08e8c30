/**
 * Registry answers by URL, in memory and in `registry-cache.json` in the data folder, so the
 * browser opens at once, works offline with the last answers, and can say when they were fetched.
 * The file is a cache: a damaged one is moved aside and the cache starts empty. Bodies are stored
 * as received and validated again on every read.
 */
import { join } from 'node:path'
import { z } from 'zod'
import { readJsonFile } from '../../storage/jsonFile'
import { writeFileAtomic } from '../../storage/atomicFile'
import { log } from '../../log/log'

const MAX_ENTRIES = 100
/** An answer larger than this is kept in memory only. */
const MAX_STORED_BODY_CHARS = 1024 * 1024

const CacheFileSchema = z.object({
  version: z.literal(1),
  entries: z.record(z.string(), z.object({ fetchedAt: z.string(), body: z.unknown() })),
})

export interface CachedAnswer {
  body: unknown
  /** ISO 8601. */
  fetchedAt: string
}

export interface RegistryCache {
  get(url: string): CachedAnswer | undefined
  set(url: string, answer: CachedAnswer): void
  /** Resolves when the last change is on disk. */
  flush(): Promise<void>
}

export function openRegistryCache(dataDir: string): RegistryCache {
  const path = join(dataDir, 'registry-cache.json')
  const entries = new Map<string, CachedAnswer & { size: number }>()
  const read = readJsonFile(path, CacheFileSchema)
  if (read.kind === 'damaged') log('warn', 'registry', `The registry cache was damaged (${read.reason}); it starts empty.`)
  if (read.kind === 'ok') {
    for (const [url, answer] of Object.entries(read.value.entries)) entries.set(url, { ...answer, size: 0 })
  }
  let writing: Promise<void> = Promise.resolve()
  let queued = false

  /** Several answers in a row make one write: the snapshot is taken when the write starts. */
  const save = () => {
    if (queued) return
    queued = true
    writing = writing
      .then(() => {
        queued = false
        const stored = Object.fromEntries([...entries].filter(([, answer]) => answer.size <= MAX_STORED_BODY_CHARS).map(([url, { body, fetchedAt }]) => [url, { body, fetchedAt }]))
        return writeFileAtomic(path, JSON.stringify({ version: 1, entries: stored }))
      })
      .catch((error: Error) => log('warn', 'registry', `Could not save the registry cache: ${error.message}`))
  }

  return {
    get: (url) => entries.get(url),
    set(url, answer) {
      // Map order is insertion order: re-inserting makes this the newest entry, and the oldest go first.
      entries.delete(url)
      entries.set(url, { ...answer, size: JSON.stringify(answer.body).length })
      while (entries.size > MAX_ENTRIES) entries.delete(entries.keys().next().value as string)
      save()
    },
    flush: () => writing,
  }
}
