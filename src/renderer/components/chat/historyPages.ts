/**
 * The pages of one conversation's history the window holds. The newest page is the subscribed
 * history resource (every commit updates it); older pages (scrolling up) and a page around a message
 * (a search result) are read once and held as one run of consecutive messages in front of it. When
 * that run reaches the newest page they are shown as one list; when it does not (a jump far back),
 * the run is shown alone and pages after it are read as the person scrolls down.
 */
import type { ChatMessageView, HistoryResource } from '../../../shared/hostApi'

/** Consecutive messages read on demand; `offset`: where the first stands in the conversation. */
export interface HeldRun {
  offset: number
  messages: readonly ChatMessageView[]
}

export interface ShownHistory {
  messages: readonly ChatMessageView[]
  /** Where messages[0] stands in the whole conversation. */
  offset: number
  total: number
  hasOlder: boolean
  /** Newer messages are not in the list: it does not reach the newest page (nor the turn in flight). */
  hasNewer: boolean
  /** The held run no longer joins the newest page (a regenerate or an edit changed what it held): drop it. */
  stale: boolean
}

/** What the list shows: the newest page, with the held run before it when there is one. */
export function shownHistory(latest: HistoryResource, held: HeldRun | null): ShownHistory {
  const newest = { messages: latest.messages, offset: latest.offset, total: latest.total, hasOlder: latest.hasOlder, hasNewer: false }
  if (held === null || held.messages.length === 0) return { ...newest, stale: false }
  const heldEnd = held.offset + held.messages.length
  if (heldEnd < latest.offset) {
    return { messages: held.messages, offset: held.offset, total: latest.total, hasOlder: held.offset > 0, hasNewer: true, stale: false }
  }
  const keep = latest.offset - held.offset
  // The run starts inside the newest page: the newest page alone holds all of it.
  if (keep <= 0) return { ...newest, stale: false }
  if (held.messages[keep - 1]?.id !== latest.precedingId) return { ...newest, stale: true }
  return { messages: [...held.messages.slice(0, keep), ...latest.messages], offset: held.offset, total: latest.total, hasOlder: held.offset > 0, hasNewer: false, stale: false }
}

/**
 * The run with an older page put in front (read with `before` = the first shown message). `shown`:
 * what the list showed when the page was asked for; it all goes into the run (shownHistory cuts the
 * run where the newest page starts). Null when the page does not join on (the conversation changed
 * meanwhile): the list goes back to the newest page.
 */
export function withOlder(shown: Pick<ShownHistory, 'offset' | 'messages'>, page: HistoryResource): HeldRun | null {
  if (page.offset + page.messages.length !== shown.offset) return null
  return { offset: page.offset, messages: [...page.messages, ...shown.messages] }
}

/** The run with a newer page after it (read with `after` = the run's last message); null when it does not join on. */
export function withNewer(held: HeldRun, page: HistoryResource): HeldRun | null {
  if (page.offset !== held.offset + held.messages.length) return null
  return { offset: held.offset, messages: [...held.messages, ...page.messages] }
}
