/** An extension's state as a small labelled badge: the colour repeats the words, never replaces them. */
import type { ExtensionView } from '../../../shared/hostApi'
import { stateBadge, type Tone } from './extensionText'

const tones: Record<Tone, { badge: string; dot: string }> = {
  green: {
    badge: 'bg-emerald-50 text-emerald-700 ring-emerald-600/20 dark:bg-emerald-500/10 dark:text-emerald-300 dark:ring-emerald-400/25',
    dot: 'bg-emerald-500',
  },
  blue: { badge: 'bg-sky-50 text-sky-700 ring-sky-600/20 dark:bg-sky-500/10 dark:text-sky-300 dark:ring-sky-400/25', dot: 'bg-sky-500' },
  red: { badge: 'bg-red-50 text-red-700 ring-red-600/20 dark:bg-red-500/10 dark:text-red-300 dark:ring-red-400/25', dot: 'bg-red-500' },
  amber: {
    badge: 'bg-amber-50 text-amber-800 ring-amber-600/25 dark:bg-amber-500/10 dark:text-amber-300 dark:ring-amber-400/25',
    dot: 'bg-amber-500',
  },
  gray: { badge: 'bg-zinc-100 text-zinc-600 ring-zinc-500/20 dark:bg-zinc-800 dark:text-zinc-300 dark:ring-zinc-400/20', dot: 'bg-zinc-400' },
}

export function StatusBadge({ extension }: { extension: Pick<ExtensionView, 'status' | 'consent' | 'enabled'> }) {
  const { label, tone, busy } = stateBadge(extension)
  const style = tones[tone]
  return (
    <span
      data-status={extension.status}
      className={`inline-flex shrink-0 items-center gap-1.5 rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ring-inset ${style.badge}`}
    >
      <span aria-hidden="true" className={`size-1.5 rounded-full ${style.dot} ${busy ? 'animate-pulse' : ''}`} />
      {label}
    </span>
  )
}
