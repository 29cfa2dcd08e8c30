/** What this window is looking at: local view state, never persisted, never sent to the host. */
import { create } from 'zustand'

export type Screen = 'sessions' | 'settings'
export type SettingsSection = 'general' | 'models' | 'secrets' | 'extensions' | 'permissions' | 'hooks' | 'skills' | 'plugins' | 'agents' | 'routines' | 'connected-apps' | 'activity' | 'telemetry'
/** A routine to start from ("Repeat this…" in a conversation): its agent and prompt filled in. */
export interface RoutineStart {
  agentId: string
  prompt: string
  name: string
  /** The resources the message attached. */
  attachments?: { extensionId: string; uri: string }[]
}
/** The tabs of the install page ("Add extension"). */
export type InstallTab = 'registry' | 'bundle' | 'import' | 'link' | 'manual'
/**
 * Where Settings → Extensions is: the list, one extension's details, or the install page on one of
 * its tabs (the "By hand" form when none is named). `link` fills in the Install link tab, and
 * `requestId` is the install request it came from (dismissed once the person installs or cancels).
 */
export type ExtensionsPage =
  | { page: 'list' }
  | { page: 'details'; id: string }
  | { page: 'edit'; id: string }
  | { page: 'add'; tab?: InstallTab; link?: string; requestId?: string }
/** Where Settings → Models & keys is: the providers (`justSaved` is tested at once), the add form (from a preset) or one provider's edit form. */
export type ModelsPage = { page: 'list'; justSaved?: string } | { page: 'add'; presetId?: string } | { page: 'edit'; id: string }

/** Wide enough for the sidebar beside the conversation; narrower windows fold it away. */
export const WIDE_WINDOW = '(min-width: 900px)'

interface ViewStore {
  screen: Screen
  selectedId: string | null
  /** "New session" was pressed and the host has not answered yet (the composer waits). */
  creatingSession: boolean
  /** The sidebar is shown (narrow windows start with it folded into a rail). */
  sidebarOpen: boolean
  /** The settings section last shown; kept while the person visits sessions. */
  settingsSection: SettingsSection
  extensionsPage: ExtensionsPage
  modelsPage: ModelsPage
  /** Set by "Repeat this…": Settings → Routines opens its form with these filled in, then clears it. */
  routineStart: RoutineStart | null
  selectSession: (id: string | null) => void
  setCreatingSession: (creating: boolean) => void
  setSidebarOpen: (open: boolean) => void
  showSettings: (section?: SettingsSection) => void
  showExtensions: (page: ExtensionsPage) => void
  showModels: (page: ModelsPage) => void
  repeatAsRoutine: (start: RoutineStart | null) => void
}

export const useViewStore = create<ViewStore>()((set) => ({
  screen: 'sessions',
  selectedId: null,
  creatingSession: false,
  sidebarOpen: typeof window === 'undefined' || window.matchMedia(WIDE_WINDOW).matches,
  settingsSection: 'general',
  extensionsPage: { page: 'list' },
  modelsPage: { page: 'list' },
  routineStart: null,
  selectSession: (selectedId) => set({ selectedId, screen: 'sessions' }),
  setCreatingSession: (creatingSession) => set({ creatingSession }),
  setSidebarOpen: (sidebarOpen) => set({ sidebarOpen }),
  showSettings: (section) => set((state) => ({ screen: 'settings', settingsSection: section ?? state.settingsSection })),
  showExtensions: (extensionsPage) => set({ screen: 'settings', settingsSection: 'extensions', extensionsPage }),
  showModels: (modelsPage) => set({ screen: 'settings', settingsSection: 'models', modelsPage }),
  repeatAsRoutine: (routineStart) => set(routineStart ? { screen: 'settings', settingsSection: 'routines', routineStart } : { routineStart: null }),
}))
