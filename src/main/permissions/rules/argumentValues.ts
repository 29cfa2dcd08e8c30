/**
 * Finding the argument a rule is about: a top-level name (`path`) or a JSON pointer
 * (`/options/target`, RFC 6901), and flattening what is there into the strings a rule compares.
 */
import { canonicalJson } from '../../../shared/canonicalJson'

/** Past this many strings in one argument, a rule does not look further (and says so). */
const MAX_VALUES = 1000

export type ArgumentLookup = { found: false } | { found: true; values: string[]; truncated: boolean }

/** The path segments an argument reference stands for. */
export function argumentPath(argument: string): string[] {
  if (!argument.startsWith('/')) return [argument]
  return argument
    .slice(1)
    .split('/')
    .map((segment) => segment.replace(/~1/g, '/').replace(/~0/g, '~'))
}

/**
 * The strings at `path` in `args`: a string as itself, a number/boolean/null as its JSON text, an
 * array element by element (so every path in `paths: [...]` is checked), an object as canonical JSON.
 * Only own properties are followed: `/__proto__/x` finds nothing.
 */
export function lookupArgument(args: Record<string, unknown>, path: readonly string[]): ArgumentLookup {
  let current: unknown = args
  for (const segment of path) {
    if (Array.isArray(current) && /^(0|[1-9]\d*)$/.test(segment) && Number(segment) < current.length) current = current[Number(segment)]
    else if (current !== null && typeof current === 'object' && !Array.isArray(current) && Object.hasOwn(current, segment)) current = (current as Record<string, unknown>)[segment]
    else return { found: false }
  }
  if (current === undefined) return { found: false }
  const values: string[] = []
  let truncated = false
  const add = (value: unknown, depth: number): void => {
    if (values.length >= MAX_VALUES) {
      truncated = true
      return
    }
    if (typeof value === 'string') values.push(value)
    else if (Array.isArray(value) && depth === 0) for (const item of value) add(item, depth + 1)
    else values.push(canonicalJson(value))
  }
  add(current, 0)
  return { found: true, values, truncated }
}
