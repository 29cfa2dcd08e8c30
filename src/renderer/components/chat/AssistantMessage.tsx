/**
 * A reply of the model, one step of a turn: its markdown text, then the tool calls it made, and how
 * it ended when it did not simply finish. The same component draws the step while it is in flight
 * (`live`) and once it is committed (`message`), so the row keeps its DOM when the step moves from
 * the progress to the history.
 */
import { memo, useRef } from 'react'
import { formatTokens } from '../../../shared/format'
import { DEFAULT_AGENT_ID, type TokenFigures, type ToolCallView } from '../../../shared/hostApi'
import { AppMark } from '../AppMark'
import { TurnNotice, TurnStatus } from './InFlightTurn'
import type { AssistantView, LiveStep } from './liveTurn'
import { Markdown } from './markdown/Markdown'
import { ToolCallCard } from './ToolCallCard'
import { HookTrail } from './HookTrail'
import { CutOffMarker, StoppedMarker, TurnError } from './TurnEndNotes'
import { ReplyFooter } from './ReplyFooter'
import { SummaryNote } from './SummaryNote'

interface Props {
  /** The committed message; drawn when there is no `live` step. */
  message?: AssistantView
  /** The step in flight, before the history holds it. */
  live?: LiveStep
  /** Live states of the committed message's calls still running, by call id. */
  liveCalls?: ReadonlyMap<string, ToolCallView>
  onRetry?: () => void
  /** Offered on the last reply while nothing runs: write it again. */
  onRegenerate?: () => void
  posinset?: number
  setsize?: number
}

export const AssistantMessage = memo(function AssistantMessage({ message, live, liveCalls, onRetry, onRegenerate, posinset, setsize }: Props) {
  const textRef = useRef<HTMLDivElement>(null)
  const text = live ? live.text : (message?.text ?? '')
  const committedCalls = message?.toolCalls ?? []
  const calls = live ? live.calls : liveCalls ? committedCalls.map((call) => liveCalls.get(call.callId) ?? call) : committedCalls
  const busy = live !== undefined && (live.streaming || live.status !== null)
  return (
    <article aria-label="Assistant" aria-posinset={posinset} aria-setsize={setsize} aria-busy={busy || undefined} data-role="assistant" className="flex gap-3">
      <div aria-hidden="true" className="mt-0.5 shrink-0">
        <AppMark />
      </div>
      <div className="min-w-0 flex-1">
        {/* Which agent answered, when it was not the default one. */}
        {!live && message?.agent && message.agent.id !== DEFAULT_AGENT_ID && <p className="mb-1 text-xs font-medium text-indigo-700 dark:text-indigo-300">{message.agent.name}</p>}
        {!live && message?.note && <TurnNotice notice={message.note.text} />}
        {!live && <HookTrail changes={message?.hookChanges} />}
        {!live && message?.summary && <SummaryNote summary={message.summary} />}
        {text !== '' && (
          <div ref={textRef}>
            <Markdown text={text} streaming={live?.streaming} />
          </div>
        )}
        {live?.notice && <TurnNotice notice={live.notice} />}
        {calls.length > 0 && (
          <div className={`space-y-2 ${text !== '' || live?.notice ? 'mt-3' : ''}`}>
            {calls.map((call) => (
              <ToolCallCard key={call.callId} call={call} />
            ))}
          </div>
        )}
        {live?.status && <TurnStatus status={live.status} below={text !== '' || calls.length > 0 || live.notice !== undefined} />}
        {!live && message?.stopped && <StoppedMarker />}
        {!live && message?.cutOff && <CutOffMarker />}
        {!live && message?.error && <TurnError error={message.error} onRetry={onRetry} />}
        {!live && message?.tokens && <RequestWeight tokens={message.tokens} />}
        {!live && message?.turnId !== undefined && <ReplyFooter message={message} textRef={textRef} onRegenerate={onRegenerate} />}
      </div>
    </article>
  )
})

/** What the request for this step weighed: an estimate, labelled with the tokenizer that counted it. */
function RequestWeight({ tokens }: { tokens: TokenFigures }) {
  return (
    <p className="mt-1 text-[11px] text-zinc-400 dark:text-zinc-500" title="Counted on this computer with the named tokenizer; the model's own count differs somewhat">
      Sent {formatTokens(tokens.request, tokens.tokenizer)}, of which tool definitions {tokens.toolDefinitions.toLocaleString('en-US')}
    </p>
  )
}
