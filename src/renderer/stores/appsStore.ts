/** MCP Apps as `switchboard://apps` last reported them: which tools have one, and what each was given. */
import { create } from 'zustand'
import type { AppsResource } from '../../shared/hostApi'

interface AppsStore {
  /** Null until the first read. */
  apps: AppsResource | null
  setApps: (apps: AppsResource) => void
}

export const useAppsStore = create<AppsStore>()((set) => ({
  apps: null,
  setApps: (apps) => set({ apps }),
}))
