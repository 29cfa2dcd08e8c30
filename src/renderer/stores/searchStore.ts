/** The search across conversations: whether its dialog is open, and the message a result asked to open at. */
import { create } from 'zustand'

export interface MessageFocus {
  sessionId: string
  messageId: string
}

interface SearchStore {
  open: boolean
  /** The message the conversation should bring into view once it has it (openAtMessage.ts). */
  focus: MessageFocus | null
  setOpen: (open: boolean) => void
  setFocus: (focus: MessageFocus | null) => void
}

export const useSearchStore = create<SearchStore>()((set) => ({
  open: false,
  focus: null,
  setOpen: (open) => set({ open }),
  setFocus: (focus) => set({ focus }),
}))
