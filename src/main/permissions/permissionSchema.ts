/**
 * The shapes of everything the person decides about permissions, as zod schemas: the one source
 * for the file format (`permissions.json`), for validating edits that arrive from the renderer, and
 * for the TypeScript types used everywhere else in this folder.
 */
import { z } from 'zod'

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

const Sha256HexSchema = z.string().regex(/^[0-9a-f]{64}$/, 'expected a SHA-256 hash in lower-case hex')
const TimestampSchema = z.iso.datetime()

/**
 * Namespaced tool names and extension ids as keys. Starting with a letter or digit keeps keys such
 * as `__proto__` out, so a hand-edited file cannot smuggle a prototype into an object.
 */
export const ToolNameKeySchema = z.string().regex(/^[A-Za-z0-9][A-Za-z0-9_-]{0,127}$/, 'expected a namespaced tool name such as "files__read_file"')
export const ExtensionIdKeySchema = z.string().regex(/^[a-z0-9][a-z0-9-]{0,63}$/, 'expected an extension id such as "files"')

/** A per-tool policy. "always" is bound to the definition hash it was given for (F15). */
export const ToolPolicySchema = z.discriminatedUnion('policy', [
  z.object({ policy: z.literal('always'), hash: Sha256HexSchema, grantedAt: TimestampSchema }).strict(),
  z.object({ policy: z.literal('ask') }).strict(),
  z.object({ policy: z.literal('never') }).strict(),
])
export type ToolPolicy = z.infer<typeof ToolPolicySchema>

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

/** What a pin hashes: the server's tool name, description and input schema. */
export const PinnedDefinitionSchema = z
  .object({ name: z.string(), description: z.string().optional(), inputSchema: z.record(z.string(), z.unknown()) })
  .strict()
export type PinnedDefinition = z.infer<typeof PinnedDefinitionSchema>

/**
 * The definition of a tool the person has accepted (silently on first sight, or by answering an
 * approval that showed the change), and the newest different definition seen since, if any.
 */
export const ToolPinSchema = z
  .object({
    hash: Sha256HexSchema,
    definition: PinnedDefinitionSchema,
    firstSeen: TimestampSchema,
    acceptedAt: TimestampSchema,
    pending: z.object({ hash: Sha256HexSchema, definition: PinnedDefinitionSchema, seenAt: TimestampSchema }).strict().optional(),
  })
  .strict()
export type ToolPin = z.infer<typeof ToolPinSchema>

/**
 * The file. Rules are checked one by one after the rest (see permissionStore.ts) so that one rule
 * an older or newer version cannot read costs only that rule, not every policy and pin.
 */
export const PermissionFileSchema = z
  .object({
    version: z.literal(1),
    mode: PermissionModeSchema,
    toolPolicies: z.record(ToolNameKeySchema, ToolPolicySchema),
    extensionPolicies: z.record(ExtensionIdKeySchema, PolicyKindSchema),
    rules: z.array(z.unknown()),
    pins: z.record(ToolNameKeySchema, ToolPinSchema),
  })
  .strict()
export type PermissionFile = z.infer<typeof PermissionFileSchema>

/** `path: message` for the first few issues of a zod error, for messages that name the field. */
export function describeZodError(error: z.ZodError, limit = 3): string {
  const lines = error.issues.slice(0, limit).map((issue) => `${issue.path.length > 0 ? issue.path.join('.') : '(top level)'}: ${issue.message}`)
  const more = error.issues.length > limit ? ` (and ${error.issues.length - limit} more)` : ''
  return lines.join('; ') + more
}
