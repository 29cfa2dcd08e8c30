/** On the tool card of a chat-with call: opens the sub-agent's own conversation (its nested turn). */
import { AgentCallResultSchema } from '../../../shared/hostApi'
import { useViewStore } from '../../stores/viewStore'
import { smallSecondaryButton } from '../ui'

/** Nothing unless the result is an agent's answer (AgentCallResult in structuredContent). */
export function AgentCallLink({ structuredContent, className }: { structuredContent: unknown; className: string }) {
  const selectSession = useViewStore((state) => state.selectSession)
  const parsed = AgentCallResultSchema.safeParse(structuredContent)
  if (!parsed.success) return null
  const { agentName, sessionId } = parsed.data
  return (
    <div className={`flex items-center gap-2 text-xs text-zinc-600 dark:text-zinc-400 ${className}`}>
      <span>{agentName} worked on this in a conversation of its own.</span>
      <button type="button" className={smallSecondaryButton} onClick={() => selectSession(sessionId)}>
        Open {agentName}’s conversation
      </button>
    </div>
  )
}
