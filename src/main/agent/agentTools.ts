/** Which catalog tools an agent's turns may use: its chosen extensions, or all but the agents. */
import { agentExtensionId, agentIdOfExtension, type Agent } from '../../shared/agentsApi'
import type { CatalogTool } from '../extensions'

/** "all" leaves out every agent (agents are chosen by name); an agent is never offered its own tool. */
export function toolsForAgent(tools: readonly CatalogTool[], agent: Pick<Agent, 'id' | 'extensions'>): CatalogTool[] {
  if (agent.extensions === 'all') return tools.filter((tool) => agentIdOfExtension(tool.extensionId) === undefined)
  const chosen = new Set(agent.extensions)
  chosen.delete(agentExtensionId(agent.id))
  return tools.filter((tool) => chosen.has(tool.extensionId))
}
