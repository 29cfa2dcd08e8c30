/**
 * The activity log's part of the host API contract that every window loads (hostApi.ts re-exports
 * it): the URIs, the filter, and the app tools' schemas. The records themselves, pages and helpers
 * are in activityApi.ts, which only the lazily loaded Settings → Activity and main import, so the
 * window's first chunk stays small.
 */
import { z } from 'zod'

/** The newest page, subscribable: every flushed batch updates it. */
export const ACTIVITY_URI = 'switchboard://activity'
/** Another page or a filtered one, read once (the query is taken whole, as the history's pages are). */
export const ACTIVITY_PAGE_TEMPLATE = 'switchboard://activity{+query}'

/** What a record is about. New features add kinds here (routine runs, skill loads land with those features). */
export const ActivityKindSchema = z.enum([
  /** A tool call and the decision about it; appended before the call is dispatched. */
  'tool-call',
  /** How a dispatched call ended, with its duration (same callId as its tool-call record). */
  'tool-result',
  'sign-in',
  'sign-out',
  'install',
  'removal',
  /** An answer to a consent dialog (an extension's first start, a hook's target, a connected app's knock). */
  'consent',
  'permission-change',
  'connected-app',
  'skill',
  'routine',
  'telemetry',
  /** Segments removed by retention: names the last removed record so Verify can join the chain. */
  'retention',
])
export type ActivityKind = z.infer<typeof ActivityKindSchema>

export const ActivityOutcomeSchema = z.enum(['ok', 'tool-error', 'failed', 'timed-out', 'cancelled', 'not-run'])
export type ActivityOutcome = z.infer<typeof ActivityOutcomeSchema>

export const ActivityFilterSchema = z.object({
  /** A caller kind (`model`, `connected-app`…). */
  caller: z.string().max(50).optional(),
  extension: z.string().max(200).optional(),
  kind: ActivityKindSchema.optional(),
  decision: z.enum(['allow', 'deny', 'asked']).optional(),
  outcome: ActivityOutcomeSchema.optional(),
  callId: z.string().max(200).optional(),
  /** ISO times, inclusive. */
  from: z.string().max(40).optional(),
  to: z.string().max(40).optional(),
  /** Case-insensitive text anywhere in the record. */
  q: z.string().max(200).optional(),
})
export type ActivityFilter = z.infer<typeof ActivityFilterSchema>

export const VerifyReportSchema = z.object({
  ok: z.boolean(),
  /** Records checked, across every segment kept. */
  records: z.number().int(),
  segments: z.number().int(),
  /** Where the chain breaks (first problem): the file, its line (1-based) and the record's seq when it could be read. */
  breaks: z.array(z.object({ file: z.string(), line: z.number().int(), seq: z.number().int().optional(), problem: z.string() })),
  /** The seal (the last hash kept in the settings, HMAC-keyed): checked, missing, or not checkable and why. */
  seal: z.enum(['matches', 'mismatch', 'missing', 'unkeyed']),
  /** One paragraph: what was found, and what this check cannot prove. */
  summary: z.string(),
})
export type VerifyReport = z.infer<typeof VerifyReportSchema>

export const ActivityExportFormatSchema = z.enum(['jsonl', 'csv'])

export const ActivityToolInput = {
  activity_verify: z.object({}),
  /** The records matching the filter, oldest first, as text; with `save`, written to a file the person picks in the app window. */
  activity_export: z.object({ format: ActivityExportFormatSchema, filter: ActivityFilterSchema.optional(), save: z.boolean().optional() }),
  activity_set_retention: z.object({ days: z.number().int().min(1).max(3650) }),
} as const

export const ActivityToolOutput = {
  activity_verify: VerifyReportSchema,
  activity_export: z.object({
    fileName: z.string(),
    records: z.number().int(),
    /** Without `save` (or without a save dialog, as in browser mode): the export itself. */
    text: z.string().optional(),
    saved: z.union([z.object({ path: z.string() }), z.object({ cancelled: z.literal(true) })]).optional(),
  }),
  activity_set_retention: z.object({ days: z.number().int() }),
} as const
