/**
 * Reads the JSON of an imported config. VS Code's mcp.json is JSONC (comments and trailing commas
 * are allowed there and people use them), so both are removed before JSON.parse; plain JSON passes
 * through unchanged.
 */

export type JsonTextResult = { ok: true; value: unknown } | { ok: false; problem: string }

/** Parses JSON or JSONC text; `what` names the input in the message, e.g. "The pasted config". Never throws. */
export function parseJsonText(text: string, what: string): JsonTextResult {
  const withoutBom = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text
  if (withoutBom.trim() === '') return { ok: false, problem: `${what} is empty; paste the whole JSON file.` }
  try {
    return { ok: true, value: JSON.parse(stripJsonComments(withoutBom)) }
  } catch (error) {
    return { ok: false, problem: `${what} is not valid JSON (${describeSyntaxError((error as Error).message, withoutBom)}); copy the whole file again, or fix it there.` }
  }
}

/**
 * Where and what the syntax error is, without V8's own message: that quotes the text around the
 * error, and the text may be an API key.
 */
function describeSyntaxError(message: string, text: string): string {
  const position = /at position (\d+)/.exec(message)
  let where = ''
  if (position) {
    const before = text.slice(0, Number(position[1]))
    const line = before.split('\n').length
    where = ` at line ${line}, column ${before.length - before.lastIndexOf('\n')}`
  }
  const atEnd = position !== null && Number(position[1]) >= text.trimEnd().length
  return atEnd || /Unexpected end|Unterminated/.test(message) ? `it ends too early${where}; part of it is missing` : `unexpected text${where}`
}

/**
 * Removes `//` and `/* *\/` comments and commas before `}` or `]`, leaving strings untouched.
 * Comments become spaces so positions in JSON.parse's messages still point at the right place.
 */
export function stripJsonComments(text: string): string {
  // Pieces in an array, so blanking a trailing comma is one assignment, not a copy of everything so far.
  const out: string[] = []
  let i = 0
  // Index in `out` of a comma that may turn out to be trailing, or -1.
  let pendingComma = -1
  while (i < text.length) {
    const char = text[i]!
    const next = text[i + 1]
    if (char === '"') {
      const end = endOfString(text, i)
      out.push(text.slice(i, end))
      i = end
      pendingComma = -1
    } else if (char === '/' && next === '/') {
      const end = text.indexOf('\n', i)
      const stop = end === -1 ? text.length : end
      out.push(' '.repeat(stop - i))
      i = stop
    } else if (char === '/' && next === '*') {
      const end = text.indexOf('*/', i + 2)
      const stop = end === -1 ? text.length : end + 2
      out.push(text.slice(i, stop).replace(/[^\n]/g, ' '))
      i = stop
    } else {
      if ((char === '}' || char === ']') && pendingComma !== -1) out[pendingComma] = ' '
      if (char === ',') pendingComma = out.length
      else if (!/\s/.test(char)) pendingComma = -1
      out.push(char)
      i++
    }
  }
  return out.join('')
}

/** The index just after the string that starts at `start` (a `"`), or the end of the text when it never closes. */
function endOfString(text: string, start: number): number {
  let i = start + 1
  while (i < text.length) {
    if (text[i] === '\\') i += 2
    else if (text[i] === '"') return i + 1
    else i++
  }
  return text.length
}
