/**
 * The chat part of the host API contract: model providers, sending and cancelling, committed history
 * and the turn in flight. Re-exported by hostApi.ts.
 */
import { z } from 'zod'
import { ProvenanceSchema } from './provenanceApi'
import { AttachmentRefSchema, MAX_ATTACHMENTS } from './resourceApi'
import { HookChangeSchema } from './hooksApi'

/** What hooks changed in a message or tool call before the model (or the tool) got it (docs/guide/hooks.md). */
const hookChanges = z.array(HookChangeSchema).optional()

export const ProviderKindSchema = z.enum(['anthropic', 'openai', 'openai-compatible'])

/**
 * Which OpenAI API an `openai` provider calls: the Responses API, or Chat Completions. Absent means
 * Chat Completions (what providers saved before the choice existed use); the form picks Responses
 * for new OpenAI providers.
 */
export const OpenAIApiSchema = z.enum(['responses', 'chat-completions'])
export type OpenAIApi = z.infer<typeof OpenAIApiSchema>

/** A model provider as configured in Settings → Models & keys; its key is the secret `provider:<id>`. */
/**
 * One model's own settings, where its provider takes them: the sampling temperature and the most
 * tokens a reply may have. Absent fields use the defaults (the provider's; for Anthropic models the
 * limit the Anthropic API lists for the model).
 */
export const ModelSettingsSchema = z.object({
  temperature: z.number().min(0).max(2).optional(),
  maxOutputTokens: z.number().int().min(1).max(1_000_000).optional(),
})
export type ModelSettings = z.infer<typeof ModelSettingsSchema>
/** Model id → its settings. */
export const ModelSettingsMapSchema = z.record(z.string().min(1).max(200), ModelSettingsSchema)

export const ProviderViewSchema = z.object({
  id: z.string(),
  kind: ProviderKindSchema,
  name: z.string(),
  baseUrl: z.string().optional(),
  models: z.array(z.string()),
  /** Whether the key secret is set (never its value); absent when the provider needs no key (Ollama). */
  keySet: z.boolean().optional(),
  /** Per-model temperature and output limit, for the models that have any. */
  modelSettings: ModelSettingsMapSchema.optional(),
  /** OpenAI providers only: the API it calls (absent: Chat Completions). */
  api: OpenAIApiSchema.optional(),
})
export type ProviderView = z.infer<typeof ProviderViewSchema>

/** Payload of `switchboard://models`: providers, presets to start from, and the model new turns use. */
export const ModelsResourceSchema = z.object({
  providers: z.array(ProviderViewSchema),
  presets: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      kind: ProviderKindSchema,
      baseUrl: z.string().optional(),
      needsKey: z.boolean(),
      hint: z.string().optional(),
      /** Where to get a key, and what one looks like (the key field's hint and placeholder). */
      keyHint: z.string().optional(),
      keyPlaceholder: z.string().optional(),
      /** A model id it serves, for the model field's placeholder. */
      modelExample: z.string().optional(),
    }),
  ),
  selected: z.object({ providerId: z.string(), modelId: z.string() }).nullable(),
  /** A local Ollama answered at its default address when the host started (for the first-run screen). */
  ollamaDetected: z.boolean(),
})
export type ModelsResource = z.infer<typeof ModelsResourceSchema>

/** A content block of a tool result as shown (text, image, resource link…), already size-capped. */
export const ContentBlockViewSchema = z.record(z.string(), z.unknown())

/** `writing`: the model is still writing the arguments (shown as far as they have arrived). */
export const ToolCallStateSchema = z.enum(['writing', 'pending-approval', 'running', 'done', 'error', 'cancelled', 'denied', 'timed-out'])
export type ToolCallState = z.infer<typeof ToolCallStateSchema>

export const ToolCallViewSchema = z.object({
  callId: z.string(),
  toolName: z.string(),
  title: z.string().optional(),
  /** What the call went ahead with: the model's arguments, or what tool-call hooks made of them. */
  arguments: z.unknown(),
  /** The model's own arguments, when hooks changed them (then `arguments` is what ran). */
  modelArguments: z.unknown().optional(),
  state: ToolCallStateSchema,
  progress: z.object({ progress: z.number(), total: z.number().optional(), message: z.string().optional() }).optional(),
  result: z
    .object({
      content: z.array(ContentBlockViewSchema),
      isError: z.boolean(),
      truncated: z.boolean().optional(),
      /** The tool's structured output, already checked against its outputSchema (shown as a table or tree). */
      structuredContent: z.unknown().optional(),
    })
    .optional(),
  hookChanges,
  /** Where the result came from and whether it is outside content (shown on hover: "From GitHub — outside content"). */
  provenance: ProvenanceSchema.optional(),
})
export type ToolCallView = z.infer<typeof ToolCallViewSchema>

/** A resource that was attached to a sent message: what it was and how much text the model got (never its content). */
export const MessageAttachmentViewSchema = z.object({
  extensionId: z.string(),
  uri: z.string(),
  name: z.string().optional(),
  mimeType: z.string().optional(),
  /** Characters of text the model got. */
  size: z.number(),
  truncated: z.boolean().optional(),
  /** Why it could not be read when the message was sent. */
  error: z.string().optional(),
  /** Which extension (or App) it came from and whether that is outside content. */
  provenance: ProvenanceSchema.optional(),
})
export type MessageAttachmentView = z.infer<typeof MessageAttachmentViewSchema>

/**
 * Token weight of one model request, counted with a real tokenizer (`tokenizer` names it, e.g.
 * "o200k"): an estimate, since each vendor's own tokenizer differs somewhat.
 */
export const TokenFiguresSchema = z.object({
  tokenizer: z.string(),
  /** Tokens of the tool definitions sent with the request. */
  toolDefinitions: z.number().int().nonnegative(),
  /** Tokens of the whole request: instructions, conversation and tool definitions. */
  request: z.number().int().nonnegative(),
})
export type TokenFigures = z.infer<typeof TokenFiguresSchema>

/** Tokens the provider counted (its usage data): the request's input and the reply's output. */
export const TokenUsageSchema = z.object({
  input: z.number().int().nonnegative(),
  output: z.number().int().nonnegative(),
  /** Part of `input` read from the provider's prompt cache, when it says. */
  cachedInput: z.number().int().nonnegative().optional(),
})
export type TokenUsage = z.infer<typeof TokenUsageSchema>

/**
 * A row of the model table (Settings → Models & keys): a model id or the start of one, its context
 * window in tokens and its prices in US dollars per million tokens. Absent fields fall back to the
 * shipped row for the same model.
 */
export const ModelFactsRowSchema = z.object({
  model: z.string().trim().min(1, 'Name the model (or the start of its id).').max(200),
  contextWindow: z.number().int().min(1000).max(100_000_000).optional(),
  inputPrice: z.number().nonnegative().max(10_000).optional(),
  outputPrice: z.number().nonnegative().max(10_000).optional(),
})
export type ModelFactsRow = z.infer<typeof ModelFactsRowSchema>

/** Usage with its cost in US dollars, when the model's prices are known (Settings → Models & keys → Prices). */
export const UsageViewSchema = TokenUsageSchema.extend({ cost: z.number().nonnegative().optional() })
export type UsageView = z.infer<typeof UsageViewSchema>

/** One committed message; tool results are folded into the assistant message whose calls they answer. */
export const ChatMessageViewSchema = z.discriminatedUnion('role', [
  z.object({
    id: z.string(),
    role: z.literal('user'),
    text: z.string(),
    created: z.string(),
    attachments: z.array(MessageAttachmentViewSchema).optional(),
    /** Who wrote it when not the person, e.g. "App of Weather" (an MCP App's ui/message). */
    from: z.string().optional(),
    /** Where it came from (the person, a connected app, a routine, a calling agent) and the outside content it carries. */
    provenance: ProvenanceSchema.optional(),
    hookChanges,
    /** A hook refused it: kept here, never given to the model. */
    refusedBy: z.object({ hook: z.string(), reason: z.string() }).optional(),
  }),
  z.object({
    id: z.string(),
    role: z.literal('assistant'),
    text: z.string(),
    created: z.string(),
    /** The turn and model step that wrote it (absent on notices): the progress names the step in flight the same way. */
    turnId: z.string().optional(),
    step: z.number().int().positive().optional(),
    toolCalls: z.array(ToolCallViewSchema),
    /** The person pressed Stop; the text is what had arrived. */
    stopped: z.boolean().optional(),
    /** The reply broke off mid-stream (the model or the connection failed); the text is what had arrived. */
    cutOff: z.boolean().optional(),
    /** Why the turn ended early, in words a person can act on. */
    error: z.string().optional(),
    /** What the request that produced this step weighed (absent on notices and older messages). */
    tokens: TokenFiguresSchema.optional(),
    /** Something about the turn worth knowing, e.g. that it had more tools than a model is offered at once, or that "auto" now offers tools differently. */
    note: z.object({ kind: z.enum(['tool-limit', 'tool-offer', 'hook']), text: z.string() }).optional(),
    /** What model-request hooks changed in the request of this step. */
    hookChanges,
    /** The model that wrote it. */
    model: z.string().optional(),
    /** Tokens the provider counted for this step, with the cost when the model's prices are known. */
    usage: UsageViewSchema.optional(),
    /** Older turns were summarised for the model here (the messages stay shown above). */
    summary: z.object({ text: z.string(), covered: z.number(), tokensBefore: z.number(), tokensAfter: z.number(), provenance: ProvenanceSchema.optional() }).optional(),
    /** The agent that wrote it. */
    agent: z.object({ id: z.string(), name: z.string() }).optional(),
  }),
])
export type ChatMessageView = z.infer<typeof ChatMessageViewSchema>

/** A conversation's usage so far (every reply and summary, also replies that were regenerated away). */
export const ConversationUsageSchema = UsageViewSchema.extend({
  /** Some replies came from a model without known prices: `cost` leaves them out. */
  unpriced: z.boolean(),
})
export type ConversationUsage = z.infer<typeof ConversationUsageSchema>

/**
 * Payload of `switchboard://sessions/{id}/history`: one page of the conversation, the newest one
 * unless the URI asks for another (historyPageApi.ts). Usage and `total` are of the whole conversation.
 */
export const HistoryResourceSchema = z.object({
  sessionId: z.string(),
  messages: z.array(ChatMessageViewSchema),
  usage: ConversationUsageSchema.optional(),
  /** Where the page's first message stands in the whole conversation (0: the oldest). */
  offset: z.number().int().nonnegative(),
  /** How many messages the whole conversation has (as this resource counts them, tool results folded in). */
  total: z.number().int().nonnegative(),
  /** There are messages before this page (`offset` > 0) / after it. */
  hasOlder: z.boolean(),
  hasNewer: z.boolean(),
  /** The id of the message just before the page: a reader holding older pages checks that they still join on. */
  precedingId: z.string().optional(),
})
export type HistoryResource = z.infer<typeof HistoryResourceSchema>

/** Payload of `switchboard://sessions/{id}/progress`: the turn in flight, or null when idle. Updated at most every ~30 ms. */
export const ProgressResourceSchema = z.object({
  sessionId: z.string(),
  turn: z
    .object({
      turnId: z.string(),
      /** The model step in flight; its committed message in the history carries the same turnId and step. */
      step: z.number().int().positive(),
      status: z.enum(['waiting-for-model', 'streaming', 'running-tools', 'waiting-for-approval', 'retrying']),
      /** The step's text so far; with `textFrom`, only the part from that offset on (see progressSinceUri). */
      text: z.string(),
      textFrom: z.number().int().nonnegative().optional(),
      toolCalls: z.array(ToolCallViewSchema),
      /** e.g. "Rate limited; retrying in 5 s". */
      notice: z.string().optional(),
    })
    .nullable(),
})
export type ProgressResource = z.infer<typeof ProgressResourceSchema>

export const historyUri = (sessionId: string): string => `switchboard://sessions/${encodeURIComponent(sessionId)}/history`
export const progressUri = (sessionId: string): string => `switchboard://sessions/${encodeURIComponent(sessionId)}/progress`
export const HISTORY_TEMPLATE = 'switchboard://sessions/{id}/history'
export const PROGRESS_TEMPLATE = 'switchboard://sessions/{id}/progress'

/** What a reader of the progress already holds: the text of this turn's step up to `length`. */
export interface ProgressSince {
  turnId: string
  step: number
  length: number
}

/**
 * The progress resource, read by someone who holds the text of `since`: when the turn and step are
 * still the same, the reply carries only the text after it (`textFrom` = `since.length`), so a long
 * reply does not cost its whole text on every update; otherwise the whole text, as without `since`.
 */
export const progressSinceUri = (sessionId: string, since: ProgressSince): string =>
  `${progressUri(sessionId)}?since=${encodeURIComponent(`${since.step}.${since.length}.${since.turnId}`)}`
export const PROGRESS_SINCE_TEMPLATE = 'switchboard://sessions/{id}/progress{?since}'

/** The `since` of a progressSinceUri (decoded); undefined when it is not one. */
export function parseProgressSince(value: string): ProgressSince | undefined {
  const match = /^(\d{1,6})\.(\d{1,12})\.(.+)$/.exec(value)
  return match ? { step: Number(match[1]), length: Number(match[2]), turnId: match[3]! } : undefined
}

const providerInput = z.object({
  id: z.string().regex(/^[a-z0-9][a-z0-9-]{0,31}$/, 'Use a short lower-case id of letters, digits and "-", e.g. "ollama" or "work-openai".'),
  kind: ProviderKindSchema,
  name: z.string().trim().min(1).max(80),
  baseUrl: z.string().url().optional(),
  models: z.array(z.string().min(1).max(200)).max(200).default([]),
  modelSettings: ModelSettingsMapSchema.optional(),
  /** OpenAI providers only (see OpenAIApiSchema). */
  api: OpenAIApiSchema.optional(),
})

/** One message found by chat_search: where it is, and the text around the match with the matched words marked. */
export const SearchResultSchema = z.object({
  sessionId: z.string(),
  sessionTitle: z.string(),
  messageId: z.string(),
  role: z.enum(['user', 'assistant']),
  /** When the message was committed (ISO). */
  at: z.string(),
  /** About 160 characters of the message around the best match, with "…" where it was cut. */
  snippet: z.string(),
  /** [start, end) offsets in `snippet` of the words that matched. */
  matches: z.array(z.tuple([z.number().int().nonnegative(), z.number().int().nonnegative()])),
})
export type SearchResult = z.infer<typeof SearchResultSchema>

export const ExportFormatSchema = z.enum(['markdown', 'json'])
export type ExportFormat = z.infer<typeof ExportFormatSchema>

export const ChatToolInput = {
  /** Returns at once with the session id, the turn id and a resource_link to the progress resource. */
  chat_send: z.object({
    sessionId: z.string().optional(),
    text: z.string().trim().min(1, 'Type a message first.').max(200_000),
    /** Resources given to the model as context with this message, and kept attached (and fresh) for the next ones. */
    attachments: z.array(AttachmentRefSchema).max(MAX_ATTACHMENTS).optional(),
  }),
  /** Writes the last reply again (what followed the person's last message is set aside, kept in the file); returns like chat_send. */
  chat_regenerate: z.object({ sessionId: z.string() }),
  /** Edit and resend the person's last message (`messageId`): it and what followed are set aside, `text` is sent instead; returns like chat_send. */
  chat_edit: z.object({ sessionId: z.string(), messageId: z.string().min(1), text: z.string().trim().min(1, 'Type a message first.').max(200_000) }),
  chat_cancel: z.object({ sessionId: z.string() }),
  /** Full-text search over every conversation (the person's messages and the replies), best match first. */
  chat_search: z.object({
    query: z.string().trim().min(1, 'Type something to search for.').max(500),
    limit: z.number().int().min(1).max(200).optional(),
    /** Results to skip: the next page of a search (`hasMore`). */
    offset: z.number().int().min(0).max(100_000).optional(),
  }),
  /**
   * A conversation as Markdown or JSON: the text comes back; with `save` (the app window), main also
   * asks where to save it in the system dialog and writes it there.
   */
  chat_export: z.object({ sessionId: z.string(), format: ExportFormatSchema, save: z.boolean().optional() }),
  provider_save: z.object({ provider: providerInput }),
  provider_remove: z.object({ id: z.string() }),
  /** Lists the provider's models (from its /models where it has one) to check the address and key. */
  provider_test: z.object({ id: z.string() }),
  /** The same check for a provider not saved yet; `key`, when given, is used for this request only and never stored. */
  provider_try: z.object({ provider: providerInput, key: z.string().max(10_000).optional() }),
  model_select: z.object({ providerId: z.string(), modelId: z.string().min(1) }),
} as const

export const ChatToolOutput = {
  chat_send: z.object({ sessionId: z.string(), turnId: z.string() }),
  chat_regenerate: z.object({ sessionId: z.string(), turnId: z.string() }),
  chat_edit: z.object({ sessionId: z.string(), turnId: z.string() }),
  chat_cancel: z.object({ sessionId: z.string(), cancelled: z.boolean() }),
  chat_search: z.object({
    results: z.array(SearchResultSchema),
    /** The index is still taking in conversations written before it existed (or it is being rebuilt): more may be found soon. */
    catchingUp: z.boolean().optional(),
    /** More results follow: ask again with `offset`. */
    hasMore: z.boolean().optional(),
    /** "relevance": best match first; "newest": the words are in most messages, so the newest come first. */
    order: z.enum(['relevance', 'newest']).optional(),
  }),
  /** `saved`: the file written; `cancelled`: the dialog was closed; `unavailable`: no dialog here (browser mode: the window downloads `text`). */
  chat_export: z.object({
    fileName: z.string(),
    mimeType: z.string(),
    text: z.string(),
    saved: z.union([z.object({ path: z.string() }), z.object({ cancelled: z.literal(true) }), z.object({ unavailable: z.literal(true) })]).optional(),
  }),
  provider_save: ProviderViewSchema,
  provider_remove: z.object({ id: z.string() }),
  /** `added`: the server's only model, added to a provider that had none. */
  provider_test: z.object({ ok: z.boolean(), models: z.array(z.string()), error: z.string().optional(), added: z.string().optional() }),
  provider_try: z.object({ ok: z.boolean(), models: z.array(z.string()), error: z.string().optional() }),
  model_select: z.object({ providerId: z.string(), modelId: z.string() }),
} as const
