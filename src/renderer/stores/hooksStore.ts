/** The hooks as `switchboard://hooks` last reported them, in run order. */
import { create } from 'zustand'
import type { HooksResource } from '../../shared/hostApi'

interface HooksStore {
  /** Null until the first read. */
  hooks: HooksResource['hooks'] | null
  setHooks: (hooks: HooksResource['hooks']) => void
}

export const useHooksStore = create<HooksStore>()((set) => ({
  hooks: null,
  setHooks: (hooks) => set({ hooks }),
}))
