/**
 * One conversation: its title, the messages (history, the message being sent, the reply in flight)
 * and the composer. Without a session yet, the first message sent creates one.
 */
import { useCallback, useEffect, useRef, useState } from 'react'
import type { SessionSummary } from '../../../shared/hostApi'
import { useHostAction } from '../../hooks/useHostAction'
import { NEW_CHAT, useChatViewStore } from '../../stores/chatViewStore'
import { useAttachmentsStore } from '../../stores/attachmentsStore'
import { useViewStore } from '../../stores/viewStore'
import { Composer } from './Composer'
import { ConversationStart } from './ConversationStart'
import { ExtensionChooser } from './ExtensionChooser'
import { ToolOfferChooser } from './ToolOfferChooser'
import { SessionRootsButton } from './SessionRootsButton'
import { AgentPicker } from '../agents/AgentPicker'
import { ParentSessionLink } from '../agents/ParentSessionLink'
import { SessionInstructionsButton } from './SessionInstructionsButton'
import { conversationRows, type ConversationRow, type Turn } from './liveTurn'
import { MessageList } from './MessageList'
import { rowOfMessage } from './openAtMessage'
import { useChatSession } from './useChatSession'
import { ConversationUsageBadge } from './ConversationUsageBadge'
import { ExportButton } from './ExportButton'
import { useSearchStore } from '../../stores/searchStore'

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' })
/** Drawn between sending and the host's first progress. */
const waitingTurn: Turn = { turnId: 'sending', step: 1, status: 'waiting-for-model', text: '', toolCalls: [] }

interface Props {
  /** Null for a conversation that has no session yet. */
  sessionId: string | null
  session?: SessionSummary
}

export function ChatView({ sessionId, session }: Props) {
  const act = useHostAction()
  const key = sessionId ?? NEW_CHAT
  const { messages, turn, ended, usage, offset, total, hasOlder, hasNewer, loadOlder, loadNewer, openAround, showLatest } = useChatSession(sessionId)
  const sending = useChatViewStore((state) => state.sending[key])
  const setSending = useChatViewStore((state) => state.setSending)
  const addCreated = useChatViewStore((state) => state.addCreated)
  const selectSession = useViewStore((state) => state.selectSession)
  const repeatAsRoutine = useViewStore((state) => state.repeatAsRoutine)
  const [calling, setCalling] = useState(false)
  const [stopping, setStopping] = useState(false)
  const [followSignal, setFollowSignal] = useState(0)
  const focus = useSearchStore((state) => (state.focus && state.focus.sessionId === sessionId ? state.focus.messageId : undefined))
  const clearFocus = useCallback(() => useSearchStore.getState().setFocus(null), [])
  const list = messages ?? []
  const overToolLimit = list.some((message) => message.role === 'assistant' && message.note?.kind === 'tool-limit')
  // Counted over the whole conversation (the list may hold only its newest page).
  const waitingFor = sending && total <= sending.baseline ? sending : undefined
  useEffect(() => {
    if (sending && messages && total > sending.baseline) setSending(key, null)
  }, [sending, messages, total, key, setSending])

  const liveRunning = turn !== null && !ended
  const running = liveRunning || calling || waitingFor !== undefined
  // A stop asked for is over once nothing runs any more.
  if (stopping && !running) setStopping(false)

  const shownTurn = turn ?? (running ? waitingTurn : null)
  // A page far back (a search result) does not show the newest messages, nor the turn after them.
  const rows = hasNewer ? conversationRows(list, null, true) : conversationRows(list, shownTurn, turn !== null && ended, waitingFor?.text)

  // A search result outside the pages held: the page around it is read, then the list brings it into view.
  const askedAround = useRef<string | null>(null)
  const focusMissing = focus !== undefined && messages !== null && rowOfMessage(rows, focus) < 0
  useEffect(() => {
    if (!focusMissing || focus === undefined || askedAround.current === focus) return
    askedAround.current = focus
    void openAround(focus).then((found) => {
      askedAround.current = null
      if (!found) clearFocus()
    })
  }, [focusMissing, focus, openAround, clearFocus])

  const send = async (text: string): Promise<boolean> => {
    showLatest()
    setFollowSignal((count) => count + 1)
    setSending(key, { text, baseline: total })
    setCalling(true)
    // Attached resources stay attached after sending; each send tells the host the current set.
    const attachments = [...(useAttachmentsStore.getState().attachments[key] ?? [])]
    const sent = await act('chat_send', sessionId ? { sessionId, text, attachments } : { text, attachments })
    setCalling(false)
    if (!sent) {
      setSending(key, null)
      return false
    }
    if (sessionId === null) {
      setSending(sent.sessionId, { text, baseline: 0 })
      setSending(NEW_CHAT, null)
      addCreated(sent.sessionId)
      useAttachmentsStore.getState().move(NEW_CHAT, sent.sessionId)
      selectSession(sent.sessionId)
    }
    return true
  }

  const stop = async () => {
    if (!sessionId) return
    setStopping(true)
    if (!(await act('chat_cancel', { sessionId }))) setStopping(false)
  }

  /** Sends again the person's message that the failed reply (at this row) answered. */
  const retry = (index: number) => {
    const asked = rows
      .slice(0, index)
      .reverse()
      .find((row): row is Extract<ConversationRow, { kind: 'user' }> => row.kind === 'user')
    if (asked && !running) void send(asked.text)
  }

  /** Regenerate and edit: the host sets the old exchange aside and starts the turn; the list follows it. */
  const restart = async (started: Promise<unknown>): Promise<boolean> => {
    showLatest()
    setFollowSignal((count) => count + 1)
    setCalling(true)
    const ok = (await started) !== undefined
    setCalling(false)
    return ok
  }
  const regenerate = sessionId && !running ? () => void restart(act('chat_regenerate', { sessionId })) : undefined
  const edit = sessionId && !running ? (messageId: string, text: string) => restart(act('chat_edit', { sessionId, messageId, text })) : undefined

  const messageCount = session ? (session.messageCount === 1 ? '1 message' : `${session.messageCount} messages`) : null
  return (
    <div className="flex h-full flex-col">
      {/*
        One row where the conversation is wide; narrower, the title has a row of its own and the
        session's controls go under it, so that neither is cut off. The header positions the
        controls' panels in narrow windows (HeaderPopover).
      */}
      <header className="relative flex min-h-12 shrink-0 flex-wrap items-center gap-x-3 gap-y-1 border-b border-zinc-200 px-6 py-2 lg:h-12 lg:flex-nowrap lg:py-0 dark:border-zinc-800">
        {/* The title side gives way (with an ellipsis, in full on hover) so that the session's controls fit. */}
        <div className="flex min-w-0 flex-1 basis-full items-center gap-3 lg:basis-0">
          <h1 tabIndex={-1} title={session?.title} className="min-w-0 truncate text-sm font-semibold focus-visible:outline-none">
            {session?.title ?? 'New conversation'}
          </h1>
          {/* A sub-agent's conversation says who asked instead of when it started. */}
          {session?.parent ? (
            <ParentSessionLink parent={session.parent} />
          ) : (
            session && (
              <span className="min-w-20 shrink-[3] truncate text-xs text-zinc-500 dark:text-zinc-400" title={`Created ${dateFormat.format(new Date(session.created))} · ${messageCount}`}>
                Created {dateFormat.format(new Date(session.created))} · {messageCount}
              </span>
            )
          )}
          {usage && <ConversationUsageBadge usage={usage} />}
        </div>
        {session && (
          <div className="flex max-w-full flex-wrap items-center gap-1 lg:shrink-0 lg:flex-nowrap">
            <AgentPicker session={session} />
            <SessionInstructionsButton session={session} />
            <ExportButton sessionId={session.id} />
            {/* "Repeat this…": a routine with this conversation's agent and your last message (Settings → Routines). */}
            {list.some((m) => m.role === 'user') && (
              <button
                type="button"
                className="rounded px-1.5 text-xs text-zinc-600 hover:bg-zinc-100 dark:text-zinc-300 dark:hover:bg-zinc-800"
                title="Run this again on a schedule, as a routine"
                onClick={() => {
                  const last = list.findLast((m) => m.role === 'user')!
                  const attachments = last.role === 'user' ? last.attachments?.map(({ extensionId, uri }) => ({ extensionId, uri })) : undefined
                  repeatAsRoutine({ agentId: session.agentId ?? 'assistant', prompt: last.text, name: session.title.slice(0, 80), ...(attachments?.length ? { attachments } : {}) })
                }}
              >
                Repeat this…
              </button>
            )}
            <SessionRootsButton session={session} />
            <ToolOfferChooser session={session} />
            {/* "Auto" and "all" offer the chosen extensions' tools; "search" finds among all of them. */}
            {(session.toolOffer ?? 'auto') !== 'search' && <ExtensionChooser session={session} overLimit={overToolLimit} />}
          </div>
        )}
      </header>
      {sessionId !== null && messages === null ? (
        <div className="flex-1" aria-busy="true" />
      ) : (
        <MessageList
          rows={rows}
          streaming={liveRunning}
          followSignal={followSignal}
          onRetry={retry}
          onRegenerate={hasNewer ? undefined : regenerate}
          onEdit={hasNewer ? undefined : edit}
          focusMessageId={focus}
          onFocused={clearFocus}
          empty={<ConversationStart />}
          firstPosition={offset}
          setSize={total + rows.length - list.length}
          hasOlder={hasOlder}
          onNearTop={loadOlder}
          hasNewer={hasNewer}
          onNearBottom={loadNewer}
          onLatest={showLatest}
        />
      )}
      <Composer draftKey={key} running={running} stopping={stopping}
        stopDisabled={sessionId === null} onSend={send} onStop={() => void stop()} />
    </div>
  )
}
