/**
 * An extension's recent log (`switchboard://extensions/{id}/log`), subscribed only while shown:
 * stderr, protocol and lifecycle lines told apart by a labelled tag, the server's own log messages
 * with a badge of their level (debug … emergency), warnings and errors marked, a minimum-level
 * filter; follows new lines until the person scrolls up, with a way back to the latest.
 */
import { useId, useMemo, useState } from 'react'
import { ExtensionLogResourceSchema, extensionLogUri, type LogEntry } from '../../../shared/hostApi'
import { LOG_LEVELS, logLevelRank, type LoggingLevel } from '../../../shared/logLevelApi'
import { useHostResource } from '../../hooks/useHostResource'
import { useFollowBottom } from '../../hooks/useFollowBottom'
import { ArrowDownIcon } from '../icons'
import { smallSecondaryButton } from '../ui'

type Source = LogEntry['source']

const sources: { id: Source; label: string; tag: string; dot: string }[] = [
  { id: 'lifecycle', label: 'Lifecycle', tag: 'bg-emerald-100 text-emerald-800 dark:bg-emerald-500/15 dark:text-emerald-300', dot: 'bg-emerald-500' },
  { id: 'stderr', label: 'stderr', tag: 'bg-amber-100 text-amber-800 dark:bg-amber-500/15 dark:text-amber-300', dot: 'bg-amber-500' },
  { id: 'protocol', label: 'Protocol', tag: 'bg-indigo-100 text-indigo-800 dark:bg-indigo-500/15 dark:text-indigo-300', dot: 'bg-indigo-500' },
]
const sourceStyle = Object.fromEntries(sources.map((source) => [source.id, source])) as Record<Source, (typeof sources)[number]>

const timeFormat = new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit', second: '2-digit', hour12: false })

function shownTime(iso: string): string {
  const date = new Date(iso)
  return Number.isNaN(date.getTime()) ? iso : timeFormat.format(date)
}

/** Warnings and errors say so in words too, not only in colour. */
const notable = (level: LogEntry['level']) => level !== 'info'

/** Our own lines have a coarse level; they are filtered as the server level it corresponds to. */
const levelOfEntry = (entry: LogEntry): LoggingLevel => entry.serverLevel ?? (entry.level === 'warn' ? 'warning' : entry.level)

const badgeClasses: Record<LoggingLevel, string> = {
  debug: 'bg-zinc-100 text-zinc-600 dark:bg-zinc-800 dark:text-zinc-400',
  info: 'bg-sky-100 text-sky-800 dark:bg-sky-500/15 dark:text-sky-300',
  notice: 'bg-teal-100 text-teal-800 dark:bg-teal-500/15 dark:text-teal-300',
  warning: 'bg-amber-100 text-amber-800 dark:bg-amber-500/15 dark:text-amber-300',
  error: 'bg-red-100 text-red-800 dark:bg-red-500/15 dark:text-red-300',
  critical: 'bg-red-200 text-red-900 dark:bg-red-500/25 dark:text-red-200',
  alert: 'bg-red-600 text-white dark:bg-red-500 dark:text-white',
  emergency: 'bg-red-800 text-white dark:bg-red-700 dark:text-white',
}

const levelClasses: Record<LogEntry['level'], string> = {
  info: 'text-zinc-800 dark:text-zinc-200',
  warn: 'text-amber-700 dark:text-amber-400',
  error: 'text-red-700 dark:text-red-400',
}

export function LogViewer({ extensionId }: { extensionId: string }) {
  const log = useHostResource(extensionLogUri(extensionId), ExtensionLogResourceSchema)
  const [hidden, setHidden] = useState<ReadonlySet<Source>>(new Set())
  const [minimum, setMinimum] = useState<LoggingLevel>('debug')
  const levelId = useId()
  const entries = useMemo(
    () => (log?.entries ?? []).filter((entry) => !hidden.has(entry.source) && logLevelRank(levelOfEntry(entry)) >= logLevelRank(minimum)),
    [log, hidden, minimum],
  )
  const { scroller, content, following, jump } = useFollowBottom<HTMLDivElement, HTMLDivElement>()

  const toggle = (source: Source) =>
    setHidden((before) => {
      const after = new Set(before)
      if (after.has(source)) after.delete(source)
      else after.add(source)
      return after
    })

  return (
    <div className="space-y-2">
      <div className="flex flex-wrap items-center gap-2">
        <span className="text-xs text-zinc-500 dark:text-zinc-400">Show</span>
        {sources.map((source) => (
          <button
            key={source.id}
            type="button"
            aria-pressed={!hidden.has(source.id)}
            onClick={() => toggle(source.id)}
            className={
              'inline-flex h-6 items-center gap-1.5 rounded-full border px-2.5 text-xs font-medium transition-colors ' +
              (hidden.has(source.id)
                ? 'border-zinc-200 text-zinc-400 line-through dark:border-zinc-700 dark:text-zinc-500'
                : 'border-zinc-300 bg-white text-zinc-800 dark:border-zinc-600 dark:bg-zinc-800 dark:text-zinc-100')
            }
          >
            <span aria-hidden="true" className={`size-2 rounded-full ${hidden.has(source.id) ? 'bg-zinc-300 dark:bg-zinc-600' : source.dot}`} />
            {source.label}
          </button>
        ))}
        <label htmlFor={levelId} className="ml-2 text-xs text-zinc-500 dark:text-zinc-400">
          Level
        </label>
        <select
          id={levelId}
          value={minimum}
          onChange={(event) => setMinimum(event.target.value as LoggingLevel)}
          className="h-6 rounded-md border border-zinc-300 bg-white px-1.5 text-xs text-zinc-800 focus-visible:outline-2 focus-visible:outline-indigo-500 dark:border-zinc-600 dark:bg-zinc-800 dark:text-zinc-100"
        >
          {LOG_LEVELS.map((level) => (
            <option key={level} value={level}>
              {level === 'debug' ? 'All levels' : `${level} and above`}
            </option>
          ))}
        </select>
        <span className="ml-auto text-xs text-zinc-500 dark:text-zinc-400">
          {log === null ? 'Loading…' : `${log.entries.length} recent ${log.entries.length === 1 ? 'line' : 'lines'}`}
        </span>
      </div>
      <div className="relative">
        <div
          ref={scroller}
          role="log"
          aria-label="Extension log"
          aria-live="off"
          tabIndex={0}
          className="h-80 overflow-y-auto rounded-lg border border-zinc-200 bg-zinc-50 py-1.5 font-mono text-xs leading-relaxed dark:border-zinc-800 dark:bg-zinc-950"
        >
          <div ref={content}>
            {log !== null && entries.length === 0 && (
              <p className="px-3 py-2 font-sans text-zinc-500 dark:text-zinc-400">
                {log.entries.length === 0 ? 'Nothing logged yet.' : 'No lines of the kinds and levels shown.'}
              </p>
            )}
            {entries.map((entry) => (
              <div key={entry.seq} data-source={entry.source} className="flex gap-2 px-3 py-px hover:bg-zinc-100 dark:hover:bg-zinc-900">
                <time dateTime={entry.time} title={entry.time} className="shrink-0 text-zinc-400 tabular-nums dark:text-zinc-500">
                  {shownTime(entry.time)}
                </time>
                <span className={`h-fit w-[4.75rem] shrink-0 rounded px-1 text-center font-sans text-[10px] leading-4 font-medium ${sourceStyle[entry.source].tag}`}>
                  {sourceStyle[entry.source].label}
                </span>
                {entry.serverLevel && (
                  <span data-level={entry.serverLevel} className={`h-fit w-[4.5rem] shrink-0 rounded px-1 text-center font-sans text-[10px] leading-4 font-medium ${badgeClasses[entry.serverLevel]}`}>
                    {entry.serverLevel}
                  </span>
                )}
                <span className={`min-w-0 flex-1 break-words whitespace-pre-wrap ${levelClasses[entry.level]}`}>
                  {notable(entry.level) && !entry.serverLevel && <span className="font-semibold">{entry.level.toUpperCase()} </span>}
                  {entry.text}
                </span>
              </div>
            ))}
          </div>
        </div>
        {!following && (
          <button type="button" onClick={jump} className={`${smallSecondaryButton} absolute right-3 bottom-3 shadow-md`}>
            <ArrowDownIcon className="size-3.5" />
            Latest
          </button>
        )}
      </div>
    </div>
  )
}
