/** What this window is looking at: local view state, never persisted, never sent to the host. */
import { create } from 'zustand'

export type Screen = 'sessions' | 'settings'
export type SettingsSection = 'general' | 'secrets'

interface ViewStore {
  screen: Screen
  selectedId: string | null
  /** The settings section last shown; kept while the person visits sessions. */
  settingsSection: SettingsSection
  selectSession: (id: string | null) => void
  showSettings: (section?: SettingsSection) => void
}

export const useViewStore = create<ViewStore>()((set) => ({
  screen: 'sessions',
  selectedId: null,
  settingsSection: 'general',
  selectSession: (selectedId) => set({ selectedId, screen: 'sessions' }),
  showSettings: (section) => set((state) => ({ screen: 'settings', settingsSection: section ?? state.settingsSection })),
}))
