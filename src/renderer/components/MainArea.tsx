/**
 * The main area: the selected conversation; before any model is set up, the first-run screen; with
 * nothing selected, a new conversation (the first message creates its session).
 */
import { useEffect, useState } from 'react'
import { useChatViewStore } from '../stores/chatViewStore'
import { useModelsStore } from '../stores/modelsStore'
import { findSession, useSessionsStore } from '../stores/sessionsStore'
import { useViewStore } from '../stores/viewStore'
import { ChatView } from './chat/ChatView'
import { FirstRunScreen } from './chat/FirstRunScreen'

export function MainArea() {
  const selectedId = useViewStore((state) => state.selectedId)
  // Not in the loaded pages of the list (opened from a search result, a routine's run, a sub-agent's card): read by id.
  const session = useSessionsStore((state) => findSession(state, selectedId))
  const unread = useSessionsStore((state) => selectedId !== null && state.sessions !== null && !findSession(state, selectedId) && !(selectedId in state.single))
  const ensure = useSessionsStore((state) => state.ensure)
  const selectSession = useViewStore((state) => state.selectSession)
  const created = useChatViewStore((state) => state.created)
  const models = useModelsStore((state) => state.models)
  useEffect(() => {
    if (unread && selectedId) ensure(selectedId)
  }, [unread, selectedId, ensure])

  // A selected session that was in the list and is gone was deleted (in another window): let go of it.
  const [seen, setSeen] = useState<string | null>(null)
  if (session && seen !== session.id) setSeen(session.id)
  const deleted = selectedId !== null && !session && seen === selectedId
  useEffect(() => {
    if (deleted) selectSession(null)
  }, [deleted, selectSession])

  if (session) return <ChatView key={session.id} sessionId={session.id} session={session} />
  // Just created (here or by "New session"): the session list has not caught up yet.
  if (selectedId && !deleted) return created.has(selectedId) ? <ChatView key={selectedId} sessionId={selectedId} /> : <div className="h-full" aria-busy="true" />
  if (models && models.providers.length === 0) return <FirstRunScreen models={models} />
  return <ChatView key="new" sessionId={null} />
}
