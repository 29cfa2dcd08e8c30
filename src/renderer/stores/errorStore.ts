/** Errors to show in the dismissible banner (failed tool calls, unreadable resources). */
import { create } from 'zustand'

export interface ShownError {
  id: number
  message: string
}

interface ErrorStore {
  errors: ShownError[]
  report: (message: string) => void
  dismiss: (id: number) => void
}

let nextId = 1

export const useErrorStore = create<ErrorStore>()((set) => ({
  errors: [],
  report: (message) =>
    set((state) => ({
      // The same message twice in a row is one problem, not two.
      errors: state.errors.some((error) => error.message === message)
        ? state.errors
        : [...state.errors, { id: nextId++, message }].slice(-3),
    })),
  dismiss: (id) => set((state) => ({ errors: state.errors.filter((error) => error.id !== id) })),
}))
