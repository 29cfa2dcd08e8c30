/** Typos read as the word meant (src/main/agent/toolSearch/spelling.ts), on a small word list of our own. */
import { describe, expect, it } from 'vitest'
import { editDistance, spellingCorrector } from '../../../src/main/agent/toolSearch/spelling'

describe('editDistance', () => {
  it('counts a letter left out, added or changed, and two neighbours swapped, as one edit each', () => {
    expect(editDistance('githb', 'github', 2)).toBe(1)
    expect(editDistance('calenddar', 'calendar', 2)).toBe(1)
    expect(editDistance('emali', 'email', 2)).toBe(1)
    expect(editDistance('isue', 'issue', 2)).toBe(1)
    expect(editDistance('serch', 'search', 2)).toBe(1)
    expect(editDistance('kubernets', 'kubernetes', 2)).toBe(1)
    expect(editDistance('calendar', 'calendar', 2)).toBe(0)
    expect(editDistance('abcd', 'badc', 2)).toBe(2)
  })

  it('stops at the limit: anything further is limit + 1', () => {
    expect(editDistance('delete', 'create', 1)).toBe(2)
    expect(editDistance('a', 'abcdef', 2)).toBe(3)
    expect(editDistance('repository', 'directory', 2)).toBe(3)
    // Rows within the limit, a last cell beyond it: still limit + 1.
    expect(editDistance('babba', 'ccbbabc', 2)).toBe(3)
  })
})

describe('spellingCorrector', () => {
  const known = new Map([
    ['github', 5],
    ['issue', 9],
    ['create', 12],
    ['page', 40],
    ['pages', 3],
    ['pace', 1],
    ['cage', 60],
    ['schedule', 2],
    ['subscriber', 2],
    ['repository', 30],
  ])
  const spelling = spellingCorrector(known)

  /** Each typed word and what it should be read as (undefined: left as typed). */
  const expectReadings = (corrector: typeof spelling, readings: [string, string | undefined][]) => {
    for (const [typed, meant] of readings) expect(corrector.correct(typed), typed).toBe(meant)
  }

  it('reads a word one edit from a known word as that word', () => {
    expectReadings(spelling, [
      ['githb', 'github'],
      ['isue', 'issue'],
      ['crete', 'create'],
      ['scedule', 'schedule'],
      ['paeg', 'page'],
      // One edit from "pages", two from "page".
      ['pagees', 'pages'],
    ])
  })

  it('of words as close, prefers two letters swapped, then the same first letter, then the one more tools use', () => {
    // "pcage" is one edit from both page (40 tools) and cage (60): the same first letter decides.
    // "xage" is one edit from both, neither starts with x: more tools use cage.
    expectReadings(spelling, [
      ['pcage', 'page'],
      ['xage', 'cage'],
    ])
    // "lits" is list with two letters swapped, and one letter from lets, which more tools use: the swap decides.
    expectReadings(spellingCorrector(new Map([['list', 1], ['lets', 50]])), [['lits', 'list']])
  })

  it('allows two edits from eight letters on, one below', () => {
    expectReadings(spelling, [
      ['sbuscrber', 'subscriber'],
      ['repostiroy', 'repository'],
      ['shedle', undefined],
    ])
  })

  it('leaves known words, short words, and words with digits or capitals alone', () => {
    expectReadings(spelling, [
      ['issue', undefined],
      ['pge', undefined],
      ['github2', undefined],
      ['Githb', undefined],
      ['zzzzzz', undefined],
    ])
  })
})
