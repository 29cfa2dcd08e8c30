/** Which extensions an agent's turns may use: its chosen ones, or all but the agents. */
import { agentExtensionId, agentIdOfExtension, type Agent } from '../../shared/agentsApi'
import type { CatalogTool } from '../extensions'

/**
 * The test of the extensions an agent may use (their tools, and the resources it attaches when it
 * asks a sub-agent): "all" leaves out every agent (agents are chosen by name); an agent never uses
 * its own server.
 */
export function extensionsOf(agent: Pick<Agent, 'id' | 'extensions'>): (extensionId: string) => boolean {
  if (agent.extensions === 'all') return (extensionId) => agentIdOfExtension(extensionId) === undefined
  const chosen = new Set(agent.extensions)
  chosen.delete(agentExtensionId(agent.id))
  return (extensionId) => chosen.has(extensionId)
}

export function toolsForAgent(tools: readonly CatalogTool[], agent: Pick<Agent, 'id' | 'extensions'>): CatalogTool[] {
  const mayUse = extensionsOf(agent)
  return tools.filter((tool) => mayUse(tool.extensionId))
}
