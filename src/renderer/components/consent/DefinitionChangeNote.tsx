/**
 * "This tool changed since you allowed it": the description before and now (as main recorded
 * them; no description is said in words) and main's summary of every other difference.
 */
import type { ToolCallSubject } from '../../../shared/hostApi'
import { RefreshIcon } from '../icons'
import { VisibleText } from '../VisibleText'

type Change = NonNullable<ToolCallSubject['changed']>

function Description({ label, text, tone }: { label: string; text: string | null; tone: 'before' | 'after' }) {
  return (
    <div className="min-w-0">
      <p className="text-[11px] font-semibold tracking-wide text-zinc-500 uppercase dark:text-zinc-400">{label}</p>
      <p
        className={
          'mt-1 rounded-md border px-2.5 py-1.5 text-sm break-words whitespace-pre-wrap ' +
          (tone === 'before'
            ? 'border-zinc-200 bg-white text-zinc-600 line-through decoration-zinc-400/70 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-400 dark:decoration-zinc-500/70'
            : 'border-amber-300 bg-white text-zinc-900 dark:border-amber-700/70 dark:bg-zinc-900 dark:text-zinc-100')
        }
      >
        {text === null ? <span className="italic no-underline">No description</span> : <VisibleText text={text} />}
      </p>
    </div>
  )
}

/** `compact` (the review list, where several calls share one change) leaves out the side-by-side description. */
export function DefinitionChangeNote({ change, compact = false }: { change: Change; compact?: boolean }) {
  return (
    <div
      role="note"
      aria-label="Definition change"
      className={`rounded-lg border border-amber-300 bg-amber-50 dark:border-amber-700/70 dark:bg-amber-950/40 ${compact ? 'p-2.5' : 'p-3'}`}
    >
      <p className="flex items-center gap-2 text-sm font-semibold text-amber-950 dark:text-amber-100">
        <RefreshIcon className="size-4 text-amber-600 dark:text-amber-400" />
        This tool changed since you allowed it
      </p>
      {!compact && (
        <p className="mt-0.5 text-xs text-amber-900/80 dark:text-amber-100/70">
          Its server now describes it differently. Earlier approvals no longer count; allowing it accepts the new definition.
        </p>
      )}
      {change.description && !compact && (
        <div className="mt-2.5 grid gap-2 sm:grid-cols-2">
          <Description label="Before" text={change.description.before} tone="before" />
          <Description label="Now" text={change.description.after} tone="after" />
        </div>
      )}
      {change.summary.length > 0 && (
        <ul aria-label="What changed" className={`${compact ? 'mt-1.5' : 'mt-2.5'} space-y-0.5 text-xs text-amber-950 dark:text-amber-100/90`}>
          {change.summary.map((line, index) => (
            <li key={index} className="flex gap-1.5 font-mono wrap-anywhere">
              <span aria-hidden="true" className="text-amber-500">•</span>
              {line}
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}
