/**
 * How a structured tool result is best read: a table when it is a list of flat records (or one
 * flat record, as name/value rows), a tree when it nests. Pure, so the choice is unit-tested.
 */

export type Scalar = string | number | boolean | null

/** Columns beyond this are left to the tree and the raw JSON. */
export const MAX_COLUMNS = 12
/** Rows shown in a table; the rest are counted. */
export const MAX_ROWS = 200

export type StructuredShape =
  | { kind: 'table'; columns: string[]; rows: Scalar[][]; hiddenRows: number }
  | { kind: 'record'; rows: [string, Scalar][] }
  | { kind: 'tree' }

function isScalar(value: unknown): value is Scalar {
  return value === null || typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean'
}

function isFlatRecord(value: unknown): value is Record<string, Scalar> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && Object.values(value).every(isScalar)
}

/** The list a result wraps, if it is one flat-record list under a single key (e.g. `{"items": [...]}`). */
function soleList(value: Record<string, unknown>): unknown[] | undefined {
  const entries = Object.entries(value)
  const only = entries.length === 1 ? entries[0]?.[1] : undefined
  return Array.isArray(only) ? only : undefined
}

export function structuredShape(value: unknown): StructuredShape {
  const list = Array.isArray(value) ? value : typeof value === 'object' && value !== null ? soleList(value as Record<string, unknown>) : undefined
  if (list && list.length > 0 && list.every(isFlatRecord)) {
    const columns: string[] = []
    for (const row of list) for (const key of Object.keys(row)) if (!columns.includes(key)) columns.push(key)
    if (columns.length > 0 && columns.length <= MAX_COLUMNS) {
      const rows = list.slice(0, MAX_ROWS).map((row) => columns.map((column) => (column in row ? (row[column] ?? null) : null)))
      return { kind: 'table', columns, rows, hiddenRows: Math.max(0, list.length - MAX_ROWS) }
    }
  }
  if (isFlatRecord(value) && Object.keys(value).length > 0) return { kind: 'record', rows: Object.entries(value) }
  return { kind: 'tree' }
}

/** A scalar as a cell shows it; strings as they are, everything else as JSON. */
export function scalarText(value: Scalar): string {
  return typeof value === 'string' ? value : JSON.stringify(value)
}

/** Pretty JSON, or a note when the value cannot be serialized (it came from a server, anything goes). */
export function rawJson(value: unknown): string {
  try {
    return JSON.stringify(value, null, 2) ?? String(value)
  } catch {
    return String(value)
  }
}
