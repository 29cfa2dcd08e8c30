/** The chat header's agent switcher: which agent this session's next turns run with (session_set_agent). */
import { useId } from 'react'
import { DEFAULT_AGENT_ID, type SessionSummary } from '../../../shared/hostApi'
import { useHostAction } from '../../hooks/useHostAction'
import { usePendingValue } from '../../hooks/usePendingValue'
import { useAgentsStore } from '../../stores/agentsStore'
import { quietSelect } from '../ui'

export function AgentPicker({ session }: { session: SessionSummary }) {
  const id = useId()
  const act = useHostAction()
  const agents = useAgentsStore((state) => state.agents?.agents)
  // A removed agent's sessions go on with the default agent; the picker says so.
  const actual = agents?.some((agent) => agent.id === session.agentId) ? session.agentId! : DEFAULT_AGENT_ID
  const [shown, expect, clear] = usePendingValue(actual)
  if (!agents) return null

  const choose = async (agentId: string) => {
    expect(agentId)
    if (!(await act('session_set_agent', { id: session.id, agentId }))) clear()
  }

  return (
    <div className="flex shrink-0 items-center gap-1">
      <label htmlFor={id} className="text-xs text-zinc-500 dark:text-zinc-400">
        Agent
      </label>
      <select
        id={id}
        value={shown}
        onChange={(event) => void choose(event.target.value)}
        className={`${quietSelect} max-w-40`}
      >
        {agents.map((agent) => (
          <option key={agent.id} value={agent.id}>
            {agent.name}
          </option>
        ))}
      </select>
    </div>
  )
}
