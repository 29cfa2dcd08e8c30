/** The left column: app name, "New session", the session list and the way to settings. */
import { useEffect, useMemo, useRef, useState } from 'react'
import { useVirtualizer } from '@tanstack/react-virtual'
import type { SessionSummary } from '../../shared/hostApi'
import { useHostAction } from '../hooks/useHostAction'
import { useSessionsStore } from '../stores/sessionsStore'
import { useViewStore, WIDE_WINDOW } from '../stores/viewStore'
import { SessionItem } from './SessionItem'
import { AppMark } from './AppMark'
import { BackIcon, ChevronRightIcon, GearIcon, PlusIcon, SearchIcon } from './icons'
import { SEARCH_KEYS } from '../hooks/useSearchShortcut'
import { useSearchStore } from '../stores/searchStore'
import { iconButton, secondaryButton } from './ui'

export function Sidebar() {
  const act = useHostAction()
  const all = useSessionsStore((state) => state.sessions)
  const hasMore = useSessionsStore((state) => state.hasMore)
  const loadMore = useSessionsStore((state) => state.loadMore)
  // A sub-agent's conversation is opened from the tool card that asked it, not listed with the person's own.
  const sessions = useMemo(() => (all ?? []).filter((session) => !session.parent), [all])
  const screen = useViewStore((state) => state.screen)
  const selectedId = useViewStore((state) => state.selectedId)
  const selectSession = useViewStore((state) => state.selectSession)
  const showSettings = useViewStore((state) => state.showSettings)
  const setCreatingSession = useViewStore((state) => state.setCreatingSession)
  const newButton = useRef<HTMLButtonElement>(null)
  // State, not a ref: the list's virtualizer needs a draw once the element exists (a ref is set after the rows' first layout).
  const [scroller, setScroller] = useState<HTMLElement | null>(null)
  const open = useViewStore((state) => state.sidebarOpen)
  const setOpen = useViewStore((state) => state.setSidebarOpen)
  const openSearch = () => useSearchStore.getState().setOpen(true)
  // Crossing the narrow-window width folds or unfolds it, as the person would.
  useEffect(() => {
    const wide = window.matchMedia(WIDE_WINDOW)
    const follow = () => setOpen(wide.matches)
    wide.addEventListener('change', follow)
    return () => wide.removeEventListener('change', follow)
  }, [setOpen])

  // The list comes in pages (sessionsPageApi.ts): the next one loads while the end is within ten rows of view,
  // or when what is loaded does not fill the column (a page of sub-agents' sessions shows nothing here).
  useEffect(() => {
    if (!scroller || !hasMore) return
    const nearEnd = () => {
      if (scroller.scrollTop + scroller.clientHeight >= scroller.scrollHeight - 10 * ROW_HEIGHT) loadMore()
    }
    nearEnd()
    scroller.addEventListener('scroll', nearEnd, { passive: true })
    return () => scroller.removeEventListener('scroll', nearEnd)
  }, [scroller, hasMore, loadMore, sessions.length])

  const create = async () => {
    // A second press while the first is on its way would make a second session.
    if (useViewStore.getState().creatingSession) return
    setCreatingSession(true)
    try {
      const session = await act('session_create', {})
      if (session) selectSession(session.id)
    } finally {
      setCreatingSession(false)
    }
  }
  const deleted = (id: string) => {
    if (id === selectedId) {
      // Select the neighbour, so that the main area does not fall back to empty for no reason.
      const index = sessions.findIndex((session) => session.id === id)
      const next = sessions[index + 1] ?? sessions[index - 1]
      selectSession(next?.id ?? null)
    }
    newButton.current?.focus()
  }

  if (!open) {
    return (
      <aside id="sidebar" aria-label="Sidebar" className="flex w-12 shrink-0 flex-col items-center gap-2 border-r border-zinc-200 bg-zinc-50 py-2.5 dark:border-zinc-800 dark:bg-zinc-950">
        <button type="button" className={iconButton} aria-label="Show sidebar" aria-expanded={false} aria-controls="sidebar" onClick={() => setOpen(true)}>
          <ChevronRightIcon className="size-4" />
        </button>
        <button type="button" className={iconButton} aria-label="New session" onClick={() => void create()}>
          <PlusIcon />
        </button>
        <button type="button" className={iconButton} aria-label="Search conversations" aria-keyshortcuts="Control+K Meta+K" title={`Search conversations (${SEARCH_KEYS})`} onClick={openSearch}>
          <SearchIcon />
        </button>
        <button type="button" className={`${iconButton} mt-auto`} aria-label="Settings" aria-current={screen === 'settings' ? 'page' : undefined} onClick={() => showSettings()}>
          <GearIcon />
        </button>
      </aside>
    )
  }

  return (
    <aside id="sidebar" aria-label="Sidebar" className="flex w-64 shrink-0 flex-col border-r border-zinc-200 bg-zinc-50 dark:border-zinc-800 dark:bg-zinc-950">
      <div className="flex h-12 items-center gap-2 pr-2 pl-4">
        <AppMark />
        <span className="text-sm font-semibold tracking-tight">Switchboard</span>
        <button type="button" className={`${iconButton} ml-auto`} aria-label="Hide sidebar" aria-expanded={true} aria-controls="sidebar" onClick={() => setOpen(false)}>
          <BackIcon className="size-4" />
        </button>
      </div>
      <div className="px-3 pb-3">
        <button ref={newButton} type="button" className={`${secondaryButton} w-full justify-start`} onClick={() => void create()}>
          <PlusIcon />
          New session
        </button>
        <button
          type="button"
          aria-keyshortcuts="Control+K Meta+K"
          onClick={openSearch}
          className="mt-1.5 flex h-8 w-full items-center gap-2 rounded-md px-2.5 text-sm text-zinc-600 transition-colors hover:bg-zinc-200/50 dark:text-zinc-400 dark:hover:bg-zinc-800/60"
        >
          <SearchIcon />
          Search
          <kbd className="ml-auto rounded border border-zinc-300 px-1.5 text-[11px] dark:border-zinc-700">{SEARCH_KEYS}</kbd>
        </button>
      </div>
      <h2 id="sessions-heading" className="px-5 pb-1 text-xs font-medium tracking-wide text-zinc-500 uppercase dark:text-zinc-400">
        Sessions
      </h2>
      <nav ref={setScroller} aria-labelledby="sessions-heading" className="min-h-0 flex-1 overflow-y-auto px-2 pb-2">
        {sessions.length === 0 && !hasMore ? (
          <p className="px-3 py-2 text-sm text-zinc-500 dark:text-zinc-400">No sessions yet.</p>
        ) : (
          <SessionRows sessions={sessions} scroller={scroller} activeId={screen === 'sessions' ? selectedId : null} onSelect={selectSession} onDeleted={deleted} />
        )}
        {hasMore && (
          <button type="button" onClick={loadMore} className="mt-1 w-full rounded-md px-3 py-1.5 text-left text-xs text-zinc-500 hover:bg-zinc-200/50 dark:text-zinc-400 dark:hover:bg-zinc-800/60">
            Show older sessions
          </button>
        )}
      </nav>
      <div className="border-t border-zinc-200 p-2 dark:border-zinc-800">
        <button
          type="button"
          aria-current={screen === 'settings' ? 'page' : undefined}
          onClick={() => showSettings()}
          className={
            'flex h-8 w-full items-center gap-2 rounded-md px-2.5 text-sm transition-colors ' +
            (screen === 'settings'
              ? 'bg-zinc-200/80 font-medium text-zinc-950 dark:bg-zinc-800 dark:text-white'
              : 'text-zinc-700 hover:bg-zinc-200/50 dark:text-zinc-300 dark:hover:bg-zinc-800/60')
          }
        >
          <GearIcon />
          Settings
        </button>
      </div>
    </aside>
  )
}

/**
 * Past this many sessions only the rows in view (and a few more) are drawn: the first draw, a page of
 * 100 sessions once there are more than 100, costs about what 40 rows cost, not 100.
 */
const VIRTUAL_FROM = 40
/** A row's height as drawn (h-8 and the gap); rows being renamed are taller, which only moves the scroll estimate. */
const ROW_HEIGHT = 34

interface SessionRowsProps {
  sessions: readonly SessionSummary[]
  scroller: HTMLElement | null
  activeId: string | null
  onSelect: (id: string) => void
  onDeleted: (id: string) => void
}

function SessionRows({ sessions, scroller, activeId, onSelect, onDeleted }: SessionRowsProps) {
  const virtual = sessions.length > VIRTUAL_FROM
  // Not memoised (as in MessageList): the component reads the virtualizer afresh on every draw.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: virtual ? sessions.length : 0,
    getScrollElement: () => scroller,
    estimateSize: () => ROW_HEIGHT,
    overscan: 12,
    getItemKey: (index) => sessions[index]?.id ?? index,
  })
  const row = (session: SessionSummary) => (
    <SessionItem key={session.id} session={session} active={session.id === activeId} onSelect={() => onSelect(session.id)} onDeleted={() => onDeleted(session.id)} />
  )
  if (!virtual) return <ul className="space-y-0.5">{sessions.map(row)}</ul>
  const items = virtualizer.getVirtualItems()
  // The rows in view flow as usual inside a box as tall as the whole list, moved down to where the first belongs.
  return (
    <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
      <ul className="space-y-0.5" style={{ transform: `translateY(${items[0]?.start ?? 0}px)` }}>
        {items.map((item) => row(sessions[item.index]!))}
      </ul>
    </div>
  )
}
