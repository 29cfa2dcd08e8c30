/**
 * Plain wildcards for tool names (`files__*`) and for non-path argument globs (`https://api.example.com/*`):
 * `*` is any run of characters (including `/`), `?` is one character, everything else is literal.
 * Matched by the classic two-pointer algorithm, not a regex, so the time is O(pattern × value)
 * whatever the pattern: a person's `*a*b*c*` cannot be turned into catastrophic backtracking.
 */

/** True when `value` matches the wildcard `pattern`. */
export function wildcardMatch(pattern: string, value: string, ignoreCase = false): boolean {
  const p = ignoreCase ? pattern.toLowerCase() : pattern
  const v = ignoreCase ? value.toLowerCase() : value
  let pi = 0
  let vi = 0
  // Where the last `*` was and which value position it is currently standing in for.
  let starAt = -1
  let starValue = 0
  while (vi < v.length) {
    if (pi < p.length && (p[pi] === '?' || (p[pi] !== '*' && p[pi] === v[vi]))) {
      pi++
      vi++
    } else if (pi < p.length && p[pi] === '*') {
      starAt = pi++
      starValue = vi
    } else if (starAt >= 0) {
      // Let the last star swallow one more character and retry from just after it.
      pi = starAt + 1
      vi = ++starValue
    } else {
      return false
    }
  }
  while (pi < p.length && p[pi] === '*') pi++
  return pi === p.length
}

/** Tool patterns may use the characters of namespaced names plus `*` and `?`. */
export const TOOL_PATTERN = /^[A-Za-z0-9_*?-]+$/
