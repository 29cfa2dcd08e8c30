/**
 * The stored message format of a session file (`<dataDir>/sessions/<id>.jsonl`, one JSON object per
 * line). Every line carries `v` so a later version can migrate old files line by line instead of
 * refusing them; a line this version cannot read is skipped and reported, never fatal.
 */
import { z } from 'zod'
import { TokenFiguresSchema, TokenUsageSchema } from '../../../shared/chatApi'
import { HookChangeSchema } from '../../../shared/hooksApi'
import { ProvenanceSchema } from '../../../shared/provenanceApi'

/** The version this code writes. Readers accept every version listed in StoredMessageSchema. */
export const STORED_MESSAGE_VERSION = 1

/** How a tool call ended, as stored and as shown on the tool card. */
export const ToolResultStatusSchema = z.enum(['ok', 'error', 'denied', 'cancelled', 'timed-out'])
export type ToolResultStatus = z.infer<typeof ToolResultStatusSchema>

/**
 * Why a tool result is an error. The first four are the model's to fix (it reads them and tries
 * again); `extension-unavailable` ends the turn, because only the person can fix it.
 */
export const ToolErrorKindSchema = z.enum(['unknown-tool', 'invalid-arguments', 'tool-error', 'timed-out', 'denied', 'cancelled', 'extension-unavailable'])
export type ToolErrorKind = z.infer<typeof ToolErrorKindSchema>

/**
 * MCP content blocks (text, image, audio, resource_link, resource) kept as the server sent them,
 * after the size cap. Only `type` is checked: the renderer and the model conversion switch on it and
 * treat an unknown type as unknown, so a block from a newer MCP revision never makes a line unreadable.
 */
export const StoredContentBlockSchema = z.looseObject({ type: z.string() })
export type StoredContentBlock = z.infer<typeof StoredContentBlockSchema>

const common = {
  v: z.literal(STORED_MESSAGE_VERSION),
  id: z.string().min(1),
  /** ISO time of the commit. */
  at: z.iso.datetime(),
}
/** The turn that produced a message; user messages start a turn and carry its id too. */
const turnId = z.string().min(1)
/** The mutation trail: what hooks changed in this message before the model (or the tool) got it. */
const hookChanges = z.array(HookChangeSchema).optional()
/**
 * Where the content came from and whether it is outside content (shared/provenanceApi.ts). Absent in
 * lines written before it existed: those are read with today's settings (agent/provenance.ts).
 */
const provenance = ProvenanceSchema.optional()

export const StoredToolCallSchema = z.object({
  /** The model's tool-call id; the tool result names it. */
  callId: z.string().min(1),
  /** The namespaced catalog name the model used (`<extension>__<tool>`), even when no such tool exists. */
  name: z.string(),
  /** What the model sent: normally an object; the raw text when it was not valid JSON. */
  arguments: z.unknown(),
})
export type StoredToolCall = z.infer<typeof StoredToolCallSchema>

/**
 * A resource that was attached to a user message, as the model got it. Only what identifies it and
 * how much of it the model read are kept, never its content: sessions stay small, and the content
 * can be read again from the extension while it is installed.
 */
export const StoredAttachmentSchema = z.object({
  extensionId: z.string().min(1),
  uri: z.string().min(1),
  /** The name (or title) the person saw on the chip. */
  name: z.string().optional(),
  mimeType: z.string().optional(),
  /** Characters of resource text given to the model (after the size cap); binary content counts 0. */
  size: z.number().int().nonnegative(),
  /** The text was cut at the size cap before the model got it. */
  truncated: z.boolean().optional(),
  /** Why it could not be read; the model was told so instead of getting its content. */
  error: z.string().optional(),
  provenance,
})
export type StoredAttachment = z.infer<typeof StoredAttachmentSchema>

/** `attachments` is optional: lines written before it existed (and messages without any) load unchanged. */
export const UserMessageSchema = z.object({
  ...common,
  kind: z.literal('user'),
  turnId,
  text: z.string(),
  attachments: z.array(StoredAttachmentSchema).optional(),
  /** Who wrote it when not the person: an MCP App's ui/message ("App of <extension>"). */
  from: z.string().max(200).optional(),
  /** `text` as the window shows it, when that differs: an App's message whose hidden characters the model never got (escaped here). */
  shown: z.string().optional(),
  hookChanges,
  /** A hook refused the message: it is kept for the person, and never given to the model. */
  refusedBy: z.object({ hook: z.string(), reason: z.string() }).optional(),
  provenance,
})

/**
 * One model step's reply: its text and the tool calls it asked for. `end` says whether the step
 * finished (`complete`), was stopped by the person (`stopped`: the text is what had arrived), or
 * broke off on an error (`failed`; the notice after it says why).
 */
export const AssistantMessageSchema = z.object({
  ...common,
  kind: z.literal('assistant'),
  turnId,
  step: z.number().int().positive(),
  text: z.string(),
  toolCalls: z.array(StoredToolCallSchema),
  end: z.enum(['complete', 'stopped', 'failed']),
  /** What the request for this step weighed (absent in lines written before it existed). */
  tokens: TokenFiguresSchema.optional(),
  /** What model-request hooks changed in the request this step sent. */
  hookChanges,
  /** The model that wrote it (its id at the provider), shown on the reply. */
  model: z.string().max(200).optional(),
  /** What the provider counted for this step's request and reply (absent when it sent no usage). */
  usage: TokenUsageSchema.optional(),
  /** The agent that answered (absent in lines written before agents existed: the Assistant). */
  agent: z.object({ id: z.string(), name: z.string() }).optional(),
  /** How this step offered tools: all directly, or found by search (absent in lines written before "auto" existed). */
  toolsOffered: z.enum(['all', 'search']).optional(),
})

/** Where the untruncated result went when `content` had to be cut (docs/architecture.md §9 F10). */
export const TruncationSchema = z.object({
  /** Characters (text) and base64 characters (binary) of the original content. */
  originalSize: z.number().int().nonnegative(),
  /** File name of the full result inside `<id>.results/`, when it was kept. */
  fullResultFile: z.string().optional(),
})

export const ToolResultMessageSchema = z.object({
  ...common,
  kind: z.literal('tool-result'),
  turnId,
  callId: z.string().min(1),
  name: z.string(),
  status: ToolResultStatusSchema,
  errorKind: ToolErrorKindSchema.optional(),
  content: z.array(StoredContentBlockSchema),
  structuredContent: z.unknown().optional(),
  truncated: TruncationSchema.optional(),
  /** What tool-call hooks changed in the arguments and tool-result hooks in the result. */
  hookChanges,
  /**
   * The arguments the call went ahead with — the ones the person was asked about and the tool ran
   * with — when tool-call hooks changed them. The call on the reply keeps the model's own arguments
   * (its history never changes under it); absent when the call went ahead as the model made it.
   */
  ranArguments: z.record(z.string(), z.unknown()).optional(),
  provenance,
})

/** Something the person must be told about a turn: the tools were over the limit, "auto" changed how tools are offered, the step limit, a hook's warning, or why it failed. Never sent to the model. */
export const NoticeMessageSchema = z.object({
  ...common,
  kind: z.literal('notice'),
  turnId,
  /** `routine`: a routine's unattended run ended early (a cap, an approval nobody answered). */
  reason: z.enum(['tool-limit', 'tool-offer', 'step-limit', 'turn-failed', 'hook', 'routine']),
  text: z.string(),
  /** For `turn-failed`: the classified error (e.g. `auth`, `network`, `extension-unavailable`). */
  errorKind: z.string().optional(),
})

/**
 * Regenerate and edit-and-resend: the messages from `from` (inclusive) up to this line are set aside.
 * They stay in the file, but the window and the model no longer see them (setAside.ts); the turn
 * that follows (same turnId) writes the new reply.
 */
export const RewindMessageSchema = z.object({
  ...common,
  kind: z.literal('rewind'),
  turnId,
  from: z.string().min(1),
  reason: z.enum(['regenerate', 'edit']),
})

/**
 * Older turns summarised because the conversation grew past the model's context window
 * (compaction.ts): the model gets this summary instead of the messages up to and including `upTo`.
 * Those messages stay in the file and in the window.
 */
export const SummaryMessageSchema = z.object({
  ...common,
  kind: z.literal('summary'),
  turnId,
  text: z.string(),
  upTo: z.string().min(1),
  /** Messages it stands for, and what they and the summary weigh (tokenizer estimate). */
  covered: z.number().int().positive(),
  tokensBefore: z.number().int().nonnegative(),
  tokensAfter: z.number().int().nonnegative(),
  model: z.string().max(200).optional(),
  usage: TokenUsageSchema.optional(),
  /** The outside content of the messages it stands for (`from` is the model that wrote it): the guard still sees it. */
  provenance,
})

export const StoredMessageSchema = z.discriminatedUnion('kind', [UserMessageSchema, AssistantMessageSchema, ToolResultMessageSchema, NoticeMessageSchema, RewindMessageSchema, SummaryMessageSchema])

export type UserMessage = z.infer<typeof UserMessageSchema>
export type AssistantMessage = z.infer<typeof AssistantMessageSchema>
export type ToolResultMessage = z.infer<typeof ToolResultMessageSchema>
export type NoticeMessage = z.infer<typeof NoticeMessageSchema>
export type RewindMessage = z.infer<typeof RewindMessageSchema>
export type SummaryMessage = z.infer<typeof SummaryMessageSchema>
export type StoredMessage = z.infer<typeof StoredMessageSchema>

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never
/** A message before it is committed: the store adds `v`, `id` and `at`. */
export type MessageDraft = DistributiveOmit<StoredMessage, 'v' | 'id' | 'at'>
