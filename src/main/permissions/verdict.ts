/** The order of verdicts: allow < ask < deny. Combining always keeps the stricter one. */
import type { Verdict } from './types'

const rank: Record<Verdict, number> = { allow: 0, ask: 1, deny: 2 }

/** The stricter of two verdicts. */
export function stricter(a: Verdict, b: Verdict): Verdict {
  return rank[b] > rank[a] ? b : a
}

/** True when `next` is at least as strict as `previous`, i.e. moving to it only tightens. */
export function isTightening(previous: Verdict, next: Verdict): boolean {
  return rank[next] >= rank[previous]
}

/** Exhaustiveness guard for switches over unions: a new member becomes a compile error here. */
export function unreachable(value: never): never {
  throw new Error(`Unhandled case: ${JSON.stringify(value)}`)
}
