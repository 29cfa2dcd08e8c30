/** One search result: the conversation, who wrote the message and when, and the words around the match, marked. */
import type { SearchResult } from '../../../shared/hostApi'

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' })

interface Props {
  id: string
  result: SearchResult
  chosen: boolean
  onChoose: () => void
  onOpen: () => void
}

/** The snippet with each matched range in <mark>. */
function marked(result: SearchResult) {
  const parts = []
  let at = 0
  for (const [start, end] of result.matches) {
    if (start > at) parts.push(result.snippet.slice(at, start))
    parts.push(
      <mark key={start} className="rounded-sm bg-amber-200/80 px-0.5 text-inherit dark:bg-amber-500/40">
        {result.snippet.slice(start, end)}
      </mark>,
    )
    at = end
  }
  parts.push(result.snippet.slice(at))
  return parts
}

export function SearchResultItem({ id, result, chosen, onChoose, onOpen }: Props) {
  return (
    <li
      id={id}
      role="option"
      aria-selected={chosen}
      onMouseEnter={onChoose}
      onClick={onOpen}
      className={`cursor-pointer rounded-lg px-3 py-2 ${chosen ? 'bg-indigo-50 dark:bg-indigo-500/15' : ''}`}
    >
      <div className="flex items-baseline gap-2 text-xs text-zinc-500 dark:text-zinc-400">
        <span className="truncate font-medium text-zinc-800 dark:text-zinc-200">{result.sessionTitle || 'Untitled conversation'}</span>
        <span>{result.role === 'user' ? 'You' : 'Assistant'}</span>
        <time dateTime={result.at} className="ml-auto shrink-0">
          {dateFormat.format(new Date(result.at))}
        </time>
      </div>
      <p className="mt-0.5 text-sm break-words text-zinc-700 dark:text-zinc-300">{marked(result)}</p>
    </li>
  )
}
