/**
 * Feeds the sessions store from `switchboard://sessions` in pages (sessionsPageApi.ts): the first
 * draw reads the newest page only; the sidebar asks for older pages as it scrolls (loadMore); a
 * session opened from elsewhere is read by id (ensure). Every announced change re-reads as many
 * sessions as are loaded (in one read, up to the largest page), so what was loaded stays current.
 */
import {
  HostResource,
  MAX_SESSIONS_PAGE_SIZE,
  SESSIONS_PAGE_SIZE,
  SessionsResourceSchema,
  newestFirst,
  parseSessionCursor,
  sessionCursor,
  sessionsPageUri,
  type SessionSummary,
  type SessionsResource,
} from '../../shared/hostApi'
import { useSessionsStore } from '../stores/sessionsStore'
import { useErrorStore } from '../stores/errorStore'
import type { HostClient } from './hostClient'

/** The loaded list after a fresh read of its newest part: that part as read, then what was loaded beyond it. */
export function mergeNewest(loaded: readonly SessionSummary[] | null, hadMore: boolean, page: SessionsResource): { sessions: SessionSummary[]; hasMore: boolean } {
  if (page.next === undefined) return { sessions: page.sessions, hasMore: false }
  const end = parseSessionCursor(page.next)!
  const fresh = new Set(page.sessions.map((session) => session.id))
  const beyond = (loaded ?? []).filter((session) => !fresh.has(session.id) && newestFirst(session, end) > 0)
  return { sessions: [...page.sessions, ...beyond], hasMore: beyond.length > 0 ? hadMore : true }
}

export function feedSessions(client: HostClient, onError: (message: string) => void = (message) => useErrorStore.getState().report(message)): () => void {
  const store = useSessionsStore
  /** How many sessions each re-read asks for: the first page, and the pages loaded since. */
  let wanted = SESSIONS_PAGE_SIZE
  let loadingMore = false
  let stopped = false
  const reading = new Set<string>()

  const readOne = async (id: string) => {
    if (reading.has(id)) return
    reading.add(id)
    try {
      const page = await client.read(sessionsPageUri({ id }), SessionsResourceSchema)
      if (!stopped) store.setState((state) => ({ single: { ...state.single, [id]: page.sessions[0] ?? null } }))
    } catch (error) {
      onError(`Could not load session ${id}: ${(error as Error).message}`)
    } finally {
      reading.delete(id)
    }
  }

  store.setState({
    loadMore() {
      const { sessions, hasMore } = store.getState()
      const last = sessions?.at(-1)
      if (loadingMore || !hasMore || !last) return
      loadingMore = true
      client
        .read(sessionsPageUri({ before: sessionCursor(last), limit: SESSIONS_PAGE_SIZE }), SessionsResourceSchema)
        .then((page) => {
          if (stopped) return
          wanted = Math.min(MAX_SESSIONS_PAGE_SIZE, wanted + SESSIONS_PAGE_SIZE)
          store.setState((state) => {
            const known = new Set((state.sessions ?? []).map((session) => session.id))
            return { sessions: [...(state.sessions ?? []), ...page.sessions.filter((session) => !known.has(session.id))], hasMore: page.next !== undefined, total: page.total }
          })
        })
        .catch((error: Error) => onError(`Could not load older sessions: ${error.message}`))
        .finally(() => void (loadingMore = false))
    },
    ensure(id) {
      const state = store.getState()
      if (id in state.single || state.sessions?.some((session) => session.id === id)) return
      void readOne(id)
    },
  })

  const unsubscribe = client.subscribe(
    HostResource.sessions,
    SessionsResourceSchema,
    (page) => {
      const state = store.getState()
      store.setState({ ...mergeNewest(state.sessions, state.hasMore, page), total: page.total })
      // Sessions read by id follow the changes too (renamed, deleted); those now in the list need no read.
      const listed = new Set(store.getState().sessions?.map((session) => session.id))
      for (const id of Object.keys(state.single)) if (!listed.has(id)) void readOne(id)
    },
    () => (wanted === SESSIONS_PAGE_SIZE ? HostResource.sessions : sessionsPageUri({ limit: wanted })),
  )
  return () => {
    stopped = true
    unsubscribe()
  }
}
