/**
 * Every string inside a call's arguments (values and object keys), with its JSON pointer, for the
 * scans of the security inspector. Bounded, because arguments come from the model: past the limits
 * the walk stops and says so, and the inspector treats "could not look at everything" as a finding.
 */

export const scanLimits = {
  maxDepth: 32,
  maxStrings: 10_000,
  /** Total characters looked at across all strings. */
  maxChars: 1_000_000,
}

export interface ArgumentString {
  /** JSON pointer of the value (or of the object holding the key). */
  pointer: string
  text: string
}

const segment = (key: string): string => key.replace(/~/g, '~0').replace(/\//g, '~1')

/** The strings of `args`, and whether the walk had to stop early. */
export function argumentStrings(args: unknown): { strings: ArgumentString[]; complete: boolean } {
  const strings: ArgumentString[] = []
  let chars = 0
  let complete = true
  const take = (pointer: string, text: string): void => {
    if (strings.length >= scanLimits.maxStrings || chars + text.length > scanLimits.maxChars) {
      complete = false
      return
    }
    chars += text.length
    strings.push({ pointer, text })
  }
  const walk = (value: unknown, pointer: string, depth: number): void => {
    if (!complete) return
    if (typeof value === 'string') take(pointer, value)
    else if (value === null || typeof value !== 'object') return
    else if (depth >= scanLimits.maxDepth) complete = false
    else if (Array.isArray(value)) value.forEach((item, index) => walk(item, `${pointer}/${index}`, depth + 1))
    else {
      for (const [key, member] of Object.entries(value)) {
        take(pointer || '/', key)
        walk(member, `${pointer}/${segment(key)}`, depth + 1)
      }
    }
  }
  walk(args, '', 0)
  return { strings, complete }
}

/** A short excerpt of `text` around `index`, on one line, for a finding. */
export function excerptAround(text: string, index: number, length: number, context = 24): string {
  const start = Math.max(0, index - context)
  const end = Math.min(text.length, index + length + context)
  const body = text.slice(start, end).replace(/\s+/g, ' ')
  return `${start > 0 ? '…' : ''}${body}${end < text.length ? '…' : ''}`
}
