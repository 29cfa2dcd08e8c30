/**
 * Pending approvals and questions (`switchboard://elicitations`), answered with `elicitation_respond`.
 * Everything shown in the dialog comes from main; the renderer only relays the person's answer.
 */
import { z } from 'zod'
import { ToolCallSubjectSchema } from './permissionApi'
import { ConnectedAppSubjectSchema } from './connectedAppsApi'
import { CallerSchema } from './callerKind'

/** `allow_conversation`: a tool call the guard after outside content asked for, allowed for the rest of its conversation. */
/** `allow_session`: allowed for the rest of this session, across restarts, for this definition of the tool. */
export const ApprovalDecisionSchema = z.enum(['allow_once', 'allow_always', 'allow_conversation', 'allow_session', 'deny'])
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
  /** Every keychain secret the extension will receive, by name (never a value); part of what an approval covers. */
  secretNames: z.array(z.string()).optional(),
  /** Remote servers: how signing in will go, in one sentence (absent when the person sends their own token). */
  signIn: z.string().optional(),
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
  /** When an unanswered request is refused (ISO 8601). */
  expiresAt: z.string().optional(),
})
export type SamplingSubject = z.infer<typeof SamplingSubjectSchema>

/** A new hook (or one whose target changed): its target tool will get every payload of its event. */
export const HookSubjectSchema = z.object({
  type: z.literal('hook'),
  hookName: z.string(),
  event: z.string(),
  /** The namespaced tool name main will call. */
  target: z.string(),
  toolTitle: z.string().optional(),
  toolDescription: z.string().optional(),
  /** The hook only observes: it runs alongside the step and can neither refuse nor change anything. */
  observeOnly: z.boolean(),
  /** In words: what the target will see, e.g. "every tool call's name and arguments". */
  sees: z.string(),
  /** A command hook: the exact command line that will run, the folder it runs in, and launch warnings. */
  command: z.object({ line: z.string(), cwd: z.string(), source: z.string(), warnings: z.array(z.string()) }).optional(),
})
export type HookSubject = z.infer<typeof HookSubjectSchema>

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
    /** Who asks (the person, the model, a sub-agent, a connected app, an App, a hook, a routine, an extension): every dialog names it. */
    caller: CallerSchema,
  }),
  message: z.string(),
  subject: z.discriminatedUnion('type', [ExtensionStartSubjectSchema, ToolCallSubjectSchema, SamplingSubjectSchema, HookSubjectSchema, ConnectedAppSubjectSchema]),
  /** Which decisions the dialog may offer. */
  decisions: z.array(ApprovalDecisionSchema),
})
export type ApprovalElicitation = z.infer<typeof ApprovalElicitationSchema>

/** One choice of a select field: the value sent back, and what the person reads. */
export const FormOptionSchema = z.object({ value: z.string(), label: z.string() })
export type FormOption = z.infer<typeof FormOptionSchema>

const fieldBase = {
  /** The property name the answer uses. */
  name: z.string(),
  /** The label (the schema's title, else the name). */
  title: z.string(),
  description: z.string().optional(),
  required: z.boolean(),
}

/** One field of a form question, as main read it from the server's restricted schema. */
export const FormFieldSchema = z.discriminatedUnion('type', [
  z.object({
    ...fieldBase,
    type: z.literal('string'),
    format: z.enum(['email', 'uri', 'date', 'date-time']).optional(),
    minLength: z.number().optional(),
    maxLength: z.number().optional(),
    default: z.string().optional(),
  }),
  z.object({ ...fieldBase, type: z.literal('number'), integer: z.boolean(), minimum: z.number().optional(), maximum: z.number().optional(), default: z.number().optional() }),
  z.object({ ...fieldBase, type: z.literal('boolean'), default: z.boolean().optional() }),
  z.object({ ...fieldBase, type: z.literal('select'), options: z.array(FormOptionSchema), default: z.string().optional() }),
  z.object({
    ...fieldBase,
    type: z.literal('multiselect'),
    options: z.array(FormOptionSchema),
    minItems: z.number().optional(),
    maxItems: z.number().optional(),
    default: z.array(z.string()).optional(),
  }),
])
export type FormField = z.infer<typeof FormFieldSchema>

const questionBase = {
  id: z.string(),
  created: z.number(),
  /** When an unanswered question is cancelled (ISO 8601). */
  expiresAt: z.string(),
  origin: z.object({ extensionId: z.string(), extensionName: z.string() }),
  /** The extension's own words: untrusted text, shown as text. */
  message: z.string(),
}

/** A question from an extension (elicitation, form mode): a form generated from its restricted schema. */
export const FormElicitationSchema = z.object({ ...questionBase, kind: z.literal('form'), fields: z.array(FormFieldSchema) })
export type FormElicitation = z.infer<typeof FormElicitationSchema>

/** A question from an extension (elicitation, URL mode): a page to open in the browser, only if the person clicks. */
export const UrlElicitationSchema = z.object({
  ...questionBase,
  kind: z.literal('url'),
  /** The full URL exactly as it will be opened. */
  url: z.string(),
  /** Parsed in main, shown emphasized so the person sees where the link really goes. */
  scheme: z.string(),
  host: z.string(),
  /** Things worth a second look (not https, an address that is an IP…). */
  warnings: z.array(z.string()),
})
export type UrlElicitation = z.infer<typeof UrlElicitationSchema>

/** Opens a link in the system browser (Electron only: the opener is injected by the shell; in browser mode the page opens it itself). */
export const QuestionToolInput = {
  open_external: z.object({ url: z.string().min(1).max(4096) }),
} as const
export const QuestionToolOutput = {
  /** `opened: false` when this host has no system browser to hand links to (browser mode). */
  open_external: z.object({ opened: z.boolean() }),
} as const

/** Every pending item: approvals, and questions from extensions (form and URL mode). */
export const ElicitationSchema = z.discriminatedUnion('kind', [ApprovalElicitationSchema, FormElicitationSchema, UrlElicitationSchema])
export type Elicitation = z.infer<typeof ElicitationSchema>

/** Payload of `switchboard://elicitations`, oldest first. */
export const ElicitationsResourceSchema = z.object({ elicitations: z.array(ElicitationSchema) })
export type ElicitationsResource = z.infer<typeof ElicitationsResourceSchema>

export const ElicitationRespondInput = z.object({
  id: z.string().min(1).max(100),
  /** Anything but `accept` denies an approval. */
  action: z.enum(['accept', 'decline', 'cancel']),
  /** For an approval: `{ decision }`, and optionally `callId` (a tool call's): refused unless the approval is for that call. */
  content: z.record(z.string(), z.unknown()).optional(),
})
