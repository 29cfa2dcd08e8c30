/** Notices for the person (a damaged file moved aside…): kept until dismissed, so each is told once. */
import { randomUUID } from 'node:crypto'
import type { Notice } from '../../shared/hostApi'

export interface NoticeBoard {
  add(notice: Omit<Notice, 'id'>): void
  list(): Notice[]
  dismiss(id: string): void
  onChange(listener: () => void): () => void
}

export function createNoticeBoard(): NoticeBoard {
  let notices: Notice[] = []
  const listeners = new Set<() => void>()
  const changed = () => listeners.forEach((listener) => listener())
  return {
    add(notice) {
      notices = [...notices, { id: randomUUID(), ...notice }]
      changed()
    },
    list: () => notices,
    dismiss(id) {
      const before = notices.length
      notices = notices.filter((notice) => notice.id !== id)
      if (notices.length !== before) changed()
    },
    onChange(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  }
}
