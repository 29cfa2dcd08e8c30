/** The search side of the registry browser: search box, results, "Load more", and when the list was fetched. */
import { useId } from 'react'
import type { RegistryEntry } from '../../../../../shared/hostApi'
import { AlertIcon, ChevronRightIcon, RefreshIcon } from '../../../icons'
import { quietButton, secondaryButton, textInput } from '../../../ui'
import { RegistryIcon } from './RegistryIcon'
import { entryTitle, kindLabel, lastUpdatedText } from './registryText'
import type { RegistrySearch } from './useRegistrySearch'
import { useViewStore } from '../../../../stores/viewStore'

interface Props {
  search: RegistrySearch
  onOpen: (entry: RegistryEntry) => void
}

export function DeprecatedBadge() {
  return (
    <span className="inline-flex items-center rounded-full bg-amber-100 px-1.5 py-0.5 text-[11px] font-medium text-amber-800 dark:bg-amber-500/15 dark:text-amber-300">
      Deprecated
    </span>
  )
}

function EntryRow({ entry, onOpen }: { entry: RegistryEntry; onOpen: () => void }) {
  return (
    <li>
      <button
        type="button"
        onClick={onOpen}
        className="flex w-full items-start gap-3 px-4 py-3 text-left transition-colors hover:bg-zinc-50 focus-visible:bg-zinc-50 focus-visible:outline-none dark:hover:bg-zinc-800/50 dark:focus-visible:bg-zinc-800/50"
      >
        <RegistryIcon entry={entry} />
        <span className="min-w-0 flex-1">
          <span className="flex min-w-0 items-center gap-2">
            <span className="truncate text-sm font-medium text-zinc-900 dark:text-zinc-100">{entryTitle(entry)}</span>
            <span className="shrink-0 text-xs text-zinc-500 dark:text-zinc-400">{entry.version}</span>
            {entry.status === 'deprecated' && <DeprecatedBadge />}
          </span>
          <span className="mt-0.5 block truncate font-mono text-xs text-zinc-500 dark:text-zinc-400">{entry.name}</span>
          <span className="mt-1 line-clamp-2 block text-xs text-zinc-600 dark:text-zinc-300">{entry.description}</span>
          {entry.kinds.length > 0 && <span className="mt-1 block text-[11px] text-zinc-500 dark:text-zinc-400">{entry.kinds.map(kindLabel).join(' · ')}</span>}
        </span>
        <ChevronRightIcon className="mt-1 size-4 shrink-0 text-zinc-400" />
      </button>
    </li>
  )
}

export function RegistryList({ search, onOpen }: Props) {
  const id = useId()
  const { page, entries, loading, error } = search
  const showExtensions = useViewStore((state) => state.showExtensions)
  return (
    <div className="space-y-3">
      <div>
        <label htmlFor={`${id}-query`} className="block text-xs font-medium text-zinc-700 dark:text-zinc-300">
          Search the MCP Registry
        </label>
        <input
          id={`${id}-query`}
          type="search"
          className={`${textInput} mt-1.5`}
          placeholder="e.g. github, weather, postgres"
          value={search.query}
          onChange={(event) => search.setQuery(event.target.value)}
          autoComplete="off"
          spellCheck={false}
        />
      </div>
      <div className="flex flex-wrap items-center justify-between gap-2 text-xs text-zinc-500 dark:text-zinc-400">
        <span aria-live="polite">
          {loading === 'first' ? 'Searching…' : page ? `Last updated ${lastUpdatedText(page.lastUpdated)}${page.fromCache ? ' (saved copy)' : ''} · ${page.registryUrl}` : ''}
        </span>
        <button type="button" className={quietButton} onClick={search.refresh} disabled={loading !== null}>
          <RefreshIcon className="size-3.5" />
          Refresh
        </button>
      </div>
      {page?.warning && (
        <p role="status" className="flex items-start gap-2 rounded-md bg-amber-50 px-3 py-2 text-xs text-amber-900 dark:bg-amber-500/10 dark:text-amber-200">
          <AlertIcon className="mt-0.5 size-3.5 shrink-0" />
          {page.warning}
        </p>
      )}
      {error && (
        <div role="alert" className="rounded-md bg-red-50 px-3 py-2 text-xs text-red-800 dark:bg-red-500/10 dark:text-red-300">
          <p>{error}</p>
          <p className="mt-1.5">
            The registry only helps you find servers. Without it you can still add one{' '}
            <button type="button" className="font-medium underline underline-offset-2" onClick={() => showExtensions({ page: 'add', tab: 'manual' })}>
              By hand
            </button>{' '}
            or{' '}
            <button type="button" className="font-medium underline underline-offset-2" onClick={() => showExtensions({ page: 'add', tab: 'import' })}>
              Paste or import
            </button>{' '}
            a config from Claude Desktop, VS Code or another app.
          </p>
        </div>
      )}
      {entries.length > 0 ? (
        <ul aria-label="Registry servers" aria-busy={loading !== null} className="divide-y divide-zinc-200 overflow-hidden rounded-lg border border-zinc-200 dark:divide-zinc-800 dark:border-zinc-800">
          {entries.map((entry) => (
            <EntryRow key={entry.name} entry={entry} onOpen={() => onOpen(entry)} />
          ))}
        </ul>
      ) : (
        loading === null && !error && <p className="text-sm text-zinc-500 dark:text-zinc-400">No servers match “{search.query.trim()}”.</p>
      )}
      {page && page.dropped.length > 0 && (
        <p className="text-xs text-zinc-500 dark:text-zinc-400">
          {page.dropped.length} entr{page.dropped.length === 1 ? 'y' : 'ies'} of this page could not be read and {page.dropped.length === 1 ? 'is' : 'are'} not shown.
        </p>
      )}
      {page?.nextCursor && (
        <button type="button" className={secondaryButton} onClick={search.loadMore} disabled={loading !== null}>
          {loading === 'more' ? 'Loading…' : 'Load more'}
        </button>
      )}
    </div>
  )
}
