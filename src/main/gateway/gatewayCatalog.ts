/**
 * What one connected app is offered: the `chat-with-*` tool of every agent its scope allows, and,
 * with the gateway on, every other catalog tool under its namespaced name (as in the app). Agents
 * are the extensions whose id starts with `agent-` (their one tool is `chat-with-<agent>`). When
 * no agent extension is in the catalog, the Assistant is the host's own chat: `chat-with-assistant`
 * sends the prompt as `chat_send` does.
 */
import type { ConnectedAppScope } from '../../shared/connectedAppsApi'
import type { CatalogTool } from '../extensions'

export const AGENT_EXTENSION_PREFIX = 'agent-'
export const AGENT_TOOL_PREFIX = 'chat-with-'
/** The agent the host's own chat stands for until agent extensions exist. */
export const ASSISTANT_ID = 'assistant'
export const ASSISTANT_NAME = 'Assistant'

export type OfferedTool =
  /** An agent's chat tool, offered under its own name (`chat-with-<agent>`). */
  | { kind: 'agent'; name: string; agentId: string; tool: CatalogTool }
  /** The host's chat, for the Assistant, while no agent extension exists. */
  | { kind: 'assistant'; name: string; agentId: string }
  /** A catalog tool through the gateway, under its namespaced name. */
  | { kind: 'gateway'; name: string; tool: CatalogTool }

export interface AgentEntry {
  id: string
  name: string
}

const agentIdOf = (tool: CatalogTool): string | undefined =>
  tool.extensionId.startsWith(AGENT_EXTENSION_PREFIX) && tool.toolName.startsWith(AGENT_TOOL_PREFIX) ? tool.extensionId.slice(AGENT_EXTENSION_PREFIX.length) : undefined

/** The agents an app could be given (by id and name), from the catalog. */
export function agentsIn(tools: readonly CatalogTool[]): AgentEntry[] {
  const agents = tools.flatMap((tool) => {
    const id = agentIdOf(tool)
    return id === undefined ? [] : [{ id, name: tool.extensionName }]
  })
  return agents.length > 0 ? agents : [{ id: ASSISTANT_ID, name: ASSISTANT_NAME }]
}

const allows = (scope: ConnectedAppScope, agentId: string) => scope.agents === 'all' || scope.agents.includes(agentId)

export function offeredTools(tools: readonly CatalogTool[], scope: ConnectedAppScope): OfferedTool[] {
  const agents: OfferedTool[] = []
  const gateway: OfferedTool[] = []
  for (const tool of tools) {
    const agentId = agentIdOf(tool)
    if (agentId !== undefined) {
      if (allows(scope, agentId)) agents.push({ kind: 'agent', name: tool.toolName, agentId, tool })
    } else if (scope.gateway && !tool.extensionId.startsWith(AGENT_EXTENSION_PREFIX)) {
      gateway.push({ kind: 'gateway', name: tool.name, tool })
    }
  }
  const hasAgentExtensions = tools.some((tool) => agentIdOf(tool) !== undefined)
  if (!hasAgentExtensions && allows(scope, ASSISTANT_ID)) agents.push({ kind: 'assistant', name: AGENT_TOOL_PREFIX + ASSISTANT_ID, agentId: ASSISTANT_ID })
  return [...agents, ...gateway]
}
