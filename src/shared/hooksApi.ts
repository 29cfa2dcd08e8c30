/**
 * The hooks part of the host API contract: a hook maps one event of a turn to a tool of any
 * extension, which main calls with the event's payload; its structured result becomes the new
 * payload (README "Hooks"). Re-exported by hostApi.ts.
 */
import { z } from 'zod'

export const HOOKS_URI = 'switchboard://hooks'

/** The steps of a turn a hook can check or change. */
export const HookEventSchema = z.enum(['session-start', 'user-message', 'model-request', 'tool-call', 'tool-result', 'turn-end'])
export type HookEvent = z.infer<typeof HookEventSchema>

/** A target written nanobot-style with this prefix may only observe: whatever it returns changes nothing. */
export const OBSERVE_ONLY_PREFIX = '!mutate:'

export const DEFAULT_HOOK_TIMEOUT_MS = 5_000
export const MAX_HOOK_TIMEOUT_MS = 60_000

const namespacedName = z.string().trim().min(3).max(200).regex(/^[A-Za-z0-9_-]+$/, 'The target is a namespaced tool name like "redactor__redact"')

/** One hook as stored in hooks.json and shown in Settings → Hooks; the file's order is the order hooks run in. */
export const HookSchema = z.object({
  id: z.string().min(1).max(100),
  name: z.string().trim().min(1, 'A hook needs a name').max(100),
  event: HookEventSchema,
  /** The tool main calls, by its namespaced catalog name (`<extension>__<tool>`). */
  target: namespacedName,
  /** Its result is read for a decision only; a changed payload is ignored (`!mutate:` in nanobot). */
  observeOnly: z.boolean().default(false),
  /** Which calls a tool-call or tool-result hook sees: a wildcard on the namespaced tool name, and/or one extension. */
  match: z.object({ tool: z.string().max(200).regex(/^[A-Za-z0-9_*?-]+$/, 'Use letters, digits, _, -, * and ?').optional(), extension: z.string().max(64).optional() }).default({}),
  enabled: z.boolean().default(true),
  timeoutMs: z.number().int().min(100).max(MAX_HOOK_TIMEOUT_MS).default(DEFAULT_HOOK_TIMEOUT_MS),
  /** The target the person approved for this hook; a hook whose target differs from it does not run. */
  approvedTarget: z.string().optional(),
})
export type Hook = z.infer<typeof HookSchema>

/** One change a hook made, as recorded on the message or tool call it changed (the mutation trail). */
export const HookChangeSchema = z.object({
  hook: z.string(),
  /** The payload field that changed (`text`, `arguments`, `result`, `tools`, `messages`). */
  field: z.string(),
  /** The hook's own words, when it gave some. */
  reason: z.string().max(500).optional(),
})
export type HookChange = z.infer<typeof HookChangeSchema>

/** Payload of `switchboard://hooks`, in the order they run. */
export const HooksResourceSchema = z.object({ hooks: z.array(HookSchema.extend({ approved: z.boolean() })) })
export type HooksResource = z.infer<typeof HooksResourceSchema>

const HookInputSchema = z.object({
  id: z.string().min(1).max(100).optional(),
  name: z.string().trim().min(1, 'A hook needs a name').max(100),
  event: HookEventSchema,
  /** A namespaced tool name; `!mutate:` before it saves the hook as observe-only. */
  target: z.string().trim().min(1).max(210),
  observeOnly: z.boolean().optional(),
  match: HookSchema.shape.match.optional(),
  enabled: z.boolean().optional(),
  timeoutMs: z.number().int().min(100).max(MAX_HOOK_TIMEOUT_MS).optional(),
  /** Where it goes in the run order (0 = first); default: last, or where it was. */
  position: z.number().int().nonnegative().optional(),
})
export type HookInput = z.infer<typeof HookInputSchema>

export const HookToolInput = {
  hook_save: HookInputSchema,
  hook_remove: z.object({ id: z.string().min(1).max(100) }),
  /** Runs one saved hook on a sample payload, without a turn: shows what it would decide and change. */
  hook_test: z.object({ id: z.string().min(1).max(100), payload: z.record(z.string(), z.unknown()) }),
} as const

export const HookTestResultSchema = z.object({
  /** `deny` also when the hook failed (error, timeout, a result that does not fit the event). */
  decision: z.enum(['allow', 'deny']),
  reason: z.string().optional(),
  payload: z.record(z.string(), z.unknown()),
  changes: z.array(HookChangeSchema),
  warnings: z.array(z.string()),
})
export type HookTestResult = z.infer<typeof HookTestResultSchema>

export const HookToolOutput = {
  hook_save: HookSchema,
  hook_remove: z.object({ id: z.string() }),
  hook_test: HookTestResultSchema,
} as const
