/** The extension part of the host API contract: extensions, their logs, and the catalog. Re-exported by hostApi.ts. */
import { z } from 'zod'

export const ExtensionStatusSchema = z.enum(['disabled', 'starting', 'ready', 'error', 'needs-config'])
export type ExtensionStatus = z.infer<typeof ExtensionStatusSchema>

export const ExtensionTypeSchema = z.enum(['stdio', 'streamable-http', 'sse', 'builtin', 'frontend'])
export type ExtensionType = z.infer<typeof ExtensionTypeSchema>

/**
 * Whether the person approved what this extension runs or connects to: `not-needed` for builtins,
 * the window's own tools and trusted HTTP servers; `pending` while an approval waits in
 * `switchboard://elicitations` (the extension stays stopped until then).
 */
export const ConsentStateSchema = z.enum(['not-needed', 'approved', 'pending', 'denied'])
export type ConsentState = z.infer<typeof ConsentStateSchema>

/** One extension as the renderer sees it: never any secret value. */
export const ExtensionViewSchema = z.object({
  id: z.string(),
  name: z.string(),
  type: ExtensionTypeSchema,
  enabled: z.boolean(),
  trust: z.enum(['trusted', 'untrusted']),
  status: ExtensionStatusSchema,
  error: z.string().optional(),
  /** When an automatic restart is scheduled (epoch ms). */
  restartAt: z.number().optional(),
  server: z.object({ name: z.string(), version: z.string() }).optional(),
  consent: ConsentStateSchema,
  /** The config as stored: secret references stay `${secret:NAME}`, sensitive literals are masked. */
  config: z.record(z.string(), z.unknown()),
  toolCount: z.number().int().nonnegative(),
  resourceCount: z.number().int().nonnegative(),
  promptCount: z.number().int().nonnegative(),
})
export type ExtensionView = z.infer<typeof ExtensionViewSchema>

/** Payload of `switchboard://extensions`. */
export const ExtensionsResourceSchema = z.object({ extensions: z.array(ExtensionViewSchema) })
export type ExtensionsResource = z.infer<typeof ExtensionsResourceSchema>

export const LogEntrySchema = z.object({
  seq: z.number().int(),
  /** ISO 8601. */
  time: z.string(),
  source: z.enum(['stderr', 'protocol', 'lifecycle']),
  level: z.enum(['info', 'warn', 'error']),
  text: z.string(),
})
export type LogEntry = z.infer<typeof LogEntrySchema>

/** Payload of `switchboard://extensions/{id}/log`: the most recent lines, oldest first. */
export const ExtensionLogResourceSchema = z.object({ id: z.string(), entries: z.array(LogEntrySchema) })
export type ExtensionLogResource = z.infer<typeof ExtensionLogResourceSchema>

export const ToolAnnotationsViewSchema = z.object({
  title: z.string().optional(),
  readOnlyHint: z.boolean(),
  destructiveHint: z.boolean(),
  idempotentHint: z.boolean(),
  openWorldHint: z.boolean(),
})

/** One tool of the catalog the model sees. */
export const CatalogToolViewSchema = z.object({
  /** `<extension>__<tool>`. */
  name: z.string(),
  extensionId: z.string(),
  extensionName: z.string(),
  toolName: z.string(),
  title: z.string().optional(),
  description: z.string(),
  inputSchema: z.record(z.string(), z.unknown()),
  annotations: ToolAnnotationsViewSchema,
  trust: z.enum(['trusted', 'untrusted']),
  /** The policy in force and where it comes from; `lapsed` when an "always" was given for an older definition. */
  policy: z.object({
    policy: z.enum(['always', 'ask', 'never', 'mode']),
    source: z.enum(['tool', 'extension', 'mode']),
    lapsed: z.boolean(),
    changed: z.boolean(),
  }),
})
export type CatalogToolView = z.infer<typeof CatalogToolViewSchema>

/** Payload of `switchboard://tools`: tools, plus resources and prompts cataloged the same way. */
export const ToolsResourceSchema = z.object({
  version: z.number(),
  tools: z.array(CatalogToolViewSchema),
  resources: z.array(z.object({ extensionId: z.string(), uri: z.string(), name: z.string(), title: z.string().optional(), description: z.string().optional(), mimeType: z.string().optional() })),
  prompts: z.array(z.object({ name: z.string(), extensionId: z.string(), promptName: z.string(), title: z.string().optional(), description: z.string().optional() })),
})
export type ToolsResource = z.infer<typeof ToolsResourceSchema>

const extensionId = z.string().min(1).max(64)

/** Inputs of the extension tools. `config` is validated in main (field-by-field messages). */
export const ExtensionToolInput = {
  extension_add: z.object({ config: z.record(z.string(), z.unknown()) }),
  extension_update: z.object({ id: extensionId, config: z.record(z.string(), z.unknown()) }),
  extension_remove: z.object({ id: extensionId }),
  extension_set_enabled: z.object({ id: extensionId, enabled: z.boolean() }),
  extension_restart: z.object({ id: extensionId }),
  /** A person runs a tool by hand from the extension page: same dispatch as the model's calls, the person is the approver. */
  tool_call: z.object({ name: z.string().min(1).max(64), arguments: z.record(z.string(), z.unknown()).default({}) }),
} as const

/**
 * The structured part of a `tool_call` result; its `content` is the tool's own content (text,
 * images, resources), capped in size with a marker, and `isError` is set when the call failed.
 */
export const ToolCallOutcomeSchema = z.object({
  outcome: z.enum(['ok', 'failed', 'timed-out', 'cancelled']),
  extensionId: z.string(),
  tool: z.string(),
  durationMs: z.number(),
  structuredContent: z.record(z.string(), z.unknown()).optional(),
})
export type ToolCallOutcome = z.infer<typeof ToolCallOutcomeSchema>

export const ExtensionToolOutput = {
  extension_add: ExtensionViewSchema,
  extension_update: ExtensionViewSchema,
  extension_remove: z.object({ id: z.string() }),
  extension_set_enabled: ExtensionViewSchema,
  extension_restart: ExtensionViewSchema,
  tool_call: ToolCallOutcomeSchema,
} as const
