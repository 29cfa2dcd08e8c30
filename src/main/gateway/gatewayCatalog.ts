/**
 * What one connected app is offered: the `chat-with-*` tool of every agent its scope allows, and,
 * with the gateway on, every other catalog tool under its namespaced name (as in the app). Agents
 * are the builtin extensions `agent-<id>` whose one tool is `chat-with-<id>` (src/main/builtins/agentServer.ts).
 */
import type { ConnectedAppScope } from '../../shared/connectedAppsApi'
import type { CatalogTool } from '../extensions'

export const AGENT_EXTENSION_PREFIX = 'agent-'
export const AGENT_TOOL_PREFIX = 'chat-with-'

export type OfferedTool =
  /** An agent's chat tool, offered under its own name (`chat-with-<agent>`). */
  | { kind: 'agent'; name: string; agentId: string; tool: CatalogTool }
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
  return tools.flatMap((tool) => {
    const id = agentIdOf(tool)
    return id === undefined ? [] : [{ id, name: tool.extensionName }]
  })
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
  return [...agents, ...gateway]
}
