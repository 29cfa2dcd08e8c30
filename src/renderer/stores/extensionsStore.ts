/** Installed extensions, exactly as the host's `switchboard://extensions` resource last reported them. */
import { create } from 'zustand'
import type { ExtensionView } from '../../shared/hostApi'

interface ExtensionsStore {
  /** Null until the first read. */
  extensions: ExtensionView[] | null
  setExtensions: (extensions: ExtensionView[]) => void
}

export const useExtensionsStore = create<ExtensionsStore>()((set) => ({
  extensions: null,
  setExtensions: (extensions) => set({ extensions }),
}))
