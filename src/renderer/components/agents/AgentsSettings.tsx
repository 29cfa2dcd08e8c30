/** Settings → Agents: the agents (the default one first), each editable, and a form to add one (docs/guide/agents-and-connected-apps.md). */
import { useState } from 'react'
import { useAgentsStore } from '../../stores/agentsStore'
import { secondaryButton } from '../ui'
import { AgentForm } from './AgentForm'
import { AgentRow } from './AgentRow'

export function AgentsSettings() {
  const resource = useAgentsStore((state) => state.agents)
  const [adding, setAdding] = useState(false)
  const agents = resource?.agents ?? []
  return (
    <section aria-labelledby="agents-heading" className="space-y-4">
      <div>
        <h2 id="agents-heading" className="text-base font-semibold">
          Agents
        </h2>
        <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">
          An agent is instructions, a model and the extensions it may use. A session runs with one agent (chosen in the chat header); an agent given other agents among its
          extensions can ask them for help, at most {resource?.depthLimit ?? 3} deep.
        </p>
      </div>
      <ul aria-label="Agents" className="space-y-2">
        {agents.map((agent) => (
          <AgentRow key={agent.id} agent={agent} />
        ))}
      </ul>
      {adding ? (
        <AgentForm onDone={() => setAdding(false)} />
      ) : (
        <button type="button" className={secondaryButton} onClick={() => setAdding(true)}>
          Add agent
        </button>
      )}
    </section>
  )
}
