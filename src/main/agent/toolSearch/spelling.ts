/**
 * Typos in a request, read as the word meant: "crete a githb isue" is "create a github issue".
 *
 * A word of four letters or more that neither the catalog, the synonym tables nor the stop words
 * know is replaced by the known word closest to it, when one is a single edit away (two for a word
 * of eight letters or more): a letter left out, added, changed, or two letters swapped ("wathc").
 * Of several as close, two letters swapped wins (a common typo: "lits" is "list", not "lets"),
 * then the one starting with the same letter, then the one more tools use. The corrected word is
 * then read as any other (its synonyms, phrases), weighing as a guess (toolIndex.ts).
 *
 * Why not the index's fuzzy search alone (toolIndex.ts still uses it when nothing is this close):
 * it matches stemmed terms, and stemming moves a typo further from its word ("crete" stays
 * "crete", "create" becomes "creat": two edits); nor can it reach the synonym tables: a typo of
 * "trash", a word of the tables and of no tool, found nothing to delete. No maintained package
 * corrects against our own word list with swaps counted as one edit (fast-levenshtein, here only as
 * a lint dependency, counts a swap as two), so the distance is written out below. An English
 * dictionary (nspell with dictionary-en) would tell a real word from a typo, but it loads for
 * ~360 ms and ~15 MB in the main process and still takes a lower-case name ("alice") for a typo;
 * a corrected word weighing only as a guess does that job instead.
 */

/** The known words, each with how often it is used (how many tools use it, or a weight for table words). */
export type KnownWords = ReadonlyMap<string, number>

const MIN_LENGTH = 4
/** From this length a word may be two edits from the word meant. */
const TWO_EDITS = 8

/** How many corrections (and words without one) are remembered. */
const MAX_REMEMBERED = 10_000

export interface SpellingCorrector {
  /** The known word `word` is a typo of, or undefined when it is known or nothing is close enough. */
  correct(word: string): string | undefined
}

export function spellingCorrector(known: KnownWords): SpellingCorrector {
  // Known words by length, so a word is compared only with those a possible number of edits away.
  const byLength = new Map<number, string[]>()
  for (const word of known.keys()) {
    let bucket = byLength.get(word.length)
    if (!bucket) byLength.set(word.length, (bucket = []))
    bucket.push(word)
  }
  const corrections = new Map<string, string | undefined>()

  const closest = (word: string): string | undefined => {
    const allowed = word.length >= TWO_EDITS ? 2 : 1
    let best: { word: string; rank: number[] } | undefined
    for (let length = word.length - allowed; length <= word.length + allowed; length++) {
      for (const candidate of byLength.get(length) ?? []) {
        if (candidate.length < MIN_LENGTH - 1) continue
        const distance = editDistance(word, candidate, allowed)
        if (distance > allowed) continue
        // Lower is better, in this order: edits, not a swap, another first letter, fewer uses.
        const rank = [distance, isSwap(word, candidate) ? 0 : 1, candidate[0] === word[0] ? 0 : 1, -known.get(candidate)!]
        if (!best || before(rank, best.rank) || (equal(rank, best.rank) && candidate < best.word)) best = { word: candidate, rank }
      }
    }
    return best?.word
  }

  return {
    correct(word) {
      if (word.length < MIN_LENGTH || known.has(word) || !/^[a-z]+$/.test(word)) return undefined
      if (!corrections.has(word)) {
        // Bounded: a long-running host meets new words for as long as it runs.
        if (corrections.size >= MAX_REMEMBERED) corrections.clear()
        corrections.set(word, closest(word))
      }
      return corrections.get(word)
    },
  }
}

const before = (a: number[], b: number[]) => {
  const at = a.findIndex((value, i) => value !== b[i])
  return at >= 0 && a[at]! < b[at]!
}
const equal = (a: number[], b: number[]) => a.every((value, i) => value === b[i])

/** Whether `b` is `a` with two neighbouring letters swapped. */
function isSwap(a: string, b: string): boolean {
  if (a.length !== b.length) return false
  const at = [...a].findIndex((letter, i) => letter !== b[i])
  return at >= 0 && at < a.length - 1 && a[at] === b[at + 1] && a[at + 1] === b[at] && a.slice(at + 2) === b.slice(at + 2)
}

/**
 * Edits from `a` to `b` (optimal string alignment: insert, delete, change, or swap two neighbours),
 * or `limit + 1` as soon as it is certain to exceed `limit`.
 */
export function editDistance(a: string, b: string, limit: number): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1
  let before: number[] = []
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j)
  for (let i = 1; i <= a.length; i++) {
    const current = [i]
    let rowBest = i
    for (let j = 1; j <= b.length; j++) {
      const change = a[i - 1] === b[j - 1] ? 0 : 1
      let value = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + change)
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) value = Math.min(value, before[j - 2]! + 1)
      current[j] = value
      rowBest = Math.min(rowBest, value)
    }
    if (rowBest > limit) return limit + 1
    before = previous
    previous = current
  }
  return Math.min(previous[b.length]!, limit + 1)
}
