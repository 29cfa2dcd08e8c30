/**
 * The chat part of the host API contract: model providers, sending and cancelling, committed history
 * and the turn in flight. Re-exported by hostApi.ts.
 */
import { z } from 'zod'

export const ProviderKindSchema = z.enum(['anthropic', 'openai', 'openai-compatible'])

/** A model provider as configured in Settings → Models & keys; its key is the secret `provider:<id>`. */
export const ProviderViewSchema = z.object({
  id: z.string(),
  kind: ProviderKindSchema,
  name: z.string(),
  baseUrl: z.string().optional(),
  models: z.array(z.string()),
  /** Whether the key secret is set (never its value); absent when the provider needs no key (Ollama). */
  keySet: z.boolean().optional(),
})
export type ProviderView = z.infer<typeof ProviderViewSchema>

/** Payload of `switchboard://models`: providers, presets to start from, and the model new turns use. */
export const ModelsResourceSchema = z.object({
  providers: z.array(ProviderViewSchema),
  presets: z.array(z.object({ id: z.string(), name: z.string(), kind: ProviderKindSchema, baseUrl: z.string().optional(), needsKey: z.boolean(), hint: z.string().optional() })),
  selected: z.object({ providerId: z.string(), modelId: z.string() }).nullable(),
  /** A local Ollama answered at its default address when the host started (for the first-run screen). */
  ollamaDetected: z.boolean(),
})
export type ModelsResource = z.infer<typeof ModelsResourceSchema>

/** A content block of a tool result as shown (text, image, resource link…), already size-capped. */
export const ContentBlockViewSchema = z.record(z.string(), z.unknown())

export const ToolCallStateSchema = z.enum(['pending-approval', 'running', 'done', 'error', 'cancelled', 'denied', 'timed-out'])
export type ToolCallState = z.infer<typeof ToolCallStateSchema>

export const ToolCallViewSchema = z.object({
  callId: z.string(),
  toolName: z.string(),
  title: z.string().optional(),
  arguments: z.unknown(),
  state: ToolCallStateSchema,
  progress: z.object({ progress: z.number(), total: z.number().optional(), message: z.string().optional() }).optional(),
  result: z.object({ content: z.array(ContentBlockViewSchema), isError: z.boolean(), truncated: z.boolean().optional() }).optional(),
})
export type ToolCallView = z.infer<typeof ToolCallViewSchema>

/** One committed message; tool results are folded into the assistant message whose calls they answer. */
export const ChatMessageViewSchema = z.discriminatedUnion('role', [
  z.object({ id: z.string(), role: z.literal('user'), text: z.string(), created: z.string() }),
  z.object({
    id: z.string(),
    role: z.literal('assistant'),
    text: z.string(),
    created: z.string(),
    toolCalls: z.array(ToolCallViewSchema),
    /** The person pressed Stop; the text is what had arrived. */
    stopped: z.boolean().optional(),
    /** Why the turn ended early, in words a person can act on. */
    error: z.string().optional(),
  }),
])
export type ChatMessageView = z.infer<typeof ChatMessageViewSchema>

/** Payload of `switchboard://sessions/{id}/history`. */
export const HistoryResourceSchema = z.object({ sessionId: z.string(), messages: z.array(ChatMessageViewSchema) })
export type HistoryResource = z.infer<typeof HistoryResourceSchema>

/** Payload of `switchboard://sessions/{id}/progress`: the turn in flight, or null when idle. Updated at most every ~30 ms. */
export const ProgressResourceSchema = z.object({
  sessionId: z.string(),
  turn: z
    .object({
      turnId: z.string(),
      status: z.enum(['waiting-for-model', 'streaming', 'running-tools', 'waiting-for-approval', 'retrying']),
      text: z.string(),
      toolCalls: z.array(ToolCallViewSchema),
      /** e.g. "Rate limited; retrying in 5 s" or "40 tools available; using the extensions chosen for this session". */
      notice: z.string().optional(),
    })
    .nullable(),
})
export type ProgressResource = z.infer<typeof ProgressResourceSchema>

export const historyUri = (sessionId: string): string => `switchboard://sessions/${encodeURIComponent(sessionId)}/history`
export const progressUri = (sessionId: string): string => `switchboard://sessions/${encodeURIComponent(sessionId)}/progress`
export const HISTORY_TEMPLATE = 'switchboard://sessions/{id}/history'
export const PROGRESS_TEMPLATE = 'switchboard://sessions/{id}/progress'

const providerInput = z.object({
  id: z.string().regex(/^[a-z0-9][a-z0-9-]{0,31}$/, 'Use a short lower-case id of letters, digits and "-", e.g. "ollama" or "work-openai".'),
  kind: ProviderKindSchema,
  name: z.string().trim().min(1).max(80),
  baseUrl: z.string().url().optional(),
  models: z.array(z.string().min(1).max(200)).max(200).default([]),
})

export const ChatToolInput = {
  /** Returns at once with the session id, the turn id and a resource_link to the progress resource. */
  chat_send: z.object({ sessionId: z.string().optional(), text: z.string().trim().min(1, 'Type a message first.').max(200_000) }),
  chat_cancel: z.object({ sessionId: z.string() }),
  provider_save: z.object({ provider: providerInput }),
  provider_remove: z.object({ id: z.string() }),
  /** Lists the provider's models (from its /models where it has one) to check the address and key. */
  provider_test: z.object({ id: z.string() }),
  model_select: z.object({ providerId: z.string(), modelId: z.string().min(1) }),
} as const

export const ChatToolOutput = {
  chat_send: z.object({ sessionId: z.string(), turnId: z.string() }),
  chat_cancel: z.object({ sessionId: z.string(), cancelled: z.boolean() }),
  provider_save: ProviderViewSchema,
  provider_remove: z.object({ id: z.string() }),
  provider_test: z.object({ ok: z.boolean(), models: z.array(z.string()), error: z.string().optional() }),
  model_select: z.object({ providerId: z.string(), modelId: z.string() }),
} as const
