/** The session list, exactly as the host's `switchboard://sessions` resource last reported it. */
import { create } from 'zustand'
import type { SessionSummary } from '../../shared/hostApi'

interface SessionsStore {
  /** Null until the first read. Newest first. */
  sessions: SessionSummary[] | null
  setSessions: (sessions: SessionSummary[]) => void
}

export const useSessionsStore = create<SessionsStore>()((set) => ({
  sessions: null,
  setSessions: (sessions) => set({ sessions }),
}))
