/**
 * The conversation in a virtualized list: only the rows in view, plus a few, are in the DOM, however
 * long the session. The rows are the committed messages, then the message being sent and the model
 * step in flight (liveTurn.ts); a step keeps its row when it is committed. The list follows the
 * stream at the bottom until the person scrolls up, and offers a way back. The rows may be a part of
 * a long conversation (history pages): near the top the list asks for older rows and keeps what the
 * person looks at in place when they arrive.
 */
import { useEffect, useLayoutEffect, useRef, useState, type ReactNode, type RefObject } from 'react'
import { useVirtualizer, type VirtualItem, type Virtualizer } from '@tanstack/react-virtual'
import { ArrowDownIcon } from '../icons'
import { AssistantMessage } from './AssistantMessage'
import { actionRows, type ConversationRow } from './liveTurn'
import { UserMessage } from './UserMessage'
import { estimateRowHeight } from './messageSize'
import { useFollowBottom } from '../../hooks/useFollowBottom'
import { rowOfMessage } from './openAtMessage'

/** How long a message opened from a search stays marked (ms). */
const MARK_MS = 2500
/** Rows from the bottom at which the next page is asked for (a page far back, history pages). */
const NEAR_END_ROWS = 3
/** Screens from the top at which the page before is asked for: it is there before the person reaches the top. */
const NEAR_TOP_SCREENS = 2

interface Props {
  rows: readonly ConversationRow[]
  /** Shown when there is nothing yet. */
  empty: ReactNode
  streaming: boolean
  /** Changes when the person sends a message: the list follows the bottom again. */
  followSignal: number
  /** Sends again what the failed reply at this row answered. */
  onRetry: (rowIndex: number) => void
  /** Writes the last reply again; absent while something runs. */
  onRegenerate?: () => void
  /** Sends an edited version of the person's last message (by its id); absent while something runs. */
  onEdit?: (messageId: string, text: string) => Promise<boolean>
  /** A message to bring into view and mark (a search result, openAtMessage.ts); told once it is done. */
  focusMessageId?: string
  onFocused?: () => void
  /** Where the first row stands in the whole conversation, and how many rows it has (aria-posinset / setsize). */
  firstPosition?: number
  setSize?: number
  /** Older rows exist: asked for with onNearTop once the person scrolls near the top. */
  hasOlder?: boolean
  onNearTop?: () => void
  /** The rows stop before the newest: onNearBottom near the bottom, onLatest to go to the newest. */
  hasNewer?: boolean
  onNearBottom?: () => void
  onLatest?: () => void
}

/** How long after the last scroll event a scroll counts as over, where the browser has no `scrollend` (ms). */
const SCROLL_END_MS = 200

/**
 * Rows put in front wait while the list scrolls: an animated scroll (wheel, keys) carries on from
 * where it was and would undo the jump that keeps the rows in place. Until the scroll ends, the rows
 * from the first one drawn on are drawn; `cut` is how many wait.
 */
function useFrontRowsAfterScroll(rows: readonly ConversationRow[], scroller: RefObject<HTMLDivElement | null>): { drawn: readonly ConversationRow[]; cut: number } {
  const [pinned, setPinned] = useState<string | undefined>(undefined)
  const firstDrawn = useRef<string | undefined>(undefined)
  useEffect(() => {
    const element = scroller.current
    if (!element) return
    let timer = 0
    let scrolling = false
    const end = () => {
      clearTimeout(timer)
      scrolling = false
      setPinned(undefined)
    }
    const onScroll = () => {
      if (!scrolling) {
        scrolling = true
        setPinned(firstDrawn.current)
      }
      clearTimeout(timer)
      timer = window.setTimeout(end, SCROLL_END_MS)
    }
    element.addEventListener('scroll', onScroll, { passive: true })
    element.addEventListener('scrollend', end)
    return () => {
      clearTimeout(timer)
      element.removeEventListener('scroll', onScroll)
      element.removeEventListener('scrollend', end)
    }
  }, [scroller])
  const at = pinned === undefined ? -1 : rows.findIndex((row) => row.key === pinned)
  const cut = Math.max(0, at)
  const drawn = cut > 0 ? rows.slice(cut) : rows
  useLayoutEffect(() => {
    firstDrawn.current = drawn[0]?.key
  })
  return { drawn, cut }
}

/**
 * Whether a row whose measured height differs from the one used so far lies above the top of the
 * view, so that the scroll position moves with it and what is on screen stays put: the virtualizer's
 * own rule, but with the top of the view read from the element. The virtualizer's offset lags a
 * render behind a jump (rows put in front), and judged by it the rows measured in that render were
 * left uncompensated (the row looked at moved by ~40 px in 4 of 10 runs of the history e2e).
 */
function aboveTheView(item: VirtualItem, _delta: number, instance: Virtualizer<HTMLDivElement, Element>): boolean {
  const top = instance.scrollElement?.scrollTop ?? instance.scrollOffset ?? 0
  // First measurement: the estimate was used for the whole row; compensate any row whose top is above the view.
  if (!instance.itemSizeCache.has(item.key)) return item.start < top
  // A row measured again (a reply growing at its end) only when all of it is above the view, and not while scrolling up.
  return item.end <= top && instance.scrollDirection !== 'backward'
}

export function MessageList(props: Props) {
  const { empty, streaming, followSignal, onRetry, onRegenerate, onEdit, focusMessageId, onFocused, hasOlder = false, hasNewer = false, onNearTop, onNearBottom, onLatest } = props
  const { scroller, content, following, moreBelow, jump, letGo } = useFollowBottom<HTMLDivElement, HTMLDivElement>()
  const { drawn: conversation, cut } = useFrontRowsAfterScroll(props.rows, scroller)
  const firstPosition = (props.firstPosition ?? 0) + cut
  const [marked, setMarked] = useState<string | null>(null)
  const count = conversation.length
  useEffect(() => {
    if (followSignal > 0) jump()
  }, [followSignal, jump])
  // The virtualizer keeps mutable state that the React Compiler cannot see into; it re-renders through its own subscription.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count,
    getScrollElement: () => scroller.current,
    estimateSize: (index) => estimateRowHeight(conversation[index]),
    getItemKey: (index) => conversation[index]?.key ?? index,
    overscan: 4,
    paddingStart: 24,
    // Opened at the newest message, so the first paint renders the rows that will be seen.
    initialOffset: () => Number.MAX_SAFE_INTEGER,
    useFlushSync: false,
  })
  virtualizer.shouldAdjustScrollPositionOnItemSizeChange = aboveTheView
  // Once the rows hold the message to open at, it is scrolled to the middle and marked for a moment.
  const focusIndex = focusMessageId === undefined ? -1 : rowOfMessage(conversation, focusMessageId)
  useEffect(() => {
    if (focusIndex < 0 || focusMessageId === undefined) return
    letGo()
    virtualizer.scrollToIndex(focusIndex, { align: 'center' })
    setMarked(focusMessageId)
    onFocused?.()
  }, [focusIndex, focusMessageId, virtualizer, onFocused, letGo])
  useEffect(() => {
    if (marked === null) return
    const timer = setTimeout(() => setMarked(null), MARK_MS)
    return () => clearTimeout(timer)
  }, [marked])
  const rows = virtualizer.getVirtualItems()
  const nothing = count === 0
  const setSize = props.setSize ?? count + cut

  // Rows put in front (an older page): the rows the person looks at stay where they are on screen.
  const firstKey = conversation[0]?.key
  const anchor = useRef<string | undefined>(undefined)
  useLayoutEffect(() => {
    const previous = anchor.current
    anchor.current = firstKey
    if (previous === undefined || previous === firstKey) return
    const at = conversation.findIndex((row) => row.key === previous)
    const element = scroller.current
    // Where the rows start now: asked of the virtualizer here, not read from its cache of the render,
    // because the rows this render drew (at the old offset) were measured since (read from the cache,
    // the row looked at moved by ~250 px in 3 of 6 runs of the history e2e).
    const anchorStart = virtualizer.getOffsetForIndex(at, 'start')?.[0]
    const firstStart = virtualizer.getOffsetForIndex(0, 'start')?.[0]
    if (at <= 0 || !element || anchorStart === undefined || firstStart === undefined) return
    // Instant: a keyboard or wheel scroll still animating towards the top would otherwise carry on
    // from the old position and undo this (scrollTo with behavior "instant" ends the animation).
    element.scrollTo({ top: element.scrollTop + anchorStart - firstStart, behavior: 'instant' })
  }, [firstKey, conversation, virtualizer, scroller])

  const firstShown = rows[0]?.index
  const lastShown = rows.at(-1)?.index
  useEffect(() => {
    // Only once the person has scrolled up (not while the list follows the newest messages). The
    // scroll position itself decides, not just the rows: right after older rows were put in front,
    // the rows of this render are still those of the old position.
    const element = scroller.current
    if (!hasOlder || following || cut > 0 || firstShown === undefined || !element) return
    if (element.scrollTop <= NEAR_TOP_SCREENS * element.clientHeight) onNearTop?.()
  }, [hasOlder, following, cut, firstShown, onNearTop, scroller])
  useEffect(() => {
    if (hasNewer && lastShown !== undefined && lastShown >= count - NEAR_END_ROWS) onNearBottom?.()
  }, [hasNewer, lastShown, count, onNearBottom])
  const toLatest = () => {
    if (hasNewer) onLatest?.()
    jump()
  }
  const { lastUser, lastReply } = actionRows(conversation)

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
            <div role="feed" aria-label="Conversation" aria-busy={streaming} className="relative w-full" style={{ height: virtualizer.getTotalSize() }}>
              {rows.map((row) => {
                const item = conversation[row.index]
                if (!item) return null
                const editId = item.kind === 'user' && row.index === lastUser ? item.messageId : undefined
                const isMarked = marked !== null && (item.kind === 'user' ? item.messageId === marked : item.message?.id === marked)
                return (
                  <div
                    key={row.key}
                    data-index={row.index}
                    data-marked={isMarked || undefined}
                    ref={virtualizer.measureElement}
                    className={`absolute left-0 w-full pb-6 ${isMarked ? 'rounded-xl ring-2 ring-amber-400 ring-offset-4 ring-offset-white dark:ring-offset-zinc-900' : ''}`}
                    // `top`, not a transform: a transformed row would become the containing block of
                    // an App shown full screen or in picture-in-picture (position: fixed).
                    style={{ top: row.start }}
                  >
                    {item.kind === 'user' ? (
                      <UserMessage
                        text={item.text}
                        attachments={item.attachments}
                        sending={item.sending}
                        from={item.from}
                        provenance={item.provenance}
                        hookChanges={item.hookChanges}
                        refusedBy={item.refusedBy}
                        onEdit={onEdit && editId !== undefined ? (text) => onEdit(editId, text) : undefined}
                        posinset={firstPosition + row.index + 1}
                        setsize={setSize}
                      />
                    ) : (
                      <AssistantMessage
                        message={item.message}
                        live={item.live}
                        liveCalls={item.liveCalls}
                        onRetry={item.message?.error ? () => onRetry(row.index) : undefined}
                        onRegenerate={row.index === lastReply ? onRegenerate : undefined}
                        posinset={firstPosition + row.index + 1}
                        setsize={setSize}
                      />
                    )}
                  </div>
                )
              })}
            </div>
          )}
        </div>
      </div>
      {/* Only with somewhere to jump to: after a search result in a short chat the list lets go but is at its end. */}
      {((!following && moreBelow) || hasNewer) && !nothing && (
        <button
          type="button"
          onClick={toLatest}
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
