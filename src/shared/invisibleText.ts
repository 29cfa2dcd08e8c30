/**
 * Characters that change what extension-provided text says without being seen: Unicode tag
 * characters (a whole hidden sentence, read by models, invisible to people), bidirectional
 * controls (text shown in another order than it is read) and zero-width characters (hidden
 * separators and payloads). One place decides what counts, for every surface: the window shows
 * them escaped, main raises findings, and the model gets them removed and marked.
 *
 * A single zero-width joiner, non-joiner or emoji variation selector between visible characters is
 * ordinary text (emoji sequences, Persian and Indic scripts) and is left alone; the same characters
 * in a run of two or more, or next to any other invisible character, are not.
 */

export type InvisibleKind = 'tag' | 'bidi' | 'zero-width'

/** One run of consecutive invisible characters. `index` and `length` are in UTF-16 code units. */
export interface InvisibleRun {
  index: number
  length: number
  kinds: InvisibleKind[]
  codePoints: number[]
}

const TAG = '\\u{E0000}-\\u{E007F}'
const BIDI = '\\u061C\\u200E\\u200F\\u202A-\\u202E\\u2066-\\u2069'
const ZERO_WIDTH = '\\u00AD\\u034F\\u115F\\u1160\\u180E\\u200B-\\u200D\\u2060-\\u2064\\u3164\\uFE00-\\uFE0F\\uFEFF\\uFFA0\\u{E0100}-\\u{E01EF}'
/** Joiners and emoji presentation selectors: harmless alone. */
const ORDINARY_ALONE = new Set([0x200c, 0x200d, 0xfe0e, 0xfe0f])

// eslint-disable-next-line no-misleading-character-class -- the class lists combining characters (variation selectors, U+034F) on purpose: they are what it looks for
const RUN = new RegExp(`[${TAG}${BIDI}${ZERO_WIDTH}]+`, 'gu')
const TAG_CHAR = new RegExp(`^[${TAG}]$`, 'u')
const BIDI_CHAR = new RegExp(`^[${BIDI}]$`, 'u')

function kindOf(char: string): InvisibleKind {
  if (TAG_CHAR.test(char)) return 'tag'
  if (BIDI_CHAR.test(char)) return 'bidi'
  return 'zero-width'
}

/** Every suspicious run of invisible characters in `text`, in order. */
export function findInvisible(text: string): InvisibleRun[] {
  const runs: InvisibleRun[] = []
  for (const match of text.matchAll(RUN)) {
    const chars = [...match[0]]
    if (chars.length === 1 && ORDINARY_ALONE.has(chars[0]!.codePointAt(0)!)) continue
    const kinds = [...new Set(chars.map(kindOf))]
    runs.push({ index: match.index, length: match[0].length, kinds, codePoints: chars.map((char) => char.codePointAt(0)!) })
  }
  return runs
}

export function hasInvisible(text: string): boolean {
  return findInvisible(text).length > 0
}

const hex = (codePoint: number) => `U+${codePoint.toString(16).toUpperCase().padStart(4, '0')}`

/**
 * How a run reads once made visible: tag characters spell ASCII, so their hidden text is shown
 * (`⟦hidden text: "ignore the user"⟧`); anything else by code point (`⟦U+202E⟧`).
 */
export function escapeRun(run: InvisibleRun): string {
  const tags = run.codePoints.filter((codePoint) => codePoint >= 0xe0020 && codePoint <= 0xe007e)
  const others = run.codePoints.filter((codePoint) => !(codePoint >= 0xe0000 && codePoint <= 0xe007f))
  const parts: string[] = []
  if (tags.length > 0) parts.push(`hidden text: "${String.fromCodePoint(...tags.map((codePoint) => codePoint - 0xe0000))}"`)
  if (others.length > 0) parts.push(others.map(hex).join(' '))
  if (parts.length === 0) parts.push(run.codePoints.map(hex).join(' ')) // only tag controls (U+E0000, U+E007F, U+E0001)
  return `⟦${parts.join('; ')}⟧`
}

/** Plain text and escaped runs, in order, for a view that styles the escapes. */
export type TextPart = { text: string; escaped: false } | { text: string; escaped: true; run: InvisibleRun }

export function invisibleParts(text: string): TextPart[] {
  const parts: TextPart[] = []
  let at = 0
  for (const run of findInvisible(text)) {
    if (run.index > at) parts.push({ text: text.slice(at, run.index), escaped: false })
    parts.push({ text: escapeRun(run), escaped: true, run })
    at = run.index + run.length
  }
  if (at < text.length || parts.length === 0) parts.push({ text: text.slice(at), escaped: false })
  return parts
}

/** `text` for people: every suspicious run replaced by its visible escape. */
export function escapeInvisible(text: string): string {
  return invisibleParts(text)
    .map((part) => part.text)
    .join('')
}

/** The marker the model reads where invisible characters were removed. */
export const REMOVED_MARKER = '⟦invisible characters removed⟧'

/** `text` for the model: every suspicious run removed and marked, so hidden instructions never reach it. */
export function stripInvisible(text: string): string {
  let result = ''
  let at = 0
  for (const run of findInvisible(text)) {
    result += text.slice(at, run.index) + REMOVED_MARKER
    at = run.index + run.length
  }
  return result + text.slice(at)
}

const kindWords: Record<InvisibleKind, string> = {
  tag: 'Unicode tag characters (hidden text)',
  bidi: 'bidirectional controls (text shown out of order)',
  'zero-width': 'zero-width characters',
}

/** The kinds found, in words: "Unicode tag characters (hidden text) and zero-width characters". */
export function describeInvisible(runs: readonly InvisibleRun[]): string {
  const kinds = [...new Set(runs.flatMap((run) => run.kinds))].map((kind) => kindWords[kind])
  return kinds.length <= 1 ? (kinds[0] ?? '') : `${kinds.slice(0, -1).join(', ')} and ${kinds.at(-1)}`
}

/** One field of a definition that hides characters, by its path (`description`, `inputSchema.properties.q.description`). */
export interface InvisibleField {
  field: string
  /** The string itself (the key, for a key that hides characters). */
  text: string
  runs: InvisibleRun[]
}

/** Every string in `value` (an extension's tool, prompt or resource definition, schemas included) that hides characters. */
export function invisibleFields(value: unknown, path = ''): InvisibleField[] {
  if (typeof value === 'string') {
    const runs = findInvisible(value)
    return runs.length > 0 ? [{ field: path || '(text)', text: value, runs }] : []
  }
  if (value === null || typeof value !== 'object') return []
  const entries = Array.isArray(value) ? value.map((item, index) => [String(index), item] as const) : Object.entries(value)
  return entries.flatMap(([key, item]) => {
    const at = path ? `${path}.${key}` : key
    const inKey = findInvisible(key)
    return [...(inKey.length > 0 ? [{ field: `${at} (the key)`, text: key, runs: inKey }] : []), ...invisibleFields(item, at)]
  })
}

/** A JSON Schema for the model: the prose in it (`description`, `title`) without hidden characters; names and values untouched. */
export function stripInvisibleProse<T>(schema: T): T {
  if (Array.isArray(schema)) return schema.map(stripInvisibleProse) as T
  if (schema === null || typeof schema !== 'object') return schema
  return Object.fromEntries(
    Object.entries(schema).map(([key, item]) => [key, (key === 'description' || key === 'title') && typeof item === 'string' ? stripInvisible(item) : stripInvisibleProse(item)]),
  ) as T
}
