/** Providers, presets and the selected model, exactly as `switchboard://models` last reported them. */
import { create } from 'zustand'
import type { ModelsResource } from '../../shared/hostApi'

interface ModelsStore {
  /** Null until the first read. */
  models: ModelsResource | null
  setModels: (models: ModelsResource) => void
}

export const useModelsStore = create<ModelsStore>()((set) => ({
  models: null,
  setModels: (models) => set({ models }),
}))
