/** A committed reply: its markdown text, then the tool calls it made, and how it ended when it did not simply finish. */
import { memo, type ReactNode } from 'react'
import type { ChatMessageView, ToolCallView } from '../../../shared/hostApi'
import { AppMark } from '../AppMark'
import { Markdown } from './markdown/Markdown'
import { ToolCallCard } from './ToolCallCard'
import { StoppedMarker, TurnError } from './TurnEndNotes'

type Assistant = Extract<ChatMessageView, { role: 'assistant' }>

interface Props {
  message: Assistant
  /** Live states of calls still running (from the turn in flight), by call id. */
  liveCalls?: ReadonlyMap<string, ToolCallView>
  onRetry?: () => void
  posinset?: number
  setsize?: number
}

export const AssistantMessage = memo(function AssistantMessage({ message, liveCalls, onRetry, posinset, setsize }: Props) {
  const calls = liveCalls ? message.toolCalls.map((call) => liveCalls.get(call.callId) ?? call) : message.toolCalls
  return <AssistantFrame posinset={posinset} setsize={setsize} text={message.text} calls={calls} stopped={message.stopped} error={message.error} onRetry={onRetry} />
})

interface FrameProps {
  text: string
  calls: readonly ToolCallView[]
  stopped?: boolean
  error?: string
  onRetry?: () => void
  posinset?: number
  setsize?: number
  /** Drawn in place of the text (the streaming markdown of the turn in flight). */
  body?: ReactNode
  /** Drawn under the tool calls (what the turn in flight is doing now). */
  footer?: ReactNode
  busy?: boolean
}

export function AssistantFrame({ text, calls, stopped, error, onRetry, posinset, setsize, body, footer, busy }: FrameProps) {
  return (
    <article aria-label="Assistant" aria-posinset={posinset} aria-setsize={setsize} aria-busy={busy || undefined} data-role="assistant" className="flex gap-3">
      <div aria-hidden="true" className="mt-0.5 shrink-0">
        <AppMark />
      </div>
      <div className="min-w-0 flex-1">
        {body ?? (text !== '' && <Markdown text={text} />)}
        {calls.length > 0 && (
          <div className={`space-y-2 ${text !== '' || body ? 'mt-3' : ''}`}>
            {calls.map((call) => (
              <ToolCallCard key={call.callId} call={call} />
            ))}
          </div>
        )}
        {footer}
        {stopped && <StoppedMarker />}
        {error && <TurnError error={error} onRetry={onRetry} />}
      </div>
    </article>
  )
}
