/**
 * Pending approvals and questions (`switchboard://elicitations`), answered with `elicitation_respond`.
 * Everything shown in the dialog comes from main; the renderer only relays the person's answer.
 */
import { z } from 'zod'
import { ToolCallSubjectSchema } from './permissionApi'

export const ApprovalDecisionSchema = z.enum(['allow_once', 'allow_always', 'deny'])
export type ApprovalDecision = z.infer<typeof ApprovalDecisionSchema>

/** What starting an extension will do: exactly what main will run or connect to. */
export const ExtensionStartSubjectSchema = z.object({
  type: z.literal('extension-start'),
  extensionType: z.enum(['stdio', 'streamable-http', 'sse']),
  command: z.string().optional(),
  args: z.array(z.string()).optional(),
  /** Names only; values (and secrets) are never shown. */
  envNames: z.array(z.string()).optional(),
  cwd: z.string().optional(),
  url: z.string().optional(),
  headerNames: z.array(z.string()).optional(),
  /** Things worth a second look (an unusual launcher, inline code flags…). */
  warnings: z.array(z.string()),
})
export type ExtensionStartSubject = z.infer<typeof ExtensionStartSubjectSchema>

/** A sampling request: an extension asks the person's model for a reply. */
export const SamplingSubjectSchema = z.object({
  type: z.literal('sampling'),
  systemPrompt: z.string().optional(),
  messages: z.array(z.object({ role: z.enum(['user', 'assistant']), text: z.string() })),
  maxTokens: z.number(),
})
export type SamplingSubject = z.infer<typeof SamplingSubjectSchema>

export const ApprovalElicitationSchema = z.object({
  kind: z.literal('approval'),
  id: z.string(),
  created: z.number(),
  origin: z.object({
    extensionId: z.string(),
    extensionName: z.string(),
    tool: z.string().optional(),
    /** The chat session a tool call came from: approvals of one turn can be reviewed together. */
    sessionId: z.string().optional(),
    /** Who started a tool call: the model, a window component, or the person by hand. */
    by: z.enum(['model', 'frontend', 'person']).optional(),
  }),
  message: z.string(),
  subject: z.discriminatedUnion('type', [ExtensionStartSubjectSchema, ToolCallSubjectSchema, SamplingSubjectSchema]),
  /** Which decisions the dialog may offer. */
  decisions: z.array(ApprovalDecisionSchema),
})
export type ApprovalElicitation = z.infer<typeof ApprovalElicitationSchema>

export const ElicitationSchema = z.discriminatedUnion('kind', [ApprovalElicitationSchema])
export type Elicitation = z.infer<typeof ElicitationSchema>

/** Payload of `switchboard://elicitations`, oldest first. */
export const ElicitationsResourceSchema = z.object({ elicitations: z.array(ElicitationSchema) })
export type ElicitationsResource = z.infer<typeof ElicitationsResourceSchema>

export const ElicitationRespondInput = z.object({
  id: z.string().min(1).max(100),
  /** Anything but `accept` denies an approval. */
  action: z.enum(['accept', 'decline', 'cancel']),
  /** For an approval: `{ decision }`. */
  content: z.record(z.string(), z.unknown()).optional(),
})
