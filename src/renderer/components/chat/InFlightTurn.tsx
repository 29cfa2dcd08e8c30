/** What the step in flight adds to its row: a notice from the host (a retry, the tool limit) and what the turn is doing now. */

export function TurnNotice({ notice }: { notice: string }) {
  return <p className="mt-2 rounded-md bg-amber-50 px-2.5 py-1.5 text-xs text-amber-900 first:mt-0 dark:bg-amber-500/10 dark:text-amber-200">{notice}</p>
}

interface StatusProps {
  status: string
  /** Something is drawn above it in the row. */
  below: boolean
}

export function TurnStatus({ status, below }: StatusProps) {
  return (
    <p role="status" className={`flex items-center gap-2 text-sm text-zinc-500 dark:text-zinc-400 ${below ? 'mt-2.5' : 'pt-0.5'}`}>
      <span aria-hidden="true" className="typing-dots inline-flex gap-1">
        <span className="size-1.5 rounded-full bg-current" />
        <span className="size-1.5 rounded-full bg-current" />
        <span className="size-1.5 rounded-full bg-current" />
      </span>
      {status}
    </p>
  )
}
