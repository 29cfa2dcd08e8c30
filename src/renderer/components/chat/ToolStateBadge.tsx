/** How a tool call stands, as a small badge with a dot (colour is never the only sign: the word is there). */
import type { ToolCallState } from '../../../shared/hostApi'

const looks: Record<ToolCallState, { label: string; badge: string; dot: string }> = {
  writing: {
    label: 'Being written',
    badge: 'bg-zinc-100 text-zinc-700 ring-zinc-500/20 dark:bg-zinc-800 dark:text-zinc-300 dark:ring-zinc-600/40',
    dot: 'bg-zinc-400 animate-pulse',
  },
  'pending-approval': {
    label: 'Waiting for approval',
    badge: 'bg-amber-50 text-amber-800 ring-amber-600/25 dark:bg-amber-500/10 dark:text-amber-200 dark:ring-amber-400/30',
    dot: 'bg-amber-500 animate-pulse',
  },
  running: {
    label: 'Running',
    badge: 'bg-indigo-50 text-indigo-700 ring-indigo-600/20 dark:bg-indigo-500/10 dark:text-indigo-200 dark:ring-indigo-400/30',
    dot: 'bg-indigo-500 animate-pulse',
  },
  done: {
    label: 'Done',
    badge: 'bg-emerald-50 text-emerald-700 ring-emerald-600/20 dark:bg-emerald-500/10 dark:text-emerald-300 dark:ring-emerald-400/25',
    dot: 'bg-emerald-500',
  },
  error: {
    label: 'Failed',
    badge: 'bg-red-50 text-red-700 ring-red-600/20 dark:bg-red-500/10 dark:text-red-300 dark:ring-red-400/30',
    dot: 'bg-red-500',
  },
  cancelled: {
    label: 'Cancelled',
    badge: 'bg-zinc-100 text-zinc-600 ring-zinc-500/20 dark:bg-zinc-800 dark:text-zinc-300 dark:ring-zinc-600/40',
    dot: 'bg-zinc-400',
  },
  denied: {
    label: 'Denied',
    badge: 'bg-zinc-100 text-zinc-700 ring-zinc-500/25 dark:bg-zinc-800 dark:text-zinc-300 dark:ring-zinc-600/40',
    dot: 'bg-zinc-500',
  },
  'timed-out': {
    label: 'Timed out',
    badge: 'bg-orange-50 text-orange-800 ring-orange-600/25 dark:bg-orange-500/10 dark:text-orange-200 dark:ring-orange-400/30',
    dot: 'bg-orange-500',
  },
}

export const toolStateLabel = (state: ToolCallState) => looks[state].label

export function ToolStateBadge({ state }: { state: ToolCallState }) {
  const look = looks[state]
  return (
    <span
      data-state={state}
      className={`inline-flex shrink-0 items-center gap-1.5 rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ring-inset ${look.badge}`}
    >
      <span aria-hidden="true" className={`size-1.5 rounded-full motion-reduce:animate-none ${look.dot}`} />
      {look.label}
    </span>
  )
}
