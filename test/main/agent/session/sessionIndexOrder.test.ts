/**
 * The session list stays sorted through changes (sessionIndex.ts keeps its sorted list and moves the
 * changed session, instead of sorting every session again at the next read): after any sequence of
 * creates, commits, renames and deletions, every page is what a fresh sort of the sessions gives.
 */
import { afterEach, describe, expect, it } from 'vitest'
import { openSessionIndex, type SessionIndex } from '../../../../src/main/agent/session/sessionIndex'
import { MAX_SESSIONS_PAGE_SIZE, newestFirst, sessionCursor, type SessionSummary } from '../../../../src/shared/hostApi'
import { tempDir } from '../../../helpers/tempDir'

const cleanups: (() => Promise<unknown>)[] = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})

/** Every session by following the pages (10 at a time). */
function allPages(index: SessionIndex): SessionSummary[] {
  const seen: SessionSummary[] = []
  let before: string | undefined
  do {
    const page = index.page({ limit: 10, ...(before ? { before } : {}) })
    seen.push(...page.sessions)
    before = page.next
  } while (before)
  return seen
}

describe('the session list’s order through changes', () => {
  it('pages as a fresh sort would, after each of 300 random changes', async () => {
    const dir = await tempDir()
    cleanups.push(dir.remove)
    let clock = Date.parse('2026-01-01T00:00:00Z')
    const index = await openSessionIndex(dir.path, () => new Date((clock += 1000)), { saveDelayMs: 60_000 })
    cleanups.push(() => index.close())
    const ids: string[] = []
    for (let i = 0; i < 40; i++) ids.push((await index.create(`Session ${i}`)).id)
    // Read once, so the sorted list exists and the changes below must keep it right.
    expect(index.page({ limit: MAX_SESSIONS_PAGE_SIZE }).sessions).toHaveLength(40)
    let seed = 7
    const random = (n: number) => ((seed = (seed * 48271) % 2147483647) % n)
    for (let step = 0; step < 300; step++) {
      const id = ids[random(ids.length)]!
      switch (random(4)) {
        case 0: // a committed message: later, or (a clock set back) earlier than others
          index.noteCommitted(id, { messageCount: step, updated: new Date(Date.parse('2026-01-01T00:00:00Z') + random(200_000) * 1000).toISOString() })
          break
        case 1:
          await index.rename(id, `Renamed ${step}`)
          break
        case 2:
          await index.remove(id)
          ids.splice(ids.indexOf(id), 1)
          break
        case 3:
          ids.push((await index.create(`Created ${step}`)).id)
          break
      }
      const paged = allPages(index)
      const fresh = ids.map((each) => index.get(each)!).sort(newestFirst)
      expect(paged.map(sessionCursor)).toEqual(fresh.map(sessionCursor))
      expect(paged).toEqual(fresh)
    }
  })
})
