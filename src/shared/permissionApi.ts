/**
 * The permission part of the host API contract: the mode, policies, argument rules and pins the
 * person manages in Settings → Permissions, and the tool-call approval shown in the dialog.
 * main/permissions validates its file and every edit with these same schemas. Re-exported by hostApi.ts.
 */
import { z } from 'zod'
import { ProvenanceSourceSchema } from './provenanceApi'

/**
 * - `autonomous`: allow unless a rule or policy says ask/never.
 * - `smart`: allow read-only tools of trusted extensions, ask otherwise.
 * - `ask`: ask unless always-allowed.
 * - `chat-only`: no tools are offered to the model at all.
 */
export const PermissionModeSchema = z.enum(['autonomous', 'smart', 'ask', 'chat-only'])
export type PermissionMode = z.infer<typeof PermissionModeSchema>
export const DEFAULT_MODE: PermissionMode = 'smart'

export const PolicyKindSchema = z.enum(['always', 'ask', 'never'])
export type PolicyKind = z.infer<typeof PolicyKindSchema>

export const RuleDecisionSchema = z.enum(['allow', 'ask', 'deny'])
export type RuleDecision = z.infer<typeof RuleDecisionSchema>

/** Limits that keep rules cheap to evaluate; see ruleRegex.ts for why the regex ones are what they are. */
export const ruleLimits = {
  maxIdLength: 100,
  maxToolPatternLength: 200,
  maxArgumentLength: 500,
  maxGlobLength: 512,
  maxRegexLength: 256,
  maxNoteLength: 500,
}

/**
 * A rule on one argument of matching tools. `tool` is a namespaced name or a wildcard such as
 * `files__*`; `argument` is a top-level argument name or a JSON pointer (`/options/path`).
 */
export const ArgumentRuleSchema = z
  .object({
    id: z.string().min(1).max(ruleLimits.maxIdLength),
    tool: z.string().min(1).max(ruleLimits.maxToolPatternLength),
    argument: z.string().min(1).max(ruleLimits.maxArgumentLength),
    match: z.union([
      z.object({ glob: z.string().min(1).max(ruleLimits.maxGlobLength) }).strict(),
      z.object({ regex: z.string().min(1).max(ruleLimits.maxRegexLength) }).strict(),
    ]),
    decision: RuleDecisionSchema,
    note: z.string().max(ruleLimits.maxNoteLength).optional(),
  })
  .strict()
export type ArgumentRule = z.infer<typeof ArgumentRuleSchema>

/** The words the activity log and the dialog use for a question a low rating answered. */
export const ALLOWED_BY_REVIEW = 'allowed by assisted review (low risk)'

/** An assisted review's risk rating of one call (docs/guide/assisted-review.md). */
export const RiskSchema = z.enum(['low', 'medium', 'high'])
export type Risk = z.infer<typeof RiskSchema>

/**
 * The rating shown in an approval dialog, filled in when it arrives: `rating` while the model works,
 * `rated` with its risk and one sentence, `failed` (an error, a time-out, an answer that did not fit)
 * — a failed rating changes nothing. `provider` names who received the arguments.
 */
export const ReviewViewSchema = z.object({
  status: z.enum(['rating', 'rated', 'failed']),
  risk: RiskSchema.optional(),
  reason: z.string().optional(),
  provider: z.string(),
  model: z.string(),
  /** Why it failed, in words (never a secret). */
  error: z.string().optional(),
})
export type ReviewView = z.infer<typeof ReviewViewSchema>

/** Settings → Permissions → Assisted review: off by default; which model rates; whether a low rating may answer a mode's question. */
export const AssistedReviewSettingsSchema = z.object({
  enabled: z.boolean(),
  providerId: z.string().min(1).max(64).optional(),
  modelId: z.string().min(1).max(200).optional(),
  /** A low rating may answer a question the permission mode alone asks (Smart or Ask); never any other. */
  autoAllowLow: z.boolean(),
})
export type AssistedReviewSettings = z.infer<typeof AssistedReviewSettingsSchema>

/** A rule suggested after repeated approvals; saved as an ordinary allow rule only when the person confirms it. */
export const RuleSuggestionSchema = z.object({
  id: z.string(),
  tool: z.string(),
  argument: z.string(),
  glob: z.string(),
  /** How many approvals within the window led to it. */
  approvals: z.number().int(),
  /** "Allow files__read_file under ~/Notes?" */
  text: z.string(),
})
export type RuleSuggestion = z.infer<typeof RuleSuggestionSchema>

/** `switchboard://permissions`: everything the person decided, plus which pins changed since. */
/**
 * What a model's call of a tool does when no argument rule matches: runs, asks or never, and why in
 * words; `rules` counts the argument rules that name the tool (they can change it for some calls).
 */
export const EffectiveDecisionViewSchema = z.object({
  decision: z.enum(['runs', 'asks', 'never']),
  reason: z.string(),
  rules: z.number().int().nonnegative(),
})
export type EffectiveDecisionView = z.infer<typeof EffectiveDecisionViewSchema>

export const PermissionsResourceSchema = z.object({
  mode: PermissionModeSchema,
  toolPolicies: z.record(z.string(), z.object({ policy: PolicyKindSchema, grantedAt: z.string().optional(), lapsed: z.boolean() })),
  extensionPolicies: z.record(z.string(), PolicyKindSchema),
  rules: z.array(ArgumentRuleSchema),
  pins: z.record(z.string(), z.object({ hash: z.string(), firstSeen: z.string(), acceptedAt: z.string(), changed: z.boolean() })),
  /** Rules suggested from repeated approvals, waiting for the person to confirm or dismiss them. */
  suggestions: z.array(RuleSuggestionSchema).optional(),
  /** Assisted review: the setting, and where the arguments go ("sends tool arguments to OpenAI", or on this computer). */
  assistedReview: z
    .object({
      settings: AssistedReviewSettingsSchema,
      /** Set when the chosen provider is not on this computer. */
      sendsTo: z.string().optional(),
      /** Why it cannot rate now (no model chosen, forbidden by the managed policy), or absent. */
      problem: z.string().optional(),
    })
    .optional(),
})
export type PermissionsResource = z.infer<typeof PermissionsResourceSchema>

export const FindingSchema = z.object({
  kind: z.enum(['destructive-command', 'secret-leak', 'prompt-injection', 'incomplete-scan', 'hidden-text']),
  severity: z.enum(['low', 'medium', 'high', 'critical']),
  message: z.string(),
  argument: z.string().optional(),
  excerpt: z.string().optional(),
})
export type Finding = z.infer<typeof FindingSchema>

/** What changed in a tool's definition since the person accepted it (F15). */
export const DefinitionChangeSchema = z.object({
  description: z.object({ before: z.string().nullable(), after: z.string().nullable() }).optional(),
  summary: z.array(z.string()),
})

/** The tool call an approval is about: all of it, as main will run it. */
export const ToolCallSubjectSchema = z.object({
  type: z.literal('tool-call'),
  callId: z.string(),
  /** Namespaced `<extension>__<tool>`. */
  toolName: z.string(),
  title: z.string().optional(),
  description: z.string().optional(),
  /** Secret values are masked. */
  arguments: z.unknown(),
  hints: z.object({ readOnly: z.boolean(), destructive: z.boolean(), openWorld: z.boolean() }),
  trust: z.enum(['trusted', 'untrusted']),
  reasons: z.array(z.string()),
  findings: z.array(FindingSchema),
  changed: DefinitionChangeSchema.optional(),
  /** The guard after outside content asks: the outside sources in the caller's context (shared/provenanceApi.ts). */
  guard: z.object({ sources: z.array(ProvenanceSourceSchema) }).optional(),
  /** When the approval times out into a denial (ISO 8601). */
  expiresAt: z.string(),
  /** Assisted review's rating, when it is on (updated in place when the rating arrives). */
  review: ReviewViewSchema.optional(),
})
export type ToolCallSubject = z.infer<typeof ToolCallSubjectSchema>

const toolName = z.string().min(1).max(128)

/** A sample call for the rule tester. */
export const RuleSampleSchema = z.object({ toolName, arguments: z.record(z.string(), z.unknown()) })

export const PermissionToolInput = {
  /** Sets (or with `policy: null` revokes) the policy of one tool or one extension. */
  permission_set: z
    .object({ tool: toolName.optional(), extension: z.string().min(1).max(64).optional(), policy: PolicyKindSchema.nullable() })
    .refine((input) => (input.tool === undefined) !== (input.extension === undefined), 'Name exactly one of "tool" or "extension".'),
  permission_mode_set: z.object({ mode: PermissionModeSchema }),
  /** The rule is checked in main (regex safety, globs); an error names the problem. */
  permission_rule_save: z.object({ rule: z.record(z.string(), z.unknown()) }),
  permission_rule_remove: z.object({ id: z.string().min(1).max(ruleLimits.maxIdLength) }),
  /** What a rule (or, without `rule`, the saved rules) would decide for a sample call. */
  permission_rule_test: z.object({ rule: z.record(z.string(), z.unknown()).optional(), sample: RuleSampleSchema }),
  /** Revokes every grant ("always" policies and allow rules); deny/ask settings and pins stay. */
  permission_revoke_all: z.object({}),
  permission_pin_forget: z.object({ tool: toolName }),
  /** Saves a suggested rule as an ordinary allow rule (the person confirmed it). */
  permission_suggestion_accept: z.object({ id: z.string().min(1).max(200) }),
  /** Drops a suggestion; the same one is not suggested again. */
  permission_suggestion_dismiss: z.object({ id: z.string().min(1).max(200) }),
  /** Settings → Permissions → Assisted review. */
  assisted_review_set: z.object({ settings: AssistedReviewSettingsSchema }),
} as const

export const RuleTestResultSchema = z.object({
  ok: z.boolean(),
  error: z.string().optional(),
  decision: z.enum(['allow', 'ask', 'deny', 'none']).optional(),
  ruleId: z.string().optional(),
  trace: z.array(z.string()),
})
export type RuleTestResult = z.infer<typeof RuleTestResultSchema>

export const PermissionToolOutput = {
  permission_set: z.object({ ok: z.literal(true) }),
  permission_mode_set: z.object({ mode: PermissionModeSchema }),
  permission_rule_save: ArgumentRuleSchema,
  permission_rule_remove: z.object({ id: z.string(), removed: z.boolean() }),
  permission_rule_test: RuleTestResultSchema,
  permission_revoke_all: z.object({ revoked: z.number().int() }),
  permission_pin_forget: z.object({ tool: z.string() }),
  permission_suggestion_accept: ArgumentRuleSchema,
  permission_suggestion_dismiss: z.object({ id: z.string(), dismissed: z.boolean() }),
  assisted_review_set: AssistedReviewSettingsSchema,
} as const
