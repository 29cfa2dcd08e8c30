/** Ctrl+K (⌘K on a Mac) opens the search across conversations from anywhere in the window. */
import { useEffect } from 'react'
import { useSearchStore } from '../stores/searchStore'

export const isMac = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.userAgent)
/** As the shortcut is shown in the window. */
export const SEARCH_KEYS = isMac ? '⌘K' : 'Ctrl+K'

export function useSearchShortcut(): void {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key.toLowerCase() !== 'k' || event.altKey || event.shiftKey || !(isMac ? event.metaKey : event.ctrlKey)) return
      event.preventDefault()
      useSearchStore.getState().setOpen(true)
    }
    window.addEventListener('keydown', onKeyDown)
    return () => window.removeEventListener('keydown', onKeyDown)
  }, [])
}
