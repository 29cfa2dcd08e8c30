/**
 * The registry search as the browser shows it: the query is sent 300 ms after the last keystroke,
 * pages are appended with "Load more" (cursor), and an answer to an older query is ignored. Errors
 * stay next to the list (with the registry's own words) instead of the global banner.
 */
import { useCallback, useEffect, useRef, useState } from 'react'
import type { RegistryEntry, RegistryPage } from '../../../../../shared/hostApi'
import { useHostClient } from '../../../../mcp/hostContext'
import { errorMessage } from '../../../../mcp/errorText'

export const SEARCH_DEBOUNCE_MS = 300

export interface RegistrySearch {
  query: string
  setQuery: (query: string) => void
  entries: RegistryEntry[]
  /** The last page's answer: "last updated", cache state, warnings, dropped entries. */
  page: RegistryPage | null
  loading: 'first' | 'more' | null
  error: string | null
  loadMore: () => void
  refresh: () => void
}

/** `registryUrl` is the current setting: changing it searches the new registry. */
export function useRegistrySearch(registryUrl: string): RegistrySearch {
  const client = useHostClient()
  const [query, setQuery] = useState('')
  const [entries, setEntries] = useState<RegistryEntry[]>([])
  const [page, setPage] = useState<RegistryPage | null>(null)
  const [loading, setLoading] = useState<RegistrySearch['loading']>('first')
  const [error, setError] = useState<string | null>(null)
  // Each request gets a number; only the newest one may change the state.
  const latest = useRef(0)

  const fetchPage = useCallback(
    async (text: string, cursor: string | undefined, refresh: boolean) => {
      const ticket = ++latest.current
      setLoading(cursor ? 'more' : 'first')
      setError(null)
      try {
        const answer = await client.call('registry_search', { query: text.trim() || undefined, cursor, refresh })
        if (ticket !== latest.current) return
        setPage(answer)
        setEntries((previous) => {
          if (!cursor) return answer.entries
          const known = new Set(previous.map((entry) => entry.name))
          return [...previous, ...answer.entries.filter((entry) => !known.has(entry.name))]
        })
      } catch (failure) {
        if (ticket === latest.current) setError(errorMessage(failure))
      } finally {
        if (ticket === latest.current) setLoading(null)
      }
    },
    [client],
  )

  useEffect(() => {
    const timer = setTimeout(() => void fetchPage(query, undefined, false), SEARCH_DEBOUNCE_MS)
    return () => clearTimeout(timer)
  }, [query, fetchPage, registryUrl])

  return {
    query,
    setQuery,
    entries,
    page,
    loading,
    error,
    loadMore: () => {
      if (page?.nextCursor) void fetchPage(query, page.nextCursor, false)
    },
    refresh: () => void fetchPage(query, undefined, true),
  }
}
