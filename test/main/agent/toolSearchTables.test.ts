/**
 * The tool search's synonym tables are built on the first search, not when the host loads the
 * module (issue 33: stemming every group's words was ~25 ms of each start). Counts the stemmer's
 * calls: none on import, some on the first expansion, none again for the tables on the next.
 */
import { describe, expect, it, vi } from 'vitest'

const calls = vi.hoisted(() => ({ count: 0 }))
vi.mock('stemmer', async (importOriginal) => {
  const real = await importOriginal<typeof import('stemmer')>()
  return { stemmer: (value: string) => (calls.count++, real.stemmer(value)) }
})

describe('synonym tables', () => {
  it('are built on first use, once, and give the same expansions', async () => {
    const { expansionsOf, namesNoAction } = await import('../../../src/main/agent/toolSearch/synonyms')
    expect(calls.count).toBe(0)
    const meetings = expansionsOf('meetings', undefined)
    const afterFirst = calls.count
    expect(afterFirst).toBeGreaterThan(100)
    // "meetings" finds the row of "meeting" (keyed by stem), with the other words of its group.
    expect(meetings.length).toBeGreaterThan(0)
    expect(expansionsOf('meetings', undefined)).toEqual(meetings)
    expect(namesNoAction(['my', 'tasks'])).toBe(true)
    expect(namesNoAction(['create', 'a', 'task'])).toBe(false)
    // Later calls stem only their own words (one for each word asked about), never the tables again.
    expect(calls.count - afterFirst).toBeLessThan(10)
  })
})
