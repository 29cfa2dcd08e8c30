/** The agents as `switchboard://agents` last reported them (the default agent first). */
import { create } from 'zustand'
import type { AgentsResource } from '../../shared/hostApi'

interface AgentsStore {
  /** Null until the first read. */
  agents: AgentsResource | null
  setAgents: (agents: AgentsResource) => void
}

export const useAgentsStore = create<AgentsStore>()((set) => ({
  agents: null,
  setAgents: (agents) => set({ agents }),
}))
