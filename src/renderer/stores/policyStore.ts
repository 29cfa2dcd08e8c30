/**
 * `switchboard://policy` for every view that shows managed controls. One subscription feeds it (the
 * policy banner, mounted in every window): the host client keeps one subscription per resource, so
 * views read this store instead of subscribing each on their own. Loaded apart from the first chunk.
 */
import { create } from 'zustand'
import type { PolicyResource } from '../../shared/hostApi'

interface PolicyStore {
  policy: PolicyResource | null
  setPolicy: (policy: PolicyResource) => void
}

export const usePolicyStore = create<PolicyStore>()((set) => ({
  policy: null,
  setPolicy: (policy) => set({ policy }),
}))
