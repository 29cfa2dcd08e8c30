/**
 * The conversation: committed messages in a virtualized list (only the rows in view, plus a few,
 * are in the DOM, however long the session), then the message being sent and the reply in flight.
 * It follows the stream at the bottom until the person scrolls up, and offers a way back.
 */
import { useEffect, type ReactNode } from 'react'
import { useVirtualizer } from '@tanstack/react-virtual'
import type { ChatMessageView, ToolCallView } from '../../../shared/hostApi'
import { ArrowDownIcon } from '../icons'
import { AssistantMessage } from './AssistantMessage'
import { UserMessage } from './UserMessage'
import { estimateMessageHeight } from './messageSize'
import { useFollowBottom } from './useFollowBottom'

interface Props {
  messages: readonly ChatMessageView[]
  /** Live states of committed calls still running. */
  liveCalls: ReadonlyMap<string, ToolCallView>
  /** Drawn after the history: the message being sent and the reply in flight. */
  after: ReactNode
  /** Shown when there is nothing yet. */
  empty: ReactNode
  streaming: boolean
  /** Changes when the person sends a message: the list follows the bottom again. */
  followSignal: number
  onRetry: (messageIndex: number) => void
}

export function MessageList({ messages, liveCalls, after, empty, streaming, followSignal, onRetry }: Props) {
  const { scroller, content, following, jump } = useFollowBottom<HTMLDivElement, HTMLDivElement>()
  const count = messages.length
  useEffect(() => {
    if (followSignal > 0) jump()
  }, [followSignal, jump])
  // The virtualizer keeps mutable state that the React Compiler cannot see into; it re-renders through its own subscription.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count,
    getScrollElement: () => scroller.current,
    estimateSize: (index) => estimateMessageHeight(messages[index]),
    getItemKey: (index) => messages[index]?.id ?? index,
    overscan: 4,
    paddingStart: 24,
    // Opened at the newest message, so the first paint renders the rows that will be seen.
    initialOffset: () => Number.MAX_SAFE_INTEGER,
    useFlushSync: false,
  })
  const rows = virtualizer.getVirtualItems()
  const nothing = count === 0 && !after

  return (
    <div className="relative min-h-0 flex-1">
      <div
        ref={scroller}
        // Focusable, so that the keyboard can scroll the conversation (PageUp, PageDown, arrows).
        tabIndex={0}
        role="region"
        aria-label="Messages"
        className="h-full overflow-y-auto focus-visible:outline-offset-[-2px] [overflow-anchor:none]"
      >
        <div ref={content} className="mx-auto w-full max-w-3xl px-6 pb-4">
          {nothing ? (
            empty
          ) : (
            <>
              <div role="feed" aria-label="Conversation" aria-busy={streaming} className="relative w-full" style={{ height: virtualizer.getTotalSize() }}>
                {rows.map((row) => {
                  const message = messages[row.index]
                  if (!message) return null
                  return (
                    <div
                      key={row.key}
                      data-index={row.index}
                      ref={virtualizer.measureElement}
                      className="absolute top-0 left-0 w-full pb-6"
                      style={{ transform: `translateY(${row.start}px)` }}
                    >
                      {message.role === 'user' ? (
                        <UserMessage text={message.text} posinset={row.index + 1} setsize={count} />
                      ) : (
                        <AssistantMessage
                          message={message}
                          liveCalls={liveCalls.size > 0 && row.index >= count - 4 ? liveCalls : undefined}
                          onRetry={message.error ? () => onRetry(row.index) : undefined}
                          posinset={row.index + 1}
                          setsize={count}
                        />
                      )}
                    </div>
                  )
                })}
              </div>
              <div className={count === 0 ? 'space-y-6 pt-6' : 'space-y-6'}>{after}</div>
            </>
          )}
        </div>
      </div>
      {!following && !nothing && (
        <button
          type="button"
          onClick={jump}
          className={
            'absolute bottom-3 left-1/2 inline-flex h-8 -translate-x-1/2 items-center gap-1.5 rounded-full border border-zinc-200 bg-white/95 px-3 text-xs font-medium ' +
            'text-zinc-700 shadow-md backdrop-blur transition-colors hover:bg-zinc-50 dark:border-zinc-700 dark:bg-zinc-800/95 dark:text-zinc-200 dark:hover:bg-zinc-700'
          }
        >
          <ArrowDownIcon className="size-3.5" />
          Jump to latest
        </button>
      )}
    </div>
  )
}
