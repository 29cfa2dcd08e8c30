/**
 * The resources-and-prompts part of the host API contract: browsing and reading an extension's
 * resources, completing template variables and prompt arguments, listing and getting prompts (the
 * composer's slash commands), and the resources attached to a conversation. Re-exported by hostApi.ts.
 */
import { z } from 'zod'

const extensionId = z.string().min(1).max(64)
const uri = z.string().min(1).max(4000)
/** Values typed into a template or prompt form, by argument name. */
const argumentValues = z.record(z.string().max(200), z.string().max(10_000))

/** Longest text of one resource sent to the renderer or the model; longer text is cut with a marker. */
export const MAX_RESOURCE_TEXT = 200_000
/** Largest blob (base64 characters) sent to the renderer; larger ones are described, not sent. */
export const MAX_RESOURCE_BLOB = 4_000_000

export const ResourceEntrySchema = z.object({
  uri: z.string(),
  name: z.string(),
  title: z.string().optional(),
  description: z.string().optional(),
  mimeType: z.string().optional(),
  size: z.number().optional(),
})
export type ResourceEntry = z.infer<typeof ResourceEntrySchema>

export const ResourceTemplateEntrySchema = z.object({
  uriTemplate: z.string(),
  name: z.string(),
  title: z.string().optional(),
  description: z.string().optional(),
  mimeType: z.string().optional(),
})
export type ResourceTemplateEntry = z.infer<typeof ResourceTemplateEntrySchema>

/** One content item of a read resource, capped: `truncated` says text was cut, `omittedBytes` that a blob was left out. */
export const ResourceContentSchema = z.object({
  uri: z.string(),
  mimeType: z.string().optional(),
  text: z.string().optional(),
  blob: z.string().optional(),
  /** Characters of text, or decoded bytes of a blob, as the server sent it. */
  size: z.number().int().nonnegative(),
  truncated: z.boolean().optional(),
  omittedBytes: z.number().int().nonnegative().optional(),
})
export type ResourceContent = z.infer<typeof ResourceContentSchema>

export const PromptArgumentSchema = z.object({ name: z.string(), description: z.string().optional(), required: z.boolean().optional() })
export type PromptArgument = z.infer<typeof PromptArgumentSchema>

/** A prompt of some extension, named `<extension>.<prompt>` (the slash command without its `/`). */
export const PromptEntrySchema = z.object({
  name: z.string(),
  extensionId: z.string(),
  promptName: z.string(),
  title: z.string().optional(),
  description: z.string().optional(),
  arguments: z.array(PromptArgumentSchema),
})
export type PromptEntry = z.infer<typeof PromptEntrySchema>

/** One message of a got prompt; `content` is an MCP content block (text, image, audio, resource…), untrusted. */
export const PromptMessageSchema = z.object({ role: z.enum(['user', 'assistant']), content: z.record(z.string(), z.unknown()) })
export type PromptMessage = z.infer<typeof PromptMessageSchema>

export const CompletionSchema = z.object({ values: z.array(z.string()), total: z.number().optional(), hasMore: z.boolean().optional() })
export type Completion = z.infer<typeof CompletionSchema>

/** A resource attached to a message: read when the message is sent, and kept fresh while attached. */
export const AttachmentRefSchema = z.object({ extensionId, uri, name: z.string().max(500).optional() })
export type AttachmentRef = z.infer<typeof AttachmentRefSchema>
export const MAX_ATTACHMENTS = 20

export const ResourceToolInput = {
  /** An extension's resources and resource templates (from the catalog; no request). */
  resource_list: z.object({ extensionId }),
  resource_read: z.object({ extensionId, uri }),
  /** completion/complete for one variable of a resource template. */
  resource_complete: z.object({ extensionId, template: z.string().min(1).max(4000), argument: z.string().min(1).max(200), value: z.string().max(1000), context: argumentValues.optional() }),
  prompt_list: z.object({}),
  prompt_get: z.object({ name: z.string().min(1).max(300), arguments: argumentValues.optional() }),
  prompt_complete: z.object({ name: z.string().min(1).max(300), argument: z.string().min(1).max(200), value: z.string().max(1000), context: argumentValues.optional() }),
  /** The resources attached to a conversation now; what is no longer listed is detached (and unsubscribed). */
  chat_attachments_set: z.object({ sessionId: z.string().min(1).max(100), attachments: z.array(AttachmentRefSchema).max(MAX_ATTACHMENTS) }),
} as const

export const ResourceToolOutput = {
  resource_list: z.object({ extensionId: z.string(), resources: z.array(ResourceEntrySchema), templates: z.array(ResourceTemplateEntrySchema) }),
  resource_read: z.object({ extensionId: z.string(), uri: z.string(), contents: z.array(ResourceContentSchema) }),
  resource_complete: CompletionSchema,
  prompt_list: z.object({ prompts: z.array(PromptEntrySchema) }),
  prompt_get: z.object({ name: z.string(), description: z.string().optional(), messages: z.array(PromptMessageSchema) }),
  prompt_complete: CompletionSchema,
  chat_attachments_set: z.object({ sessionId: z.string(), attached: z.number().int() }),
} as const

/** `<extension>.<prompt>`: how a prompt is named in the slash menu and in prompt_get. */
export const promptCommandName = (extensionId: string, promptName: string): string => `${extensionId}.${promptName}`

/** Splits `<extension>.<prompt>` at the first dot (extension ids have none). */
export function splitPromptCommand(name: string): { extensionId: string; promptName: string } | undefined {
  const dot = name.indexOf('.')
  if (dot <= 0 || dot === name.length - 1) return undefined
  return { extensionId: name.slice(0, dot), promptName: name.slice(dot + 1) }
}
