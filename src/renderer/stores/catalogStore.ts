/** The tool catalog (tools, resources, prompts), exactly as `switchboard://tools` last reported it. */
import { create } from 'zustand'
import type { ToolsResource } from '../../shared/hostApi'

interface CatalogStore {
  /** Null until the first read. */
  catalog: ToolsResource | null
  setCatalog: (catalog: ToolsResource) => void
}

export const useCatalogStore = create<CatalogStore>()((set) => ({
  catalog: null,
  setCatalog: (catalog) => set({ catalog }),
}))
