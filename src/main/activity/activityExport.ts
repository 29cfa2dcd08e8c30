/** Export of the activity log: JSONL (the records as written, chain included) and CSV (one row a record, formula-like cells made inert). */
import { csvCell, type ActivityRecord } from '../../shared/activityApi'
import { describeCaller } from '../../shared/callerKind'

export const CSV_COLUMNS = ['seq', 'time', 'kind', 'caller', 'caller_kind', 'session', 'call_id', 'tool', 'extension', 'decision', 'asked', 'decided_by', 'decision_detail', 'outcome', 'duration_ms', 'argument_names', 'argument_bytes', 'argument_digest', 'summary', 'subject', 'prev', 'hash'] as const

export function csvRow(record: ActivityRecord): string {
  const cells = [
    record.seq,
    record.time,
    record.kind,
    record.caller ? describeCaller(record.caller) : '',
    record.caller?.kind,
    record.sessionId,
    record.callId,
    record.tool,
    record.extension,
    record.decision?.verdict,
    record.decision ? String(record.decision.asked) : '',
    record.decision?.by,
    record.decision?.detail,
    record.outcome,
    record.durationMs,
    record.args?.names.map((arg) => arg.name).join(' '),
    record.args?.bytes,
    record.args?.digest,
    record.summary,
    record.subject,
    record.prev,
    record.hash,
  ]
  return cells.map((cell) => csvCell(typeof cell === 'number' ? String(cell) : cell)).join(',')
}

export const csvHeader = (): string => CSV_COLUMNS.join(',')
