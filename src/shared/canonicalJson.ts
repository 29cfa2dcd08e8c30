/**
 * Canonical JSON: object keys sorted by code unit, no whitespace, `undefined` members dropped (as
 * JSON.stringify drops them). Two values that mean the same JSON give the same text, whatever order
 * a server happened to send keys in; this is what definition hashes and repetition keys are built on.
 */

/** The canonical JSON text of `value`. Arrays keep their order: in JSON Schema, order can matter. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, member]) => member !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    return `{${entries.map(([key, member]) => `${JSON.stringify(key)}:${canonicalJson(member)}`).join(',')}}`
  }
  // JSON.stringify returns undefined for undefined/functions/symbols; inside arrays JSON writes null.
  return JSON.stringify(value) ?? 'null'
}
