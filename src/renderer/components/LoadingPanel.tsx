/** The small placeholder shown while a screen loaded on first use (React.lazy) arrives. */
export function LoadingPanel({ label = 'Loading…' }: { label?: string }) {
  return (
    <p role="status" className="py-6 text-sm text-zinc-500 dark:text-zinc-400">
      {label}
    </p>
  )
}
