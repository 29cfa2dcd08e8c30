/**
 * A button in the chat header that opens a panel under it (a group named by its heading). Escape
 * (on the button or in the panel) or the button closes it, and whenever it closes (also by the
 * panel's own buttons) the focus goes back to the button. In narrow windows the panel hangs from the
 * header's right edge rather than from the button, so that it never runs off the window's left.
 */
import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode } from 'react'
import { quietButton } from '../ui'

interface Props {
  /** The button's text. */
  label: ReactNode
  /** The panel's heading, which also names it. */
  title: string
  open: boolean
  onOpen: () => void
  onClose: () => void
  /** The panel's width class (e.g. `w-80`). */
  width: string
  children: ReactNode
}

export function HeaderPopover({ label, title, open, onOpen, onClose, width, children }: Props) {
  const toggle = useRef<HTMLButtonElement>(null)
  const wasOpen = useRef(open)
  const panelId = useId()
  const headingId = useId()

  useEffect(() => {
    if (wasOpen.current && !open) toggle.current?.focus()
    wasOpen.current = open
  }, [open])

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && open) {
      event.stopPropagation()
      onClose()
    }
  }

  return (
    <div className="shrink-0 lg:relative" onKeyDown={onKeyDown}>
      <button ref={toggle} type="button" className={quietButton} aria-expanded={open} aria-controls={open ? panelId : undefined} onClick={() => (open ? onClose() : onOpen())}>
        {label}
      </button>
      {open && (
        <div
          id={panelId}
          role="group"
          aria-labelledby={headingId}
          className={`absolute top-full right-2 z-20 mt-1 ${width} max-w-[calc(100vw-1rem)] rounded-lg lg:right-0 border border-zinc-200 bg-white p-3 shadow-lg dark:border-zinc-700 dark:bg-zinc-900`}
        >
          <h2 id={headingId} className="text-sm font-semibold">
            {title}
          </h2>
          {children}
        </div>
      )}
    </div>
  )
}
