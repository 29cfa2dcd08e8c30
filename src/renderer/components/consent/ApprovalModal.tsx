/**
 * The modal shell of an approval: a native <dialog> opened with showModal (the rest of the window
 * becomes inert), Tab kept inside, Escape answers "deny", and focus starts on the heading, so that
 * Enter does nothing until the person has chosen a button. The allow buttons also wait a moment
 * after each new request, so a key or click meant for something else cannot approve it.
 */
import { useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react'
import { useModalDialog } from '../../hooks/useModalDialog'

/** How long after a request appears the allow buttons stay disabled. */
export const ARM_DELAY_MS = 500

interface Props {
  /** Changes when another request is shown: focus and the delay start over. */
  requestId: string
  title: ReactNode
  /** A line under the title (which extension, what kind). */
  subtitle?: ReactNode
  /** A decorative icon beside the title. */
  icon?: ReactNode
  onEscape: () => void
  children: ReactNode
  /** The buttons; `armed` is false during the delay. */
  actions: (armed: boolean) => ReactNode
  footerNote?: ReactNode
}

const focusable = 'button:not([disabled]), [href], input:not([disabled]), select, textarea, [tabindex]:not([tabindex="-1"])'

export function ApprovalModal({ requestId, title, subtitle, icon, onEscape, children, actions, footerNote }: Props) {
  // Open once; give the focus back to where it was when the last request is answered. The opener
  // may be gone (the add form navigates away); then the page's own focus target takes it.
  const dialog = useModalDialog(() => document.querySelector<HTMLElement>('main [tabindex="-1"]'))
  const heading = useRef<HTMLHeadingElement>(null)
  const [armedFor, setArmedFor] = useState<string | null>(null)

  useEffect(() => {
    heading.current?.focus()
    const timer = setTimeout(() => setArmedFor(requestId), ARM_DELAY_MS)
    return () => clearTimeout(timer)
  }, [requestId])

  const onKeyDown = (event: KeyboardEvent<HTMLDialogElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault()
      onEscape()
      return
    }
    if (event.key !== 'Tab') return
    const items = [...(dialog.current?.querySelectorAll<HTMLElement>(focusable) ?? [])]
    const first = items[0]
    const last = items[items.length - 1]
    if (!first || !last) return
    const active = document.activeElement
    if (event.shiftKey && (active === first || active === heading.current)) {
      event.preventDefault()
      last.focus()
    } else if (!event.shiftKey && active === last) {
      event.preventDefault()
      first.focus()
    }
  }

  return (
    <dialog
      ref={dialog}
      aria-labelledby="approval-title"
      onKeyDown={onKeyDown}
      // Escape is handled on keydown; a close request that still gets through (Chrome's close watcher) is refused here.
      onCancel={(event) => event.preventDefault()}
      onClose={(event) => {
        if (!event.currentTarget.open) event.currentTarget.showModal()
      }}
      className={
        'm-auto flex max-h-[min(44rem,calc(100vh-2rem))] w-[min(40rem,calc(100vw-2rem))] flex-col overflow-hidden rounded-xl border border-zinc-200 bg-white p-0 text-zinc-900 ' +
        'shadow-2xl backdrop:bg-zinc-950/50 backdrop:backdrop-blur-[2px] open:flex dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100'
      }
    >
      <header className="flex shrink-0 items-start gap-3 border-b border-zinc-200 px-5 pt-4 pb-3.5 dark:border-zinc-800">
        {icon}
        <div className="min-w-0">
          <h2 ref={heading} id="approval-title" tabIndex={-1} className="text-base font-semibold wrap-anywhere focus-visible:outline-none">
            {title}
          </h2>
          {subtitle && <p className="mt-0.5 text-xs text-zinc-500 dark:text-zinc-400">{subtitle}</p>}
        </div>
      </header>
      <div tabIndex={0} role="group" aria-label="What it will do" className="min-h-0 flex-1 space-y-4 overflow-y-auto px-5 py-4 focus-visible:-outline-offset-2">
        {children}
      </div>
      <footer className="flex shrink-0 flex-wrap items-center gap-2 border-t border-zinc-200 bg-zinc-50 px-5 py-3 dark:border-zinc-800 dark:bg-zinc-950/50">
        <div className="mr-auto text-xs text-zinc-500 dark:text-zinc-400">{footerNote}</div>
        {actions(armedFor === requestId)}
      </footer>
    </dialog>
  )
}
