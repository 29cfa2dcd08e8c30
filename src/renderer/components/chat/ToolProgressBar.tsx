/** A running tool's progress: a determinate bar when the tool gave a total, else an indeterminate one. */
import type { ToolCallView } from '../../../shared/hostApi'

export function ToolProgressBar({ progress, label }: { progress: ToolCallView['progress']; label: string }) {
  const total = progress?.total
  const determinate = progress !== undefined && total !== undefined && total > 0
  const fraction = determinate ? Math.min(1, Math.max(0, progress.progress / total)) : 0
  return (
    <div className="space-y-1">
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={determinate ? 0 : undefined}
        aria-valuemax={determinate ? 100 : undefined}
        aria-valuenow={determinate ? Math.round(fraction * 100) : undefined}
        aria-valuetext={progress?.message}
        className="relative h-1.5 overflow-hidden rounded-full bg-indigo-100 dark:bg-indigo-500/15"
      >
        {determinate ? (
          <div className="h-full rounded-full bg-indigo-500 transition-[width] duration-300 dark:bg-indigo-400" style={{ width: `${fraction * 100}%` }} />
        ) : (
          <div className="indeterminate-bar absolute inset-y-0 w-1/3 rounded-full bg-indigo-500 dark:bg-indigo-400" />
        )}
      </div>
      {(progress?.message || determinate) && (
        <p className="flex justify-between gap-2 text-xs text-zinc-500 dark:text-zinc-400">
          <span className="truncate">{progress?.message}</span>
          {determinate && <span className="shrink-0 tabular-nums">{Math.round(fraction * 100)}%</span>}
        </p>
      )}
    </div>
  )
}
