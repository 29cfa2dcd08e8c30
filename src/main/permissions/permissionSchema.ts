/**
 * The shapes of everything the person decides about permissions, as zod schemas: the one source
 * for the file format (`permissions.json`), for validating edits that arrive from the renderer, and
 * for the TypeScript types used everywhere else in this folder.
 */
import { z } from 'zod'
import { PolicyKindSchema, PermissionModeSchema } from '../../shared/permissionApi'

// The shapes the renderer also sends (mode, policies, rules) live in src/shared/permissionApi.ts.
export {
  ArgumentRuleSchema,
  DEFAULT_MODE,
  PermissionModeSchema,
  PolicyKindSchema,
  RuleDecisionSchema,
  ruleLimits,
  type ArgumentRule,
  type PermissionMode,
  type PolicyKind,
  type RuleDecision,
} from '../../shared/permissionApi'

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

/** What a pin hashes: the server's tool name, title, description, input schema and annotations. */
export const PinnedDefinitionSchema = z
  .object({
    name: z.string(),
    title: z.string().optional(),
    description: z.string().optional(),
    inputSchema: z.record(z.string(), z.unknown()),
    annotations: z.record(z.string(), z.unknown()).optional(),
  })
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
    /**
     * What the hash covers. Pins written before title and annotations were pinned lack it: their hash
     * covers name, description and input schema only, and they are re-recorded on sight (toolPins.ts).
     */
    covers: z.literal('title-and-annotations').optional(),
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
