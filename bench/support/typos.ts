/**
 * Requests with typos, made from the dev query sets (never the held-out ones) so the ranking's
 * reading of typos (src/main/agent/toolSearch/spelling.ts) is measured on more than a handful:
 * in `count` words of four letters or more of each request, one letter is left out, doubled,
 * changed to a neighbour on the keyboard, or swapped with the next — never the first letter. A fixed
 * seed makes the same typos every run.
 */
import type { Query } from './toolSearchFixtures'

const KEYBOARD = ['qwertyuiop', 'asdfghjkl', 'zxcvbnm']

/** A small linear congruential generator: the same sequence for the same seed, on every machine. */
function randomOf(seed: number): () => number {
  let state = seed
  return () => {
    state = (state * 1103515245 + 12345) & 0x7fffffff
    return state / 0x7fffffff
  }
}

export function withTypos(queries: readonly Query[], count: number, seed = 42): Query[] {
  const random = randomOf(seed)
  const neighbour = (letter: string) => {
    const row = KEYBOARD.find((keys) => keys.includes(letter))
    if (!row) return letter
    const at = row.indexOf(letter) + (random() < 0.5 ? -1 : 1)
    return row[Math.min(row.length - 1, Math.max(0, at))]!
  }
  const typo = (word: string) => {
    const at = 1 + Math.floor(random() * (word.length - 2))
    switch (Math.floor(random() * 4)) {
      case 0:
        return word.slice(0, at) + word.slice(at + 1)
      case 1:
        return word.slice(0, at) + word[at + 1] + word[at] + word.slice(at + 2)
      case 2:
        return word.slice(0, at) + word[at] + word.slice(at)
      default:
        return word.slice(0, at) + neighbour(word[at]!) + word.slice(at + 1)
    }
  }
  return queries.map((entry) => {
    const words = entry.query.split(' ')
    const candidates = words.flatMap((word, at) => (/^[a-z]{4,}$/.test(word) ? [at] : []))
    for (let made = 0; made < count && candidates.length > 0; made++) {
      const [at] = candidates.splice(Math.floor(random() * candidates.length), 1)
      words[at!] = typo(words[at!]!)
    }
    return { ...entry, query: words.join(' ') }
  })
}
