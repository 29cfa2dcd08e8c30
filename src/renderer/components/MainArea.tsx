/**
 * The main area: the selected conversation; before any model is set up, the first-run screen; with
 * nothing selected, a new conversation (the first message creates its session).
 */
import { useEffect, useState } from 'react'
import { useChatViewStore } from '../stores/chatViewStore'
import { useModelsStore } from '../stores/modelsStore'
import { useSessionsStore } from '../stores/sessionsStore'
import { useViewStore } from '../stores/viewStore'
import { ChatView } from './chat/ChatView'
import { FirstRunScreen } from './chat/FirstRunScreen'

export function MainArea() {
  const sessions = useSessionsStore((state) => state.sessions) ?? []
  const selectedId = useViewStore((state) => state.selectedId)
  const selectSession = useViewStore((state) => state.selectSession)
  const created = useChatViewStore((state) => state.created)
  const models = useModelsStore((state) => state.models)
  const session = sessions.find((candidate) => candidate.id === selectedId)

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
