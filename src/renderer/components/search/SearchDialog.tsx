/**
 * Search all conversations (Ctrl+K / ⌘K): type, and the messages that match appear, best first, with
 * the words around the match; ↑/↓ choose, Enter (or a click) opens the conversation at the message,
 * Escape closes. The search runs in main over every session file (chat_search).
 */
import { useEffect, useId, useState, type KeyboardEvent } from 'react'
import type { SearchResult } from '../../../shared/hostApi'
import { useModalDialog } from '../../hooks/useModalDialog'
import { useHostClient } from '../../mcp/hostContext'
import { errorMessage } from '../../mcp/errorText'
import { useSearchStore } from '../../stores/searchStore'
import { openAtMessage } from '../chat/openAtMessage'
import { SearchIcon } from '../icons'
import { SearchResultItem } from './SearchResultItem'

/** Typing pauses this long (ms) before the next search goes out. */
const TYPING_PAUSE_MS = 150
/** While the index is still taking in older conversations, the same search is asked again this often (ms). */
const CATCHING_UP_RETRY_MS = 1000

type Found = { query: string; results: SearchResult[]; catchingUp: boolean } | { query: string; error: string }

export default function SearchDialog() {
  const setOpen = useSearchStore((state) => state.setOpen)
  const dialog = useModalDialog()
  const client = useHostClient()
  const listId = useId()
  const [query, setQuery] = useState('')
  const [found, setFound] = useState<Found | null>(null)
  const [chosen, setChosen] = useState(0)
  /** How many times the current words were asked again while the index caught up (0: just typed). */
  const [retry, setRetry] = useState(0)
  const wanted = query.trim()

  useEffect(() => {
    if (wanted === '') return
    let current = true
    let again: ReturnType<typeof setTimeout> | undefined
    const timer = setTimeout(
      () => {
        client
          .call('chat_search', { query: wanted })
          .then(({ results, catchingUp }) => {
            if (!current) return
            setFound({ query: wanted, results, catchingUp: catchingUp === true })
            setChosen((at) => (retry === 0 ? 0 : Math.min(at, Math.max(0, results.length - 1))))
            // Older conversations are still being indexed (after an update, or on the first search after a
            // start): ask again, so what they hold appears without typing again.
            if (catchingUp) again = setTimeout(() => setRetry((count) => count + 1), CATCHING_UP_RETRY_MS)
          })
          .catch((error: unknown) => {
            if (current) setFound({ query: wanted, error: errorMessage(error) })
          })
      },
      retry === 0 ? TYPING_PAUSE_MS : 0,
    )
    return () => {
      current = false
      clearTimeout(timer)
      clearTimeout(again)
    }
  }, [client, wanted, retry])

  const results = found && 'results' in found && wanted !== '' ? found.results : []
  const open = (result: SearchResult | undefined) => {
    if (!result) return
    setOpen(false)
    openAtMessage(result.sessionId, result.messageId)
  }
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault()
      const step = event.key === 'ArrowDown' ? 1 : -1
      setChosen((at) => (results.length === 0 ? 0 : (at + step + results.length) % results.length))
    } else if (event.key === 'Enter') {
      event.preventDefault()
      open(results[chosen])
    }
  }
  const optionId = (index: number) => `${listId}-${index}`
  const status =
    wanted === ''
      ? 'Type words from any message of any conversation. ↑ ↓ to choose, Enter to open.'
      : found && 'error' in found
        ? `The search failed: ${found.error}`
        : found?.query !== wanted
          ? 'Searching…'
          : found.catchingUp
            ? `${results.length === 0 ? 'Nothing yet' : results.length === 1 ? '1 message so far' : `${results.length} messages so far`}: older conversations are still being indexed…`
            : results.length === 0
              ? `No message matches “${wanted}”.`
              : `${results.length === 1 ? '1 message' : `${results.length} messages`} found.`

  return (
    <dialog
      ref={dialog}
      aria-label="Search conversations"
      onCancel={(event) => {
        event.preventDefault()
        setOpen(false)
      }}
      className="m-auto mt-[12vh] w-[min(42rem,calc(100vw-2rem))] rounded-xl bg-white p-0 text-zinc-900 shadow-xl ring-1 ring-black/10 backdrop:bg-black/40 dark:bg-zinc-900 dark:text-zinc-100 dark:ring-white/10"
    >
      <div className="flex items-center gap-2 border-b border-zinc-200 px-4 dark:border-zinc-800">
        <SearchIcon className="size-4 text-zinc-400" />
        <input
          autoFocus
          role="combobox"
          aria-label="Search all conversations"
          aria-expanded={results.length > 0}
          aria-controls={listId}
          aria-activedescendant={results.length > 0 ? optionId(chosen) : undefined}
          placeholder="Search all conversations…"
          value={query}
          onChange={(event) => {
            setQuery(event.target.value)
            setRetry(0)
          }}
          onKeyDown={onKeyDown}
          className="h-12 min-w-0 flex-1 bg-transparent text-[15px] placeholder:text-zinc-400 focus-visible:outline-none"
        />
        <kbd className="rounded border border-zinc-300 px-1.5 text-[11px] text-zinc-500 dark:border-zinc-700 dark:text-zinc-400">Esc</kbd>
      </div>
      <ul id={listId} role="listbox" aria-label="Matching messages" className="max-h-[60vh] overflow-y-auto p-2 empty:hidden">
        {results.map((result, index) => (
          <SearchResultItem key={result.messageId} id={optionId(index)} result={result} chosen={index === chosen} onChoose={() => setChosen(index)} onOpen={() => open(result)} />
        ))}
      </ul>
      <p role="status" className="px-4 py-3 text-xs text-zinc-500 dark:text-zinc-400">
        {status}
      </p>
    </dialog>
  )
}
