/**
 * The main area: the selected conversation; before any model is set up, the first-run screen; with
 * nothing selected, a new conversation (the first message creates its session).
 */
import { useChatViewStore } from '../stores/chatViewStore'
import { useModelsStore } from '../stores/modelsStore'
import { useSessionsStore } from '../stores/sessionsStore'
import { useViewStore } from '../stores/viewStore'
import { ChatView } from './chat/ChatView'
import { FirstRunScreen } from './chat/FirstRunScreen'

export function MainArea() {
  const sessions = useSessionsStore((state) => state.sessions) ?? []
  const selectedId = useViewStore((state) => state.selectedId)
  const created = useChatViewStore((state) => state.created)
  const models = useModelsStore((state) => state.models)
  const session = sessions.find((candidate) => candidate.id === selectedId)
  // A session this window just created by sending is shown before the session list has caught up.
  const openId = session ? session.id : selectedId && created.has(selectedId) ? selectedId : null

  if (openId) return <ChatView key={openId} sessionId={openId} session={session} />
  if (models && models.providers.length === 0) return <FirstRunScreen models={models} />
  return <ChatView key="new" sessionId={null} />
}
