/**
 * What a chart spec may be, checked twice: by the `render_chart` tool (so the model hears what to
 * fix) and by the chart view (a stored call may be old or hand-made). A spec is untrusted input:
 * it must be a JSON object of bounded size, with its data inline and bounded in rows.
 */

/** Longest spec accepted, in characters of JSON. */
export const MAX_SPEC_CHARS = 200_000
/** Most data rows across all inline datasets. */
export const MAX_DATA_ROWS = 5_000
/** Deepest nesting walked; deeper specs are refused rather than risking a stack overflow. */
const MAX_DEPTH = 64

export type SpecCheck = { ok: true; spec: Record<string, unknown> } | { ok: false; message: string }

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** Counts inline rows and finds data that would be fetched from a URL. */
function walk(value: unknown, depth: number, found: { rows: number; url?: string; tooDeep?: boolean }, underData: boolean): void {
  if (depth > MAX_DEPTH) {
    found.tooDeep = true
    return
  }
  if (Array.isArray(value)) {
    for (const item of value) walk(item, depth + 1, found, underData)
    return
  }
  if (!isObject(value)) return
  for (const [key, entry] of Object.entries(value)) {
    if (underData && key === 'values' && Array.isArray(entry)) found.rows += entry.length
    if (underData && key === 'url' && typeof entry === 'string') found.url ??= entry
    walk(entry, depth + 1, found, underData || key === 'data' || key === 'datasets')
  }
}

/** Checks an untrusted Vega-Lite spec; the message names the problem and the fix. */
export function checkChartSpec(spec: unknown): SpecCheck {
  if (!isObject(spec)) {
    return { ok: false, message: 'spec must be a Vega-Lite specification object (e.g. {"mark": "bar", "data": {"values": [...]}, "encoding": {...}}), not ' + (Array.isArray(spec) ? 'an array' : typeof spec) + '.' }
  }
  let size: number
  try {
    size = JSON.stringify(spec).length
  } catch {
    return { ok: false, message: 'spec must be plain JSON (it could not be serialized).' }
  }
  if (size > MAX_SPEC_CHARS) {
    return { ok: false, message: `spec is too large (${size} characters, limit ${MAX_SPEC_CHARS}); aggregate the data or show fewer points.` }
  }
  const found: { rows: number; url?: string; tooDeep?: boolean } = { rows: 0 }
  walk(spec, 0, found, false)
  if (found.tooDeep) return { ok: false, message: `spec is nested more than ${MAX_DEPTH} levels deep; simplify it.` }
  if (found.url) return { ok: false, message: `Charts cannot load data from URLs (${found.url.slice(0, 80)}); put the rows inline in data.values.` }
  if (found.rows > MAX_DATA_ROWS) {
    return { ok: false, message: `spec has ${found.rows} data rows (limit ${MAX_DATA_ROWS}); aggregate or sample the data first.` }
  }
  return { ok: true, spec }
}
