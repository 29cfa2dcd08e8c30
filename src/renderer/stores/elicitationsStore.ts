/** Pending approvals and questions, exactly as `switchboard://elicitations` last reported them (oldest first). */
import { create } from 'zustand'
import type { Elicitation } from '../../shared/hostApi'

interface ElicitationsStore {
  /** Empty until the first read. */
  elicitations: Elicitation[]
  setElicitations: (elicitations: Elicitation[]) => void
}

export const useElicitationsStore = create<ElicitationsStore>()((set) => ({
  elicitations: [],
  setElicitations: (elicitations) => set({ elicitations }),
}))
