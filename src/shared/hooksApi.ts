/**
 * The hooks part of the host API contract: a hook maps one event of a turn to a tool of any
 * extension, which main calls with the event's payload; its structured result becomes the new
 * payload (docs/guide/hooks.md). Re-exported by hostApi.ts.
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

/**
 * A command hook in the Claude Code / VS Code format (docs/guide/hooks.md): a command
 * line run by the shell with the event JSON on stdin, its exit code and JSON output read back.
 */
export const CommandHookSchema = z.object({
  /** Exactly what runs (`sh -c`, on Windows `cmd /c`); the person approves this line. */
  line: z.string().trim().min(1).max(4_000),
  /** Claude Code's matcher for tool events: empty or `*` = every tool, `A|B` = those names, anything else a regex. */
  matcher: z.string().max(500).optional(),
  /** The folder it runs in, also given as $CLAUDE_PROJECT_DIR; default the home folder. */
  cwd: z.string().max(4_096).optional(),
  /** Where it was imported from (a file path, or "pasted"). */
  source: z.string().max(4_096).default('pasted'),
})
export type CommandHook = z.infer<typeof CommandHookSchema>

/** One hook as stored in hooks.json and shown in Settings → Hooks; the file's order is the order hooks run in. */
export const HookSchema = z.object({
  id: z.string().min(1).max(100),
  name: z.string().trim().min(1, 'A hook needs a name').max(100),
  event: HookEventSchema,
  /** The tool main calls, by its namespaced catalog name (`<extension>__<tool>`); absent for a command hook. */
  target: namespacedName.optional(),
  /** Set instead of `target` for a command hook. */
  command: CommandHookSchema.optional(),
  /** Its result is read for a decision only; a changed payload is ignored (`!mutate:` in nanobot). */
  observeOnly: z.boolean().default(false),
  /** Which calls a tool-call or tool-result hook sees: a wildcard on the namespaced tool name, and/or one extension. */
  match: z.object({ tool: z.string().max(200).regex(/^[A-Za-z0-9_*?-]+$/, 'Use letters, digits, _, -, * and ?').optional(), extension: z.string().max(64).optional() }).default({}),
  enabled: z.boolean().default(true),
  timeoutMs: z.number().int().min(100).max(MAX_HOOK_TIMEOUT_MS).default(DEFAULT_HOOK_TIMEOUT_MS),
  /** The target (or command, see hookSubject) the person approved for this hook; a hook whose subject differs from it does not run. */
  approvedTarget: z.string().optional(),
})
export type Hook = z.infer<typeof HookSchema>

/** What the person approves for a hook: its target tool, or its exact command line and folder. */
export function hookSubject(hook: Pick<Hook, 'target' | 'command'>): string {
  if (hook.command) return `command:${hook.command.cwd ?? '~'}:${hook.command.line}`
  return hook.target ?? ''
}

/**
 * A sample payload of each event, as a hook gets it (without `event`, which is added to every call):
 * what *Test* starts from, and what a hook's tool is checked against when the hook is saved.
 */
export const HOOK_SAMPLE_PAYLOADS: Readonly<Record<HookEvent, Record<string, unknown>>> = {
  'session-start': { sessionId: 'sample', extensions: ['files'] },
  'user-message': { sessionId: 'sample', text: 'Mail ann@example.com the plan', extensions: ['files'] },
  'model-request': { sessionId: 'sample', step: 1, model: 'sample-model', tools: [], messages: [{ role: 'user', content: 'Hello' }] },
  'tool-call': { sessionId: 'sample', tool: 'files__read_file', extension: 'files', arguments: { path: '~/notes.txt' } },
  'tool-result': { sessionId: 'sample', tool: 'files__read_file', extension: 'files', arguments: { path: '~/notes.txt' }, result: { content: [{ type: 'text', text: 'Call me at ann@example.com' }] } },
  'turn-end': { sessionId: 'sample', status: 'done', text: 'All done.' },
}

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
  /** A namespaced tool name; `!mutate:` before it saves the hook as observe-only. Give this or `command`. */
  target: z.string().trim().min(1).max(210).optional(),
  /** A command hook instead of a tool (the Claude Code format); when changing a hook, leave both out to keep what it runs. */
  command: CommandHookSchema.omit({ source: true }).extend({ source: z.string().max(4_096).optional() }).optional(),
  observeOnly: z.boolean().optional(),
  match: HookSchema.shape.match.optional(),
  enabled: z.boolean().optional(),
  timeoutMs: z.number().int().min(100).max(MAX_HOOK_TIMEOUT_MS).optional(),
  /** Where it goes in the run order (0 = first); default: last, or where it was. */
  position: z.number().int().nonnegative().optional(),
})
export type HookInput = z.infer<typeof HookInputSchema>

/** One command hook found in a `hooks` block, as the import preview shows it. */
export const HookImportCandidateSchema = z.object({
  /** Stable for the same text: what `hook_import` picks by. */
  key: z.string(),
  name: z.string(),
  event: HookEventSchema,
  /** The event as the file names it (`PreToolUse`, …). */
  fileEvent: z.string(),
  command: CommandHookSchema,
  timeoutMs: z.number().int(),
  /** Already among the hooks (same event and command): importing it again adds nothing. */
  exists: z.boolean(),
  warnings: z.array(z.string()),
})
export type HookImportCandidate = z.infer<typeof HookImportCandidateSchema>

export const HookImportPreviewSchema = z.object({
  /** The files looked at (or "pasted"), each with what was found or why not. */
  sources: z.array(z.object({ path: z.string(), label: z.string(), found: z.number().int(), problem: z.string().optional() })),
  hooks: z.array(HookImportCandidateSchema),
  /** What was left out and why (other hook types, events Switchboard does not have). */
  skipped: z.array(z.string()),
})
export type HookImportPreview = z.infer<typeof HookImportPreviewSchema>

/** Pasted settings text (JSON or JSONC) to import from; without it, the usual files on this computer. */
const importSource = { json: z.string().max(1_000_000).optional() }

export const HookToolInput = {
  hook_import_preview: z.object(importSource),
  /** Imports the chosen hooks of the same source (by the preview's keys); each waits for approval of its exact command line. */
  hook_import: z.object({ ...importSource, keys: z.array(z.string().max(200)).min(1).max(200) }),
  hook_save: HookInputSchema,
  hook_remove: z.object({ id: z.string().min(1).max(100) }),
  /** Runs one saved hook on a sample payload, without a turn: shows what it would decide and change. */
  hook_test: z.object({ id: z.string().min(1).max(100), payload: z.record(z.string(), z.unknown()) }),
} as const

export const HookTestResultSchema = z.object({
  /** `deny` also when the hook failed (error, timeout, a result that does not fit the event); `ask`: a tool-call hook wants you asked. */
  decision: z.enum(['allow', 'deny', 'ask']),
  reason: z.string().optional(),
  payload: z.record(z.string(), z.unknown()),
  changes: z.array(HookChangeSchema),
  warnings: z.array(z.string()),
})
export type HookTestResult = z.infer<typeof HookTestResultSchema>

export const HookToolOutput = {
  hook_import_preview: HookImportPreviewSchema,
  hook_import: z.object({ saved: z.array(HookSchema), problems: z.array(z.string()) }),
  hook_save: HookSchema,
  hook_remove: z.object({ id: z.string() }),
  hook_test: HookTestResultSchema,
} as const
