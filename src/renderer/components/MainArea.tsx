/** The selected session (its chat arrives in a later version), or an empty state. */
import type { SessionSummary } from '../../shared/hostApi'
import { useHostAction } from '../hooks/useHostAction'
import { useSessionsStore } from '../stores/sessionsStore'
import { useViewStore } from '../stores/viewStore'
import { ChatIcon, PlusIcon } from './icons'
import { primaryButton } from './ui'

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' })

export function MainArea() {
  const sessions = useSessionsStore((state) => state.sessions) ?? []
  const selectedId = useViewStore((state) => state.selectedId)
  const session = sessions.find((candidate) => candidate.id === selectedId)
  return session ? <SessionView session={session} /> : <EmptyState hasSessions={sessions.length > 0} />
}

function SessionView({ session }: { session: SessionSummary }) {
  const messages = session.messageCount === 1 ? '1 message' : `${session.messageCount} messages`
  return (
    <div className="flex h-full flex-col">
      <header className="flex h-12 shrink-0 items-center gap-3 border-b border-zinc-200 px-6 dark:border-zinc-800">
        <h1 className="truncate text-sm font-semibold">{session.title}</h1>
        <span className="shrink-0 text-xs text-zinc-500 dark:text-zinc-400">
          Created {dateFormat.format(new Date(session.created))} · {messages}
        </span>
      </header>
      <div className="flex flex-1 items-center justify-center p-8">
        <div className="max-w-md text-center">
          <div className="mx-auto mb-4 flex size-12 items-center justify-center rounded-full bg-indigo-50 text-indigo-600 dark:bg-indigo-500/10 dark:text-indigo-300">
            <ChatIcon className="size-6" />
          </div>
          <h2 className="text-base font-semibold">Chat arrives in a later version</h2>
          <p className="mt-2 text-sm leading-relaxed text-balance text-zinc-600 dark:text-zinc-400">
            This session is saved in your data folder. Talking to a model is not built yet; for now you can rename or delete the
            session from the sidebar.
          </p>
        </div>
      </div>
      <ComposerPlaceholder />
    </div>
  )
}

/** Where messages will be typed; disabled and saying so, rather than pretending. */
function ComposerPlaceholder() {
  return (
    <div className="shrink-0 px-6 pb-5">
      <div className="mx-auto flex max-w-3xl items-center gap-2 rounded-xl border border-zinc-200 bg-zinc-50 py-2 pr-2 pl-4 dark:border-zinc-800 dark:bg-zinc-950/60">
        <input
          disabled
          aria-label="Message"
          placeholder="Sending messages arrives in a later version"
          className="h-8 flex-1 bg-transparent text-sm placeholder:text-zinc-400 disabled:cursor-not-allowed dark:placeholder:text-zinc-500"
        />
        <button type="button" disabled className={primaryButton}>
          Send
        </button>
      </div>
    </div>
  )
}

function EmptyState({ hasSessions }: { hasSessions: boolean }) {
  const act = useHostAction()
  const selectSession = useViewStore((state) => state.selectSession)
  const create = async () => {
    const session = await act('session_create', {})
    if (session) selectSession(session.id)
  }
  return (
    <div className="flex h-full items-center justify-center p-8">
      <div className="max-w-sm text-center">
        <div className="mx-auto mb-4 flex size-12 items-center justify-center rounded-full bg-zinc-100 text-zinc-500 dark:bg-zinc-800 dark:text-zinc-400">
          <ChatIcon className="size-6" />
        </div>
        <h1 className="text-base font-semibold">{hasSessions ? 'No session selected' : 'No sessions yet'}</h1>
        <p className="mt-2 text-sm text-balance text-zinc-600 dark:text-zinc-400">
          {hasSessions ? 'Pick a session in the sidebar, or start a new one.' : 'Start a session to keep your conversations in one place.'}
        </p>
        <button type="button" className={`${primaryButton} mt-5`} onClick={() => void create()}>
          <PlusIcon />
          Start a new session
        </button>
      </div>
    </div>
  )
}
