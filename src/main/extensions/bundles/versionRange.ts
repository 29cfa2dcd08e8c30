/**
 * Semver-ish range checks for `compatibility.runtimes` ("&gt;=18.0.0", "^3.10", ">=16 <23", "3.x",
 * "18 || 20"). Enough for the ranges bundle authors write; a range we cannot read is reported, not
 * guessed.
 */

type Version = [number, number, number]

/** Parses "v20.1.3", "3.11", "18" (missing parts are 0); undefined when not a version. */
export function parseVersion(text: string): Version | undefined {
  const match = /^v?(\d+)(?:\.(\d+))?(?:\.(\d+))?/.exec(text.trim())
  if (!match) return undefined
  return [Number(match[1]), Number(match[2] ?? 0), Number(match[3] ?? 0)]
}

function compare(a: Version, b: Version): number {
  for (let index = 0; index < 3; index++) if (a[index] !== b[index]) return a[index]! - b[index]!
  return 0
}

/** How many parts a bound wrote ("3.x" and "3" have one): caret and x-ranges depend on it. */
function partsGiven(text: string): number {
  return text.replace(/^v/, '').split('.').filter((part) => /^\d+$/.test(part)).length
}

function satisfiesComparator(version: Version, comparator: string): boolean | undefined {
  const match = /^(>=|<=|>|<|=|\^|~)?\s*(v?[\dxX*.]+)$/.exec(comparator)
  if (!match) return undefined
  const operator = match[1] ?? '='
  const boundText = match[2]!.replace(/\.[xX*].*$/, '')
  if (/^[xX*]$/.test(boundText)) return true
  const bound = parseVersion(boundText)
  if (!bound) return undefined
  const given = partsGiven(boundText)
  const order = compare(version, bound)
  switch (operator) {
    case '>=':
      return order >= 0
    case '<=':
      return order <= 0
    case '>':
      return order > 0
    case '<':
      return order < 0
    case '=':
      // "3" or "3.x" means any 3.*.*; "3.1" any 3.1.*.
      return version.slice(0, given).every((part, index) => part === bound[index])
    case '^': {
      const upper: Version = bound[0] > 0 || given === 1 ? [bound[0] + 1, 0, 0] : bound[1] > 0 || given === 2 ? [0, bound[1] + 1, 0] : [0, 0, bound[2] + 1]
      return order >= 0 && compare(version, upper) < 0
    }
    case '~': {
      const upper: Version = given === 1 ? [bound[0] + 1, 0, 0] : [bound[0], bound[1] + 1, 0]
      return order >= 0 && compare(version, upper) < 0
    }
    default:
      return undefined
  }
}

/** True/false when `versionText` is in `range`; undefined when the range or version cannot be read. */
export function satisfiesRange(versionText: string, range: string): boolean | undefined {
  const version = parseVersion(versionText)
  if (!version) return undefined
  const alternatives = range.split('||').map((part) => part.trim())
  let unreadable = false
  for (const alternative of alternatives) {
    if (alternative === '' || alternative === '*') return true
    // "1.2.3 - 2.0.0" is a hyphen range.
    const hyphen = /^(\S+)\s+-\s+(\S+)$/.exec(alternative)
    const comparators = hyphen ? [`>=${hyphen[1]}`, `<=${hyphen[2]}`] : alternative.replace(/(>=|<=|>|<|=|\^|~)\s+/g, '$1').split(/\s+/)
    const results = comparators.map((comparator) => satisfiesComparator(version, comparator))
    if (results.some((result) => result === undefined)) {
      unreadable = true
      continue
    }
    if (results.every(Boolean)) return true
  }
  return unreadable ? undefined : false
}
