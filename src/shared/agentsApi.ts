/**
 * The agents part of the host API contract (docs/guide/agents-and-connected-apps.md). An agent is a name,
 * instructions, a model (or the selected one), the extensions it may use and an optional permission
 * mode. Each agent is served as the builtin extension `agent-<id>` whose one tool is
 * `chat-with-<id>`; agents call agents through those tools. Re-exported by hostApi.ts.
 */
import { z } from 'zod'
import { PermissionModeSchema } from './permissionApi'

export const AGENTS_URI = 'switchboard://agents'

/** The agent every session runs with until the person picks another; it can be changed, never removed. */
export const DEFAULT_AGENT_ID = 'assistant'
export const DEFAULT_AGENT_NAME = 'Assistant'

/** How deep sub-agents nest: Assistant → A → B → C is three deep; C cannot call a fourth. */
export const AGENT_DEPTH_LIMIT = 3

/** Agent ids are short slugs, so `agent-<id>__chat-with-<id>` stays within the 64 characters every provider accepts for a tool name. */
export const MAX_AGENT_ID_LENGTH = 20
export const AgentIdSchema = z
  .string()
  .min(1)
  .max(MAX_AGENT_ID_LENGTH)
  .regex(/^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/, 'An agent id is a slug: lowercase letters, digits and single dashes')

/** The slug of a name: "Code Reviewer" → "code-reviewer" (empty when the name has no letters or digits). */
export function agentSlug(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, MAX_AGENT_ID_LENGTH)
    .replace(/-+$/g, '')
}

/** The builtin extension that serves an agent. */
export const agentExtensionId = (agentId: string): string => `agent-${agentId}`
/** The agent's one tool, as its server names it (the catalog prefixes the extension id). */
export const agentToolName = (agentId: string): string => `chat-with-${agentId}`
/** The agent id of an agent extension id, or undefined for any other extension. */
export function agentIdOfExtension(extensionId: string): string | undefined {
  return extensionId.startsWith('agent-') ? extensionId.slice('agent-'.length) : undefined
}

/** A model chosen for an agent; absent (null) means whichever model is selected when it runs. */
export const AgentModelSchema = z.object({ providerId: z.string().min(1).max(64), modelId: z.string().min(1).max(200) })
export type AgentModel = z.infer<typeof AgentModelSchema>

/** "all": every extension except other agents (agents are always chosen by name); or the chosen extension ids. */
export const AgentExtensionsSchema = z.union([z.literal('all'), z.array(z.string().min(1).max(64)).max(200)])
export type AgentExtensions = z.infer<typeof AgentExtensionsSchema>

/** One agent as stored in agents.json. */
export const AgentSchema = z.object({
  id: AgentIdSchema,
  name: z.string().trim().min(1, 'An agent needs a name').max(60),
  /** What the agent is for: the description other agents see on its chat-with tool. */
  description: z.string().max(500).default(''),
  /** The system prompt of its turns (before the session's own instructions). */
  instructions: z.string().max(20_000).default(''),
  model: AgentModelSchema.nullable().default(null),
  extensions: AgentExtensionsSchema.default('all'),
  /** Replaces the global permission mode in this agent's turns; absent = the global mode. */
  permissionMode: PermissionModeSchema.optional(),
})
export type Agent = z.infer<typeof AgentSchema>

export const AgentViewSchema = AgentSchema.extend({
  extensionId: z.string(),
  /** The namespaced catalog name of its chat-with tool. */
  toolName: z.string(),
  removable: z.boolean(),
})
export type AgentView = z.infer<typeof AgentViewSchema>

/** Payload of `switchboard://agents`: the default agent first, then by name. */
export const AgentsResourceSchema = z.object({ agents: z.array(AgentViewSchema), defaultAgentId: z.string(), depthLimit: z.number().int().positive() })
export type AgentsResource = z.infer<typeof AgentsResourceSchema>

const AgentInputSchema = z.object({
  /** Absent: a new agent, whose id is the slug of its name. Its id never changes after that. */
  id: AgentIdSchema.optional(),
  name: AgentSchema.shape.name,
  description: z.string().max(500).optional(),
  instructions: z.string().max(20_000).optional(),
  model: AgentModelSchema.nullable().optional(),
  extensions: AgentExtensionsSchema.optional(),
  /** null clears it (the agent follows the global mode again). */
  permissionMode: PermissionModeSchema.nullable().optional(),
})
export type AgentInput = z.infer<typeof AgentInputSchema>

export const AgentToolInput = {
  agent_save: AgentInputSchema,
  agent_remove: z.object({ id: AgentIdSchema }),
} as const

export const AgentToolOutput = {
  agent_save: AgentViewSchema,
  agent_remove: z.object({ id: z.string() }),
} as const

/** Input of every agent's `chat-with-<id>` tool. */
export const AgentChatInputSchema = z.object({
  prompt: z.string().min(1, 'Say what the agent should do').max(100_000).describe('What to ask or tell the agent'),
  attachments: z
    .array(z.object({ extensionId: z.string().min(1).max(64), uri: z.string().min(1).max(2000) }))
    .max(20)
    .optional()
    .describe('Resources of extensions to give the agent with the prompt'),
})
export type AgentChatInput = z.infer<typeof AgentChatInputSchema>

/** structuredContent of a chat-with call: which session the agent answered in (the tool card opens it). */
export const AgentCallResultSchema = z.object({
  agentId: z.string(),
  agentName: z.string(),
  sessionId: z.string(),
  turnId: z.string(),
  /** Absent when the call returned at once (top-level callers follow the progress resource). */
  status: z.enum(['done', 'step-limit', 'failed', 'cancelled']).optional(),
})
export type AgentCallResult = z.infer<typeof AgentCallResultSchema>

/** Where a sub-agent's session came from: the session and agent that called it. */
export const SessionParentSchema = z.object({ sessionId: z.string(), agentId: z.string() })
