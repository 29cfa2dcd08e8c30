/**
 * A native <dialog> shown as a modal while the component is mounted: the rest of the window becomes
 * inert, and when it closes the focus goes back to where it was (or, when that element is gone, to
 * `fallbackFocus()`), so keyboard users continue where they left off.
 */
import { useEffect, useRef } from 'react'

export function useModalDialog(fallbackFocus?: () => HTMLElement | null) {
  const dialog = useRef<HTMLDialogElement>(null)
  // The callback of the first render is the one used on close (the dialog opens once).
  const firstFallback = useRef(fallbackFocus)
  useEffect(() => {
    const element = dialog.current
    if (!element) return
    const fallback = firstFallback.current
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null
    if (!element.open) element.showModal()
    return () => {
      if (element.open) element.close()
      const target = opener?.isConnected ? opener : (fallback?.() ?? null)
      target?.focus()
    }
  }, [])
  return dialog
}
