/**
 * Resources attached to each conversation's composer (by draft key: the session id, or NEW_CHAT).
 * They stay attached after a message is sent: the host keeps them fresh and gives them to the model
 * with every message until they are removed. Local view state; the host learns of it on send.
 */
import { create } from 'zustand'
import { MAX_ATTACHMENTS, type AttachmentRef } from '../../shared/hostApi'

const NONE: readonly AttachmentRef[] = []

interface AttachmentsStore {
  attachments: Readonly<Record<string, readonly AttachmentRef[]>>
  /** Adds unless already attached; false when the conversation has the most it can take. */
  attach: (key: string, ref: AttachmentRef) => boolean
  detach: (key: string, ref: Pick<AttachmentRef, 'extensionId' | 'uri'>) => void
  /** A new conversation got its session id: its attachments go with it. */
  move: (from: string, to: string) => void
}

const same = (a: Pick<AttachmentRef, 'extensionId' | 'uri'>, b: Pick<AttachmentRef, 'extensionId' | 'uri'>) => a.extensionId === b.extensionId && a.uri === b.uri

export const useAttachmentsStore = create<AttachmentsStore>()((set, get) => ({
  attachments: {},
  attach: (key, ref) => {
    const current = get().attachments[key] ?? NONE
    if (current.some((existing) => same(existing, ref))) return true
    if (current.length >= MAX_ATTACHMENTS) return false
    set((state) => ({ attachments: { ...state.attachments, [key]: [...current, ref] } }))
    return true
  },
  detach: (key, ref) =>
    set((state) => {
      const rest = (state.attachments[key] ?? NONE).filter((existing) => !same(existing, ref))
      const attachments = { ...state.attachments }
      if (rest.length === 0) delete attachments[key]
      else attachments[key] = rest
      return { attachments }
    }),
  move: (from, to) =>
    set((state) => {
      const moving = state.attachments[from]
      if (!moving) return state
      const attachments = { ...state.attachments, [to]: moving }
      delete attachments[from]
      return { attachments }
    }),
}))

/** The attachments of one conversation (a stable empty list when there are none). */
export const useAttachments = (key: string): readonly AttachmentRef[] => useAttachmentsStore((state) => state.attachments[key] ?? NONE)
