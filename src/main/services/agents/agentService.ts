/**
 * Agents as the host serves them: the saved agents (`switchboard://agents`), `agent_save` /
 * `agent_remove`, and each agent as the builtin extension `agent-<id>` (builtins/agentServer.ts),
 * registered in the builtin registry and kept in the extension manager like any other server, so
 * the agent loop reaches it through the same manager, catalog and permission layer.
 */
import { namespacedToolName } from '../../../shared/toolNames'
import { agentExtensionId, agentToolName, DEFAULT_AGENT_ID, AGENT_DEPTH_LIMIT, type Agent, type AgentInput, type AgentView, type AgentsResource } from '../../../shared/hostApi'
import type { AgentDirectory, AgentStore } from '../../agent'
import type { BuiltinRegistry } from '../../builtins'
import { createAgentServer, type AgentTurns } from '../../builtins/agentServer'
import type { ExtensionsCore } from '../../extensions'
import { log } from '../../log/log'

/** Nested turns take as long as they take: progress keeps the call alive up to the hard cap. */
const AGENT_TIMEOUTS = { callMs: 600_000, hardCapMs: 3_600_000 }

export interface AgentService {
  /** The agents as they are now, for whoever serves them elsewhere (the HTTP gateway). */
  readonly directory: AgentDirectory
  view(): AgentsResource
  save(input: AgentInput): Promise<AgentView>
  remove(id: string): Promise<{ id: string }>
  /** Adds the extensions of agents that have none yet and removes those of agents that are gone (after the manager started). */
  start(): Promise<void>
  onChange(listener: () => void): () => void
}

export interface AgentServiceOptions {
  store: AgentStore
  builtins: BuiltinRegistry
  manager: ExtensionsCore['manager']
  turns: AgentTurns
}

const viewOf = (agent: Agent): AgentView => ({
  ...agent,
  extensionId: agentExtensionId(agent.id),
  toolName: namespacedToolName(agentExtensionId(agent.id), agentToolName(agent.id)),
  removable: agent.id !== DEFAULT_AGENT_ID,
})

/** The extension config that serves an agent. */
function extensionConfigOf(agent: Agent) {
  const id = agentExtensionId(agent.id)
  return { id, name: agent.name, type: 'builtin' as const, builtin: id, trust: 'trusted' as const, timeouts: AGENT_TIMEOUTS }
}

export function createAgentService(options: AgentServiceOptions): AgentService {
  const { store, builtins, manager, turns } = options
  const unregister = new Map<string, () => void>()
  const register = (agent: Agent) => {
    if (unregister.has(agent.id)) return
    unregister.set(agent.id, builtins.register(agentExtensionId(agent.id), (context) => createAgentServer(context, agent.id, turns)))
  }
  // Registered before the manager starts, so the agents' extensions saved last time can connect.
  store.list().forEach(register)

  const report = (what: string, result: { ok: true } | { ok: false; errors: string[] }) => {
    if (!result.ok) throw new Error(`Could not ${what}: ${result.errors.join(' ')}`)
  }
  /** Makes the agent's extension match its definition; a new name or description reconnects it, so callers see the new tool. */
  const syncExtension = async (agent: Agent, previous?: Agent) => {
    register(agent)
    const config = extensionConfigOf(agent)
    const existing = manager.config(config.id)
    if (!existing) return report(`add the extension of ${agent.name}`, await manager.add(config))
    // The extension carries the agent's name (the gateway and the approval dialog show it).
    if (existing.name !== config.name) report(`rename the extension of ${agent.name}`, await manager.update(config.id, { ...existing, name: config.name }))
    const changedTool = previous && (previous.name !== agent.name || previous.description !== agent.description)
    if (changedTool && existing.enabled) report(`restart ${agent.name}`, await manager.restart(config.id))
  }

  return {
    directory: store,
    view: () => ({ agents: store.list().map(viewOf), defaultAgentId: DEFAULT_AGENT_ID, depthLimit: AGENT_DEPTH_LIMIT }),
    async save(input) {
      if (Array.isArray(input.extensions) && input.id !== undefined && input.extensions.includes(agentExtensionId(input.id))) {
        throw new Error('An agent cannot use itself; leave its own name out of its extensions.')
      }
      const previous = input.id === undefined ? undefined : store.get(input.id)
      const agent = await store.save(input)
      await syncExtension(agent, previous)
      return viewOf(agent)
    },
    async remove(id) {
      if (!(await store.remove(id))) throw new Error(`No agent with id "${id}" exists; it may have been removed already.`)
      const extensionId = agentExtensionId(id)
      if (manager.config(extensionId)) report(`remove the extension of agent ${id}`, await manager.remove(extensionId))
      unregister.get(id)?.()
      unregister.delete(id)
      return { id }
    },
    async start() {
      for (const agent of store.list()) {
        await syncExtension(agent).catch((error: Error) => log('warn', 'agents', error.message))
      }
      const known = new Set(store.list().map((agent) => agentExtensionId(agent.id)))
      for (const snapshot of manager.list()) {
        const config = manager.config(snapshot.id)
        if (config?.type === 'builtin' && config.builtin.startsWith('agent-') && !known.has(config.builtin)) {
          const removed = await manager.remove(snapshot.id)
          if (!removed.ok) log('warn', 'agents', `Could not remove ${snapshot.id}, whose agent is gone: ${removed.errors.join(' ')}`)
        }
      }
    },
    onChange: (listener) => store.onChange(listener),
  }
}
