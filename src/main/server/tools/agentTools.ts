/** The agents app tools: `agent_save`, `agent_remove`, and `session_set_agent` (which agent a session runs with). */
import type { HostServices } from '../hostServices'
import type { ToolRegistrar } from './resourceTools'

export function registerAgentTools(tool: ToolRegistrar, { agents, sessions }: Pick<HostServices, 'agents' | 'sessions'>): void {
  tool('agent_save', 'Add or change an agent (name, instructions, model, extensions, permission mode); a new agent is served as the extension agent-<id>.', (args) => agents.save(args))
  tool('agent_remove', 'Remove an agent (the default agent stays); its sessions go on with the default agent.', ({ id }) => agents.remove(id))
  tool('session_set_agent', "Choose the agent a session's next turns run with.", async ({ id, agentId }) => {
    if (!agents.directory.get(agentId)) throw new Error(`No agent with id "${agentId}" exists; pick one from the list in the chat header.`)
    return sessions.setAgent(id, agentId)
  })
}
