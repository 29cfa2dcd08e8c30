/** What this window is looking at: local view state, never persisted, never sent to the host. */
import { create } from 'zustand'

export type Screen = 'sessions' | 'settings'
export type SettingsSection = 'general' | 'secrets' | 'extensions'
/** Where Settings → Extensions is: the list, one extension's details, or the add form. */
export type ExtensionsPage = { page: 'list' } | { page: 'details'; id: string } | { page: 'add' }

interface ViewStore {
  screen: Screen
  selectedId: string | null
  /** The settings section last shown; kept while the person visits sessions. */
  settingsSection: SettingsSection
  extensionsPage: ExtensionsPage
  selectSession: (id: string | null) => void
  showSettings: (section?: SettingsSection) => void
  showExtensions: (page: ExtensionsPage) => void
}

export const useViewStore = create<ViewStore>()((set) => ({
  screen: 'sessions',
  selectedId: null,
  settingsSection: 'general',
  extensionsPage: { page: 'list' },
  selectSession: (selectedId) => set({ selectedId, screen: 'sessions' }),
  showSettings: (section) => set((state) => ({ screen: 'settings', settingsSection: section ?? state.settingsSection })),
  showExtensions: (extensionsPage) => set({ screen: 'settings', settingsSection: 'extensions', extensionsPage }),
}))
