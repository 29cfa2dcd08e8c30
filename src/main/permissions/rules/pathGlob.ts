/**
 * Globs over file paths, for argument rules such as "`path` under `~/Notes/**` → allow".
 *
 * Both the glob and the argument are turned into one canonical absolute form before matching:
 * backslashes become `/`, a leading `~` becomes the home folder, `file://` URLs become paths, and
 * `.`/`..` segments are resolved. So `~/Notes/../.ssh/id_rsa` is compared as `<home>/.ssh/id_rsa` and
 * does not match `~/Notes/**`. A value that cannot be made absolute (a relative path, `~user/…`, a
 * NUL byte, a UNC share) is reported as undecidable, and argumentRules.ts treats that conservatively.
 *
 * Not resolved: symbolic links (that needs the file system, and the answer can change between the
 * check and the call); a rule on a folder reachable through a link is only as good as the link.
 */
import { posix } from 'node:path'
import { wildcardMatch } from './wildcard'

/** Where `~` points and whether the file system ignores case (macOS and Windows by default). */
export interface PathEnvironment {
  homeDir: string
  caseInsensitivePaths: boolean
}

export type ResolvedPath = { kind: 'absolute'; path: string } | { kind: 'undecidable'; why: string }

const DRIVE = /^[A-Za-z]:\//

const toSlashes = (text: string): string => text.replace(/\\/g, '/')

/** `c:/x` → `C:/x`, so drive letters compare equal whatever case they were typed in. */
const upperDrive = (path: string): string => (DRIVE.test(path) ? path[0]!.toUpperCase() + path.slice(1) : path)

/** Removes `.`/`..` segments and doubled slashes, keeping a drive prefix; never climbs above the root. */
function normaliseAbsolute(path: string): string {
  const drive = DRIVE.test(path) ? path.slice(0, 2) : ''
  const rest = posix.normalize(path.slice(drive.length))
  const trimmed = rest.length > 1 && rest.endsWith('/') ? rest.slice(0, -1) : rest
  return upperDrive(drive + trimmed)
}

/** The home folder in canonical form. */
function canonicalHome(env: PathEnvironment): string {
  return normaliseAbsolute(toSlashes(env.homeDir))
}

/** True when a glob is about file paths: it starts with `/`, `~` (including `~name`, refused later), `file://` or a drive letter. */
export function isPathGlob(glob: string): boolean {
  const slashed = toSlashes(glob)
  return slashed.startsWith('/') || slashed.startsWith('~') || DRIVE.test(slashed) || glob.startsWith('file://')
}

/** An argument value as a canonical absolute path, or why that is not possible. */
export function resolvePathValue(value: string, env: PathEnvironment): ResolvedPath {
  if (value.includes('\0')) return { kind: 'undecidable', why: 'the path contains a NUL character' }
  let text = value
  if (text.startsWith('file://')) {
    try {
      text = decodeURIComponent(new URL(text).pathname)
      // file:///C:/x has the pathname /C:/x.
      if (/^\/[A-Za-z]:\//.test(text)) text = text.slice(1)
    } catch {
      return { kind: 'undecidable', why: 'the file:// URL cannot be parsed' }
    }
  }
  text = toSlashes(text)
  if (text.startsWith('//')) return { kind: 'undecidable', why: 'network (UNC) paths are not compared with folder rules' }
  if (text === '~' || text.startsWith('~/')) text = canonicalHome(env) + text.slice(1)
  else if (text.startsWith('~')) return { kind: 'undecidable', why: 'another user\'s home folder (~name) cannot be resolved' }
  if (!text.startsWith('/') && !DRIVE.test(text)) {
    return { kind: 'undecidable', why: 'it is a relative path, and the folder it is relative to is not known' }
  }
  return { kind: 'absolute', path: normaliseAbsolute(text) }
}

type Segment = { kind: 'literal'; text: string } | { kind: 'wild'; text: string } | { kind: 'globstar' }

/** Most alternatives one glob may expand to through `{a,b}`; more is a list, not a folder rule. */
const MAX_EXPANSIONS = 64

/** Expands flat `{a,b,c}` groups (no nesting) into the globs they stand for. */
function expandBraces(glob: string): string[] | { error: string } {
  const open = glob.indexOf('{')
  if (open < 0) return glob.includes('}') ? { error: 'has a "}" without a matching "{"' } : [glob]
  const close = glob.indexOf('}', open)
  if (close < 0) return { error: 'has a "{" without a matching "}"' }
  const inner = glob.slice(open + 1, close)
  if (inner.includes('{')) return { error: 'nests braces, which folder rules do not support' }
  const rest = expandBraces(glob.slice(close + 1))
  if (!Array.isArray(rest)) return rest
  const expanded = inner.split(',').flatMap((choice) => rest.map((tail) => glob.slice(0, open) + choice + tail))
  return expanded.length > MAX_EXPANSIONS ? { error: `expands to more than ${MAX_EXPANSIONS} alternatives` } : expanded
}

function toSegments(path: string, literalPrefix: number): Segment[] {
  return path.split('/').map((text, index): Segment => {
    if (index < literalPrefix) return { kind: 'literal', text }
    if (text === '**') return { kind: 'globstar' }
    return /[*?]/.test(text) ? { kind: 'wild', text } : { kind: 'literal', text }
  })
}

/**
 * Segment-wise matching: `**` stands for any number of whole segments, other segments match one
 * segment each (`*`/`?` within it). The same two-pointer walk as wildcard.ts, one level up, so the
 * time is O(pattern × path) whatever the glob — unlike regex-compiling glob libraries, where
 * the glob `~/**` followed by `/*a*a*b` takes seconds on a 4 KB path (measured with picomatch).
 */
function matchSegments(pattern: readonly Segment[], path: readonly string[], ignoreCase: boolean): boolean {
  const same = (segment: Segment, text: string): boolean => {
    switch (segment.kind) {
      case 'literal':
        return ignoreCase ? segment.text.toLowerCase() === text.toLowerCase() : segment.text === text
      case 'wild':
        return wildcardMatch(segment.text, text, ignoreCase)
      case 'globstar':
        return true
    }
  }
  let pi = 0
  let vi = 0
  let starAt = -1
  let starPath = 0
  while (vi < path.length) {
    const segment = pattern[pi]
    if (segment && segment.kind !== 'globstar' && same(segment, path[vi]!)) {
      pi++
      vi++
    } else if (segment?.kind === 'globstar') {
      starAt = pi++
      starPath = vi
    } else if (starAt >= 0) {
      pi = starAt + 1
      vi = ++starPath
    } else {
      return false
    }
  }
  while (pattern[pi]?.kind === 'globstar') pi++
  return pi === pattern.length
}

export type CompiledPathGlob = { ok: true; glob: string; matches: (path: string) => boolean } | { ok: false; error: string }

/**
 * Compiles a path glob: `~` is the home folder (taken literally, whatever characters it has),
 * backslashes are separators (so they cannot escape anything), `**` as a whole segment crosses
 * folders, `*` and `?` stay within one, `{a,b}` lists alternatives. `*` also matches names starting
 * with a dot: a deny rule on `~/**` must cover `~/.ssh`.
 */
export function compilePathGlob(glob: string, env: PathEnvironment): CompiledPathGlob {
  let text = toSlashes(glob)
  if (text.startsWith('file://')) return { ok: false, error: 'Write the folder as a path (for example ~/Notes/**), not as a file:// URL.' }
  if (text.split('/').includes('..')) {
    return { ok: false, error: `The glob "${glob}" contains "..". Write the folder it means directly (for example ~/Notes/**), so what it covers is plain to see.` }
  }
  let literalPrefix = 0
  if (text === '~' || text.startsWith('~/')) {
    const home = canonicalHome(env)
    literalPrefix = home.split('/').length
    text = home + text.slice(1)
  } else if (text.startsWith('~')) {
    return { ok: false, error: `The glob "${glob}" names another user's home folder; write that folder as an absolute path.` }
  }
  text = normaliseAbsolute(text.replace(/\/\.(?=\/|$)/g, ''))
  const home = text.split('/').slice(0, literalPrefix).join('/')
  const expanded = expandBraces(text.slice(home.length))
  if (!Array.isArray(expanded)) return { ok: false, error: `The glob "${glob}" ${expanded.error}.` }
  const alternatives = expanded.map((tail) => toSegments(home + tail, literalPrefix))
  const ignoreCase = env.caseInsensitivePaths
  return { ok: true, glob: text, matches: (path) => alternatives.some((segments) => matchSegments(segments, path.split('/'), ignoreCase)) }
}
