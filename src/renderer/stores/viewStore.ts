/** What this window is looking at: local view state, never persisted, never sent to the host. */
import { create } from 'zustand'

export type Screen = 'sessions' | 'settings'

interface ViewStore {
  screen: Screen
  selectedId: string | null
  selectSession: (id: string | null) => void
  showSettings: () => void
}

export const useViewStore = create<ViewStore>()((set) => ({
  screen: 'sessions',
  selectedId: null,
  selectSession: (selectedId) => set({ selectedId, screen: 'sessions' }),
  showSettings: () => set({ screen: 'settings' }),
}))
