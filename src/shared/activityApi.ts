/**
 * The activity part of the host API contract (docs/guide/activity.md): the append-only, hash-chained
 * record of every tool call and every decision about it, plus the other things people and IT ask
 * about (sign-ins, installs, consent answers, permission changes, connected apps). The log never
 * holds an argument's value or a result: argument names, sizes and a keyed digest only.
 * The tools' part, which every window loads, is activityToolsApi.ts (re-exported here and by hostApi.ts).
 */
import { z } from 'zod'
import { CallerSchema } from './callerKind'
import { ACTIVITY_URI, ActivityFilterSchema, ActivityKindSchema, ActivityOutcomeSchema, type ActivityFilter } from './activityToolsApi'

export * from './activityToolsApi'


export const ACTIVITY_PAGE_SIZE = 100
export const MAX_ACTIVITY_PAGE_SIZE = 1000
export const DEFAULT_RETENTION_DAYS = 90


/**
 * Who made a call's decision. The chain's own makers (mode, policy, rule, pin, security,
 * repetition), the person in the approval dialog (or the dialog's timeout, a cancel, the app
 * quitting), a hook's refusal or "ask", and room for what is in flight: the guard, an assisted
 * review's rating, a routine's fixed permissions. `host`: nothing needed deciding (a hook's own call
 * of its approved target, a tool the loop answers itself).
 */
export const DecisionMakerSchema = z.enum(['mode', 'policy', 'rule', 'pin', 'person', 'security', 'repetition', 'guard', 'assisted', 'hook', 'routine', 'timeout', 'cancelled', 'shutdown', 'host'])
export type DecisionMaker = z.infer<typeof DecisionMakerSchema>

export const ActivityDecisionSchema = z.object({
  /** Whether the call went ahead. */
  verdict: z.enum(['allow', 'deny']),
  /** The chain said "ask" and the approval dialog was shown. */
  asked: z.boolean(),
  by: DecisionMakerSchema,
  /** Machine-readable detail: the cause (`mode-smart`, `rule-ask`, `policy-always`), the rule id, the hook, the person's answer. */
  detail: z.string().max(200).optional(),
  /** When asked: who made it ask (`rule`, `hook`, `pin`…). */
  askedBy: DecisionMakerSchema.optional(),
  /** Assisted review's rating of the call, when one was asked for (its sentence is not kept: it may quote the arguments). */
  rating: z
    .object({
      status: z.enum(['rated', 'failed', 'unfinished']),
      risk: z.enum(['low', 'medium', 'high']).optional(),
      provider: z.string().max(100),
      model: z.string().max(200),
    })
    .optional(),
})
export type ActivityDecision = z.infer<typeof ActivityDecisionSchema>


/** Arguments without their values: top-level names with their JSON sizes, the total, and an HMAC-SHA256 of the canonical JSON. */
export const ArgumentSummarySchema = z.object({
  names: z.array(z.object({ name: z.string(), bytes: z.number().int() })),
  bytes: z.number().int(),
  /** hex HMAC-SHA256 with the install's activity key; equal arguments give equal digests on this install only. */
  digest: z.string(),
})
export type ArgumentSummary = z.infer<typeof ArgumentSummarySchema>

/** One record as written (one JSON line). `prev` and `hash` chain it to the one before. */
export const ActivityRecordSchema = z.object({
  v: z.literal(1),
  seq: z.number().int().min(1),
  time: z.string(),
  kind: ActivityKindSchema,
  caller: CallerSchema.optional(),
  sessionId: z.string().optional(),
  callId: z.string().optional(),
  /** The namespaced tool name (`<extension>__<tool>`). */
  tool: z.string().optional(),
  extension: z.string().optional(),
  args: ArgumentSummarySchema.optional(),
  decision: ActivityDecisionSchema.optional(),
  outcome: ActivityOutcomeSchema.optional(),
  /** Time the call ran (tool-result), or the decision took incl. waiting for the person (tool-call). */
  durationMs: z.number().optional(),
  /** One line for people: "Installed extension Everything", "Approved Cursor". Never a secret value. */
  summary: z.string().max(500).optional(),
  /** What the event is about: an extension id, an app name, a tool. */
  subject: z.string().max(300).optional(),
  prev: z.string(),
  hash: z.string(),
})
export type ActivityRecord = z.infer<typeof ActivityRecordSchema>

/** What others hand to `record()`: the log adds seq, time and the chain. */
export type ActivityEvent = Omit<ActivityRecord, 'v' | 'seq' | 'time' | 'prev' | 'hash'>


export interface ActivityPageRequest extends ActivityFilter {
  /** Records older than this seq (the previous page's `next`). */
  before?: number
  limit?: number
}

const FILTER_KEYS = ['caller', 'extension', 'kind', 'decision', 'outcome', 'callId', 'from', 'to', 'q'] as const

export function activityPageUri(request: ActivityPageRequest): string {
  const query = new URLSearchParams()
  for (const key of FILTER_KEYS) if (request[key] !== undefined && request[key] !== '') query.set(key, String(request[key]))
  if (request.before !== undefined) query.set('before', String(request.before))
  if (request.limit !== undefined) query.set('limit', String(request.limit))
  const text = query.toString()
  return text === '' ? ACTIVITY_URI : `${ACTIVITY_URI}?${text}`
}

/** The page a query asks for; an Error names what is wrong. */
export function parseActivityPage(query: string): ActivityPageRequest | Error {
  const params = new URLSearchParams(query.startsWith('?') ? query.slice(1) : query)
  const raw: Record<string, string> = {}
  for (const [name, value] of params) {
    if (!(FILTER_KEYS as readonly string[]).includes(name) && name !== 'before' && name !== 'limit') return new Error(`The activity takes ${FILTER_KEYS.join(', ')}, before and limit in its query, not "${name}".`)
    raw[name] = value
  }
  const { before, limit, ...filters } = raw
  const parsed = ActivityFilterSchema.safeParse(filters)
  if (!parsed.success) return new Error(`The activity's filter is not valid: ${parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ')}`)
  const page: ActivityPageRequest = { ...parsed.data }
  if (before !== undefined) {
    if (!/^\d{1,15}$/.test(before)) return new Error(`The activity's before is a record number, not "${before}".`)
    page.before = Number(before)
  }
  if (limit !== undefined) {
    const n = Number(limit)
    if (!/^\d{1,6}$/.test(limit) || n < 1 || n > MAX_ACTIVITY_PAGE_SIZE) return new Error(`The activity's limit is a number of records from 1 to ${MAX_ACTIVITY_PAGE_SIZE}, not "${limit}".`)
    page.limit = n
  }
  return page
}


export const ActivityStatusSchema = z.object({
  /** Records written since the log began (the newest seq). */
  newest: z.number().int(),
  /** Records waiting for the next batch write (at most a second's worth). */
  pending: z.number().int(),
  retentionDays: z.number().int(),
  /** Whether the digest key is kept in the keychain; without one, digests and the seal hold for this run only. */
  keyed: z.enum(['keychain', 'this-run-only']),
  /** A write that failed, with the fix; cleared by the next good write. */
  problem: z.string().optional(),
})
export type ActivityStatus = z.infer<typeof ActivityStatusSchema>

export const ActivityPageSchema = z.object({
  records: z.array(ActivityRecordSchema),
  /** Pass as `before` for the next (older) page; absent at the oldest record. */
  next: z.number().int().optional(),
  status: ActivityStatusSchema,
})
export type ActivityPage = z.infer<typeof ActivityPageSchema>




/** A CSV cell: quoted when needed, and a leading = + - @ (or tab / CR) made inert so a spreadsheet does not run it as a formula. */
export function csvCell(value: unknown): string {
  let text = value === undefined || value === null ? '' : typeof value === 'string' ? value : JSON.stringify(value)
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`
  return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text
}
