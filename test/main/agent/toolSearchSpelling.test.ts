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

  it('reads a word one edit from a known word as that word', () => {
    expect(spelling.correct('githb')).toBe('github')
    expect(spelling.correct('isue')).toBe('issue')
    expect(spelling.correct('crete')).toBe('create')
    expect(spelling.correct('scedule')).toBe('schedule')
  })

  it('of words as close, prefers two letters swapped, then the same first letter, then the one more tools use', () => {
    // "pcage" is one edit from both page (40 tools) and cage (60): the same first letter decides.
    expect(spelling.correct('pcage')).toBe('page')
    // "xage" is one edit from both, neither starts with x: more tools use cage.
    expect(spelling.correct('xage')).toBe('cage')
    // "lits" is list with two letters swapped, and one letter from lets, which more tools use: the swap decides.
    const swaps = spellingCorrector(new Map([['list', 1], ['lets', 50]]))
    expect(swaps.correct('lits')).toBe('list')
    expect(spelling.correct('paeg')).toBe('page')
    // "pagees" is one edit from "pages" and two from "page".
    expect(spelling.correct('pagees')).toBe('pages')
  })

  it('allows two edits from eight letters on, one below', () => {
    expect(spelling.correct('sbuscrber')).toBe('subscriber')
    expect(spelling.correct('repostiroy')).toBe('repository')
    expect(spelling.correct('shedle')).toBeUndefined()
  })

  it('leaves known words, short words, and words with digits or capitals alone', () => {
    expect(spelling.correct('issue')).toBeUndefined()
    expect(spelling.correct('pge')).toBeUndefined()
    expect(spelling.correct('github2')).toBeUndefined()
    expect(spelling.correct('Githb')).toBeUndefined()
    expect(spelling.correct('zzzzzz')).toBeUndefined()
  })
})
