/**
 * Regexes in argument rules, checked so that no rule can stall main.
 *
 * JavaScript regexes backtrack and cannot be interrupted, and the text they run on (tool arguments)
 * is written by the model, i.e. possibly by whoever wrote the last web page it read. So a regex is
 * accepted only when its worst case is bounded, checked statically when the rule is saved:
 * - compiled with the `u` flag (strict syntax: every `{` is a quantifier, no Annex-B surprises);
 * - at most 256 characters;
 * - no backreferences (`\1`, `\k<name>`): they make matching NP-hard;
 * - no repetition of something that itself has a choice of length — `(a+)+`, `(a?){9}`, `(\w+\s?)*` —
 *   and no repetition of an alternation whose alternatives can start alike — `(a|ab)*`: these are
 *   the exponential cases (`(foo|bar)+` is fine);
 * - polynomial cost bounded: every unbounded quantifier (`*`, `+`, `{n,}`, or `{n,m}` with m − n > 64)
 *   can multiply the work by the length of the text, and so does searching for a start position
 *   when the regex does not begin with `^`. At most 2 such factors are allowed: `^.*.*x` and `[a-z]+x`
 *   pass, `.*.*x` and `[a-z]+[a-z]+x` do not (each takes over 20 s on 4 KB of "a" — measured);
 * - the optional bits (`?`, small `{n,m}`) multiply the work too: at most 256 combinations, and
 *   at most 4 when the two factors above are both used.
 * Values longer than MAX_REGEX_INPUT are not run through a regex at all (argumentRules.ts treats
 * them as undecidable). Under these limits the worst case is quadratic in 4 KB: a test measures it.
 */
import { ruleLimits } from '../permissionSchema'

/** Longest argument value a rule regex is run on. */
export const MAX_REGEX_INPUT = 4096
/** Factors of the text length the work may grow by (see above): quadratic on MAX_REGEX_INPUT is ~15 ms. */
const MAX_DEGREE = 2
const MAX_SMALL_CHOICES = 256
const MAX_SMALL_CHOICES_AT_MAX_DEGREE = 4
/** `{n,m}` with a wider range than this counts as unbounded. */
const LARGE_RANGE = 64

export type CompiledRegex = { ok: true; regex: RegExp } | { ok: false; error: string }

interface Frame {
  /** Something inside can match different lengths (a quantifier with max > min). */
  hasChoice: boolean
  hasAlternation: boolean
  /** Where the group's body starts in the pattern, and where it ended once closed. */
  bodyStart: number
  bodyEnd: number
}

/**
 * A repeated alternation is safe when at most one alternative can start at any position: every
 * alternative is plain text (letters, digits, escaped punctuation) and no two start with the same
 * character — `(foo|bar)+` is fine, `(a|ab)*` and `(\w|x)*` are not.
 */
function alternativesAreDisjoint(body: string): boolean {
  // Escaped backslashes are not allowed, so a pipe preceded by a backslash is always an escaped pipe and the split below is exact.
  if (!/^(?:[A-Za-z0-9 _,:;'"=~%&@#<>-]|\\[^A-Za-z0-9\\]|\|)*$/.test(body)) return false
  const firsts = body.split(/(?<!\\)\|/).map((alternative) => (alternative.startsWith('\\') ? alternative[1] : alternative[0]))
  return firsts.every((first) => first !== undefined) && new Set(firsts).size === firsts.length
}

type LastAtom = { kind: 'none' } | { kind: 'atom' } | { kind: 'group'; frame: Frame }

/** Index just after the end of an escape starting at `i` (which is a backslash), or an error. */
function skipEscape(p: string, i: number): { next: number } | { error: string } {
  const c = p[i + 1]
  if (c !== undefined && /[1-9]/.test(c)) return { error: 'backreferences such as \\1 are not allowed (they can take exponential time)' }
  if (c === 'k') return { error: 'named backreferences (\\k<name>) are not allowed (they can take exponential time)' }
  if ((c === 'p' || c === 'P' || c === 'u') && p[i + 2] === '{') return { next: p.indexOf('}', i) + 1 }
  if (c === 'u') return { next: i + 6 }
  if (c === 'x') return { next: i + 4 }
  if (c === 'c') return { next: i + 3 }
  return { next: i + 2 }
}

/** Parses a quantifier at `i`: `*`, `+`, `?`, `{n}`, `{n,}`, `{n,m}`, each optionally lazy. */
function readQuantifier(p: string, i: number): { min: number; max: number; next: number } | undefined {
  const c = p[i]
  let q: { min: number; max: number; length: number } | undefined
  if (c === '*') q = { min: 0, max: Infinity, length: 1 }
  else if (c === '+') q = { min: 1, max: Infinity, length: 1 }
  else if (c === '?') q = { min: 0, max: 1, length: 1 }
  else if (c === '{') {
    const m = /^\{(\d+)(?:(,)(\d*))?\}/.exec(p.slice(i))
    if (!m) return undefined
    const min = Number(m[1])
    const max = m[2] === undefined ? min : m[3] === '' ? Infinity : Number(m[3])
    q = { min, max, length: m[0].length }
  }
  if (!q) return undefined
  let next = i + q.length
  if (p[next] === '?') next++
  return { min: q.min, max: q.max, next }
}

/** Why `pattern` could backtrack badly, or undefined when its worst case is bounded. */
function backtrackingRisk(p: string): string | undefined {
  const stack: Frame[] = [{ hasChoice: false, hasAlternation: false, bodyStart: 0, bodyEnd: p.length }]
  let last: LastAtom = { kind: 'none' }
  let unbounded = 0
  let smallChoices = 1
  let i = 0
  while (i < p.length) {
    const c = p[i]!
    const top = stack[stack.length - 1]!
    const quantifier = last.kind === 'none' ? undefined : readQuantifier(p, i)
    if (quantifier) {
      const repeats = quantifier.max > 1
      const choice = quantifier.max > quantifier.min
      if (last.kind === 'group' && repeats && last.frame.hasChoice) {
        return 'a repeated group contains another quantifier, e.g. (a+)+ or (\\w+\\s?)* — this can take exponential time; repeat a simpler group or use a glob'
      }
      if (last.kind === 'group' && repeats && last.frame.hasAlternation && !alternativesAreDisjoint(p.slice(last.frame.bodyStart, last.frame.bodyEnd))) {
        return 'a repeated group contains an alternation, e.g. (a|ab)* — this can take exponential time; list the alternatives without repeating them'
      }
      if (choice) {
        top.hasChoice = true
        if (quantifier.max - quantifier.min > LARGE_RANGE) unbounded++
        else smallChoices *= quantifier.max - quantifier.min + 1
      }
      if (unbounded > MAX_DEGREE) return `more than ${MAX_DEGREE} unbounded quantifiers (*, +, {n,}); each one multiplies the work by the length of the text — use a glob, or split the rule`
      if (smallChoices > MAX_SMALL_CHOICES) return `too many optional parts (more than ${MAX_SMALL_CHOICES} combinations of ?, {n,m})`
      last = { kind: 'none' }
      i = quantifier.next
      continue
    }
    if (c === '\\') {
      const escape = skipEscape(p, i)
      if ('error' in escape) return escape.error
      last = { kind: 'atom' }
      i = escape.next
    } else if (c === '[') {
      let j = i + 1
      while (j < p.length && p[j] !== ']') j += p[j] === '\\' ? 2 : 1
      last = { kind: 'atom' }
      i = j + 1
    } else if (c === '(') {
      last = { kind: 'none' }
      if (p[i + 1] !== '?') i += 1
      else if (p[i + 2] === '<' && p[i + 3] !== '=' && p[i + 3] !== '!') i = p.indexOf('>', i) + 1
      else i += p[i + 2] === '<' ? 4 : 3
      stack.push({ hasChoice: false, hasAlternation: false, bodyStart: i, bodyEnd: i })
    } else if (c === ')') {
      const frame = stack.pop()!
      frame.bodyEnd = i
      const parent = stack[stack.length - 1]!
      parent.hasChoice ||= frame.hasChoice
      last = { kind: 'group', frame }
      i++
    } else if (c === '|') {
      top.hasAlternation = true
      last = { kind: 'none' }
      i++
    } else {
      last = { kind: 'atom' }
      i++
    }
  }
  // A regex is searched at every start position unless it starts with ^ (and has no top-level "|").
  const anchored = p.startsWith('^') && !stack[0]!.hasAlternation
  const degree = unbounded + (anchored ? 0 : 1)
  if (degree > MAX_DEGREE) {
    return `it has ${unbounded} unbounded quantifiers (*, +, {n,}) and does not start with ^, so the work can grow with the cube of the text's length — start it with ^, use one quantifier fewer, or use a glob`
  }
  if (degree === MAX_DEGREE && smallChoices > MAX_SMALL_CHOICES_AT_MAX_DEGREE) {
    return `with ${unbounded} unbounded quantifiers${anchored ? '' : ' and no ^ at the start'}, it may have at most ${MAX_SMALL_CHOICES_AT_MAX_DEGREE} combinations of optional parts (?, {n,m}), not ${smallChoices}`
  }
  return undefined
}

/** Compiles a rule regex, or explains in one sentence why it cannot be used. */
export function compileRuleRegex(pattern: string): CompiledRegex {
  if (pattern.length > ruleLimits.maxRegexLength) {
    return { ok: false, error: `The regex is ${pattern.length} characters long; the limit is ${ruleLimits.maxRegexLength}.` }
  }
  let regex: RegExp
  try {
    regex = new RegExp(pattern, 'u')
  } catch (error) {
    return { ok: false, error: `The regex /${pattern}/ is not valid: ${(error as Error).message.replace(/^Invalid regular expression: /, '')}.` }
  }
  const risk = backtrackingRisk(pattern)
  if (risk) return { ok: false, error: `The regex /${pattern}/ is not accepted: ${risk}.` }
  return { ok: true, regex }
}
