/**
 * The session list as the host's `switchboard://sessions` pages report it (sessionsPageApi.ts): the
 * newest page, kept current by the subscription, and the older pages the sidebar loaded on scroll.
 * Sessions opened from elsewhere (a search result, a routine's run, a sub-agent) that are not in the
 * loaded pages are read one by one into `single`. mcp/sessionsFeed.ts fills it and provides the loaders.
 */
import { create } from 'zustand'
import type { SessionSummary } from '../../shared/hostApi'

interface SessionsStore {
  /** Null until the first read. Newest first: the pages loaded so far. */
  sessions: SessionSummary[] | null
  /** More sessions follow the loaded pages. */
  hasMore: boolean
  /** How many sessions there are in all. */
  total: number
  /** Sessions read by id; null: no such session. */
  single: Readonly<Record<string, SessionSummary | null>>
  /** Loads the next older page (the sidebar, on scroll); does nothing while one is loading or at the end. */
  loadMore: () => void
  /** Reads one session that is not in the loaded pages. */
  ensure: (id: string) => void
}

export const useSessionsStore = create<SessionsStore>()(() => ({
  sessions: null,
  hasMore: false,
  total: 0,
  single: {},
  loadMore: () => undefined,
  ensure: () => undefined,
}))

/** A session by id: from the loaded pages, else as read by id (undefined: not known yet or gone). */
export function findSession(state: Pick<SessionsStore, 'sessions' | 'single'>, id: string | null | undefined): SessionSummary | undefined {
  if (!id) return undefined
  return state.sessions?.find((session) => session.id === id) ?? state.single[id] ?? undefined
}
