/**
 * One session's conversation as the chat draws it: the committed history and the turn in flight,
 * each from its host resource (subscribed while the session is open). When the turn ends, its last
 * state stays drawn until the history shows the result, so nothing blinks out in between.
 */
import { useEffect, useMemo, useState } from 'react'
import type { z } from 'zod'
import { HistoryResourceSchema, ProgressResourceSchema, historyUri, progressUri, type ChatMessageView, type ConversationUsage } from '../../../shared/hostApi'
import { useHostClient } from '../../mcp/hostContext'
import type { Turn } from './liveTurn'
import { ProgressReader } from './progressReader'

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
}

/**
 * Like useHostResource, for a uri that may not exist yet (a conversation that has no session).
 * With `perFrame`, values that arrive faster than the screen refreshes are drawn once per frame,
 * the latest winning; history and progress both wait for the frame, so a step that moves from one
 * to the other is never drawn twice or not at all. With a `reader`, reads ask for and receive deltas.
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
  const history = useSessionResource(sessionId ? historyUri(sessionId) : null, HistoryResourceSchema, true)
  // One reader per session: it holds the text so far, so that each update brings only what is new.
  const reader = useMemo(() => (sessionId ? new ProgressReader(sessionId) : null), [sessionId])
  const progress = useSessionResource(sessionId ? progressUri(sessionId) : null, ProgressResourceSchema, true, reader)
  const live = sessionId && progress?.sessionId === sessionId ? progress.turn : null
  const messages = sessionId ? (history?.messages ?? null) : NO_MESSAGES

  // Adjusting state while rendering (React's documented pattern): remember the turn that just ended.
  const [seen, setSeen] = useState<Turn | null>(live)
  const [held, setHeld] = useState<{ turn: Turn; messages: readonly ChatMessageView[] | null } | null>(null)
  if (live !== seen) {
    setSeen(live)
    setHeld(live === null && seen !== null ? { turn: seen, messages } : null)
  }
  const holding = held !== null && held.messages === messages

  useEffect(() => {
    if (!holding) return
    const timer = setTimeout(() => setHeld(null), HOLD_MS)
    return () => clearTimeout(timer)
  }, [holding])

  const usage = sessionId ? history?.usage : undefined
  return { messages, turn: live ?? (holding ? held.turn : null), ended: live === null, ...(usage ? { usage } : {}) }
}
