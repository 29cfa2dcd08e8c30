/** In a sub-agent's conversation: which agent asked, and the way back to the conversation it asked from. */
import type { SessionSummary } from '../../../shared/hostApi'
import { useAgentsStore } from '../../stores/agentsStore'
import { useEffect } from 'react'
import { findSession, useSessionsStore } from '../../stores/sessionsStore'
import { useViewStore } from '../../stores/viewStore'
import { BackIcon } from '../icons'
import { quietButton } from '../ui'

export function ParentSessionLink({ parent }: { parent: NonNullable<SessionSummary['parent']> }) {
  const selectSession = useViewStore((state) => state.selectSession)
  const asker = useAgentsStore((state) => state.agents?.agents.find((agent) => agent.id === parent.agentId)?.name ?? parent.agentId)
  const from = useSessionsStore((state) => findSession(state, parent.sessionId))
  const ensure = useSessionsStore((state) => state.ensure)
  // The asking session may be past the loaded pages of the list.
  useEffect(() => {
    if (!from) ensure(parent.sessionId)
  }, [from, ensure, parent.sessionId])
  if (!from) return <span className="shrink-0 text-xs text-zinc-500 dark:text-zinc-400">Asked by {asker}</span>
  return (
    <button type="button" className={`${quietButton} min-w-0 text-xs`} onClick={() => selectSession(from.id)}>
      <BackIcon className="size-3.5 shrink-0" />
      <span className="truncate">
        Asked by {asker} in “{from.title}”
      </span>
    </button>
  )
}
