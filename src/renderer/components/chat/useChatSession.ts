/**
 * One session's conversation as the chat draws it: the committed history and the turn in flight,
 * each from its host resource (subscribed while the session is open). When the turn ends, its last
 * state stays drawn until the history shows the result, so nothing blinks out in between.
 * The history comes in pages (historyPages.ts): the newest page at open, older ones as the person
 * scrolls up, the page around a message for a search result.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import type { z } from 'zod'
import { HistoryResourceSchema, ProgressResourceSchema, historyPageUri, historyUri, progressUri, type ChatMessageView, type ConversationUsage, type HistoryResource } from '../../../shared/hostApi'
import { shownHistory, withNewer, withOlder, type HeldRun } from './historyPages'
import { useHostClient } from '../../mcp/hostContext'
import type { Turn } from './liveTurn'
import { ProgressReader } from './progressReader'
import { useStepUntilInHistory } from './stepHandover'

const NO_MESSAGES: readonly ChatMessageView[] = []

/** How long an ended turn may stay drawn when the history does not change (ms). */
const HOLD_MS = 3000

export interface ChatSession {
  /** Null until the first read. */
  messages: readonly ChatMessageView[] | null
  /** The turn in flight, or one that just ended (`ended`) until the history catches up. */
  turn: Turn | null
  ended: boolean
  /** Tokens (and cost) of the whole conversation so far, when the provider counted any. */
  usage?: ConversationUsage
  /** Where messages[0] stands in the whole conversation, and how many messages it has. */
  offset: number
  total: number
  /** Older messages can be read (loadOlder). */
  hasOlder: boolean
  /** The list stops before the newest messages (a page far back was opened): loadNewer, or showLatest. */
  hasNewer: boolean
  loadOlder(): void
  loadNewer(): void
  /** Reads the page around a message so that it is in `messages`; false when the conversation has no such message. */
  openAround(messageId: string): Promise<boolean>
  /** Back to the newest page alone. */
  showLatest(): void
}

/**
 * Like useHostResource, for a uri that may not exist yet (a conversation that has no session).
 * With `perFrame`, values that arrive faster than the screen refreshes are drawn once per frame,
 * the latest winning. History and progress are read apart and may land in different frames: a step
 * that moves from one to the other is handed over in stepHandover.ts. With a `reader`, reads ask for
 * and receive deltas.
 */
function useSessionResource<T>(uri: string | null, schema: z.ZodType<T>, perFrame = false, reader?: { readUri(): string; accept(next: T): T | null } | null): T | null {
  const client = useHostClient()
  const [value, setValue] = useState<{ uri: string; value: T } | null>(null)
  useEffect(() => {
    if (!uri) return
    let frame = 0
    let latest: T | undefined
    const unsubscribe = client.subscribe(
      uri,
      schema,
      (received) => {
        const next = reader ? reader.accept(received) : received
        if (next === null) return
        if (!perFrame) return setValue({ uri, value: next })
        latest = next
        frame ||= requestAnimationFrame(() => {
          frame = 0
          setValue({ uri, value: latest as T })
        })
      },
      reader ? () => reader.readUri() : undefined,
    )
    return () => {
      cancelAnimationFrame(frame)
      unsubscribe()
    }
  }, [client, uri, schema, perFrame, reader])
  return value !== null && value.uri === uri ? value.value : null
}

export function useChatSession(sessionId: string | null): ChatSession {
  const client = useHostClient()
  const history = useSessionResource(sessionId ? historyUri(sessionId) : null, HistoryResourceSchema, true)
  // One reader per session: it holds the text so far, so that each update brings only what is new.
  const reader = useMemo(() => (sessionId ? new ProgressReader(sessionId) : null), [sessionId])
  const progress = useSessionResource(sessionId ? progressUri(sessionId) : null, ProgressResourceSchema, true, reader)
  // A progress that drops the step on screen is drawn once the history holds that step (stepHandover.ts).
  const live = useStepUntilInHistory(sessionId, sessionId && progress?.sessionId === sessionId ? progress.turn : null, history?.messages ?? null)

  // Pages read on demand, for this session only.
  const [heldFor, setHeldFor] = useState<{ sessionId: string; run: HeldRun } | null>(null)
  const held = heldFor !== null && heldFor.sessionId === sessionId ? heldFor.run : null
  // Memoised: the held turn below is compared by the messages' identity.
  const shown = useMemo(() => (sessionId && history ? shownHistory(history, held) : null), [sessionId, history, held])
  if (shown?.stale) setHeldFor(null)
  const messages = sessionId ? (shown?.messages ?? null) : NO_MESSAGES
  const latest = useRef<{ sessionId: string | null; shown: typeof shown }>({ sessionId, shown })
  useEffect(() => {
    latest.current = { sessionId, shown }
  })
  /** One page read at a time; its answer counts only if the session is still the one it was read for. */
  const reading = useRef(false)
  /** The last page read by scrolling: the same page is not read twice in a row. */
  const lastScrollRead = useRef<string | null>(null)
  const readPage = useCallback(
    async (uri: string, apply: (page: HistoryResource) => HeldRun | null, scrolling = false): Promise<boolean> => {
      const forSession = latest.current.sessionId
      if (reading.current || forSession === null || (scrolling && lastScrollRead.current === uri)) return false
      reading.current = true
      try {
        const page = await client.read(uri, HistoryResourceSchema)
        if (latest.current.sessionId !== forSession) return false
        const run = apply(page)
        lastScrollRead.current = scrolling && run !== null ? uri : null
        setHeldFor(run ? { sessionId: forSession, run } : null)
        return run !== null
      } finally {
        reading.current = false
      }
    },
    [client],
  )
  // New with every change of what is shown, so the list asks again (with what is shown now) when a
  // page arrived and it is still near the end.
  const loadOlder = useCallback(() => {
    const first = shown?.messages[0]
    if (!sessionId || !shown?.hasOlder || !first) return
    readPage(historyPageUri(sessionId, { before: first.id }), (page) => withOlder(shown, page), true).catch(() => setHeldFor(null))
  }, [readPage, sessionId, shown])
  const loadNewer = useCallback(() => {
    const last = shown?.messages.at(-1)
    if (!sessionId || !shown?.hasNewer || !last) return
    const run = { offset: shown.offset, messages: shown.messages }
    readPage(historyPageUri(sessionId, { after: last.id }), (page) => withNewer(run, page), true).catch(() => setHeldFor(null))
  }, [readPage, sessionId, shown])
  const openAround = useCallback(
    async (messageId: string) => {
      const now = latest.current
      if (!now.sessionId) return false
      // A read already under way (a page while scrolling) finishes first.
      for (let tries = 0; reading.current && tries < 50; tries++) await new Promise((resolve) => setTimeout(resolve, 20))
      return readPage(historyPageUri(now.sessionId, { around: messageId }), (page) => ({ offset: page.offset, messages: page.messages })).catch(() => false)
    },
    [readPage],
  )
  const showLatest = useCallback(() => setHeldFor(null), [])

  // Adjusting state while rendering (React's documented pattern): remember the turn that just ended.
  const [seen, setSeen] = useState<Turn | null>(live)
  const [endedTurn, setEndedTurn] = useState<{ turn: Turn; messages: readonly ChatMessageView[] | null } | null>(null)
  if (live !== seen) {
    setSeen(live)
    setEndedTurn(live === null && seen !== null ? { turn: seen, messages } : null)
  }
  const holding = endedTurn !== null && endedTurn.messages === messages

  useEffect(() => {
    if (!holding) return
    const timer = setTimeout(() => setEndedTurn(null), HOLD_MS)
    return () => clearTimeout(timer)
  }, [holding])

  const usage = sessionId ? history?.usage : undefined
  return {
    messages,
    turn: live ?? (holding ? endedTurn.turn : null),
    ended: live === null,
    ...(usage ? { usage } : {}),
    offset: shown?.offset ?? 0,
    total: shown?.total ?? messages?.length ?? 0,
    hasOlder: shown?.hasOlder ?? false,
    hasNewer: shown?.hasNewer ?? false,
    loadOlder,
    loadNewer,
    openAround,
    showLatest,
  }
}
