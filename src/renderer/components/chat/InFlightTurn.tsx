/** The reply being written: its text streaming in as markdown, the calls of this step, and what it is doing now. */
import { AssistantFrame } from './AssistantMessage'
import { StreamingMarkdown } from './markdown/Markdown'
import { turnStatusText, type LiveTurn, type Turn } from './liveTurn'

interface Props {
  turn: Turn
  live: LiveTurn
  /** The turn has ended; it stays drawn until the history shows its result. */
  ended: boolean
}

export function InFlightTurn({ turn, live, ended }: Props) {
  const streaming = !ended && turn.status === 'streaming' && live.text !== ''
  const status = ended ? null : streaming ? null : turnStatusText(turn)
  if (live.text === '' && live.calls.length === 0 && status === null && !turn.notice) return null
  return (
    <AssistantFrame
      text={live.text}
      calls={live.calls}
      busy={!ended}
      body={
        live.text !== '' || turn.notice ? (
          <>
            {live.text !== '' && <StreamingMarkdown key={turn.turnId} text={live.text} caret={streaming} />}
            {turn.notice && (
              <p className="mt-2 rounded-md bg-amber-50 px-2.5 py-1.5 text-xs text-amber-900 dark:bg-amber-500/10 dark:text-amber-200">{turn.notice}</p>
            )}
          </>
        ) : undefined
      }
      footer={
        status && (
          <p role="status" className={`flex items-center gap-2 text-sm text-zinc-500 dark:text-zinc-400 ${live.text !== '' || live.calls.length > 0 ? 'mt-2.5' : 'pt-0.5'}`}>
            <span aria-hidden="true" className="typing-dots inline-flex gap-1">
              <span className="size-1.5 rounded-full bg-current" />
              <span className="size-1.5 rounded-full bg-current" />
              <span className="size-1.5 rounded-full bg-current" />
            </span>
            {status}
          </p>
        )
      }
    />
  )
}
