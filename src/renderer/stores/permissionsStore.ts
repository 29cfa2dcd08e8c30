/** Mode, policies, argument rules and pins, exactly as `switchboard://permissions` last reported them. */
import { create } from 'zustand'
import type { PermissionsResource } from '../../shared/hostApi'

interface PermissionsStore {
  /** Null until the first read. */
  permissions: PermissionsResource | null
  setPermissions: (permissions: PermissionsResource) => void
}

export const usePermissionsStore = create<PermissionsStore>()((set) => ({
  permissions: null,
  setPermissions: (permissions) => set({ permissions }),
}))
