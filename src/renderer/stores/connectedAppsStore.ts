/** A token just issued to a connected app: shown once (with its config snippets) until the person closes it. */
import { create } from 'zustand'
import type { IssuedToken } from '../../shared/hostApi'

interface ConnectedAppsStore {
  issued: IssuedToken | null
  show: (issued: IssuedToken) => void
  dismiss: () => void
}

export const useConnectedAppsStore = create<ConnectedAppsStore>()((set) => ({
  issued: null,
  show: (issued) => set({ issued }),
  dismiss: () => set({ issued: null }),
}))
