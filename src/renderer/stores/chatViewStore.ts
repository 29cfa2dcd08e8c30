/**
 * Local view state of the chat that must outlive a scrolled-away message (the list is virtualized,
 * so its rows unmount) or a switch of session: which tool cards are open, unsent drafts, messages
 * sent but not yet in the history, and sessions this window just created. Never sent anywhere.
 */
import { create } from 'zustand'

/** The draft of a conversation that has no session yet. */
export const NEW_CHAT = ''

/** A message on its way: shown until the history holds more than `baseline` messages. */
export interface Sending {
  text: string
  baseline: number
}

interface ChatViewStore {
  openCards: ReadonlySet<string>
  drafts: Readonly<Record<string, string>>
  sending: Readonly<Record<string, Sending>>
  /** Sessions created by sending a first message, shown before the session list has them. */
  created: ReadonlySet<string>
  setCardOpen: (callId: string, open: boolean) => void
  setDraft: (sessionId: string, text: string) => void
  setSending: (sessionId: string, sending: Sending | null) => void
  addCreated: (sessionId: string) => void
}

export const useChatViewStore = create<ChatViewStore>()((set) => ({
  openCards: new Set(),
  drafts: {},
  sending: {},
  created: new Set(),
  setCardOpen: (callId, open) =>
    set((state) => {
      if (state.openCards.has(callId) === open) return state
      const openCards = new Set(state.openCards)
      if (open) openCards.add(callId)
      else openCards.delete(callId)
      return { openCards }
    }),
  setDraft: (sessionId, text) =>
    set((state) => {
      const drafts = { ...state.drafts }
      if (text === '') delete drafts[sessionId]
      else drafts[sessionId] = text
      return { drafts }
    }),
  setSending: (sessionId, value) =>
    set((state) => {
      const sending = { ...state.sending }
      if (value) sending[sessionId] = value
      else delete sending[sessionId]
      return { sending }
    }),
  addCreated: (sessionId) => set((state) => ({ created: new Set(state.created).add(sessionId) })),
}))
