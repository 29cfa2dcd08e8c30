/** Settings, exactly as the host's `switchboard://settings` resource last reported them. */
import { create } from 'zustand'
import type { SettingsResource } from '../../shared/hostApi'

interface SettingsStore {
  /** Null until the first read. */
  settings: SettingsResource | null
  setSettings: (settings: SettingsResource) => void
}

export const useSettingsStore = create<SettingsStore>()((set) => ({
  settings: null,
  setSettings: (settings) => set({ settings }),
}))
