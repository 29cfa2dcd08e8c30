/**
 * The model table as the person edits it: every field a string while typing, turned into rows for
 * settings_update only on save, with a message naming the row and field that is not right.
 */
import { ModelFactsRowSchema, type ModelFactsRow } from '../../../shared/hostApi'

export interface DraftRow {
  model: string
  contextWindow: string
  inputPrice: string
  outputPrice: string
}

const shown = (value: number | undefined) => (value === undefined ? '' : String(value))

export function toDraft(row: ModelFactsRow): DraftRow {
  return { model: row.model, contextWindow: shown(row.contextWindow), inputPrice: shown(row.inputPrice), outputPrice: shown(row.outputPrice) }
}

/** Blank is "not set" (the shipped row's value applies); anything else must be a number. */
function numberOf(text: string): number | undefined | null {
  const trimmed = text.trim().replace(/[,_\s]/g, '')
  if (trimmed === '') return undefined
  const value = Number(trimmed)
  return Number.isFinite(value) ? value : null
}

const FIELD_NAMES = { contextWindow: 'context window', inputPrice: 'input price', outputPrice: 'output price' } as const

/** The rows to save, or the first problem in words. */
export function rowsFromDraft(draft: readonly DraftRow[]): { rows: ModelFactsRow[] } | { error: string } {
  const rows: ModelFactsRow[] = []
  for (const [index, row] of draft.entries()) {
    const name = row.model.trim() || `row ${index + 1}`
    const candidate: Record<string, unknown> = { model: row.model }
    for (const field of ['contextWindow', 'inputPrice', 'outputPrice'] as const) {
      const value = numberOf(row[field])
      if (value === null) return { error: `${name}: the ${FIELD_NAMES[field]} must be a number.` }
      if (value !== undefined) candidate[field] = value
    }
    const parsed = ModelFactsRowSchema.safeParse(candidate)
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!
      const field = FIELD_NAMES[issue.path[0] as keyof typeof FIELD_NAMES]
      return { error: field ? `${name}: the ${field} is out of range (${issue.message}).` : `${name}: ${issue.message}` }
    }
    rows.push(parsed.data)
  }
  return { rows }
}
