/**
 * A tool call's arguments exactly as main will pass them (secret values already masked by main):
 * pretty-printed JSON, monospace, wrapped rather than cut, scrolling when long. Focusable, so the
 * keyboard can scroll it.
 */

/** The arguments as indented JSON; values JSON cannot show (there should be none) as their text. */
export function prettyArguments(value: unknown): string {
  if (value === undefined) return '{}'
  try {
    return JSON.stringify(value, null, 2) ?? String(value)
  } catch {
    return String(value)
  }
}

interface Props {
  value: unknown
  /** Accessible name, e.g. "Arguments" or "Arguments of call 2". */
  label?: string
  /** Tailwind max-height class of the scrolling area. */
  maxHeight?: string
}

export function ArgumentsBlock({ value, label = 'Arguments', maxHeight = 'max-h-72' }: Props) {
  const text = prettyArguments(value)
  const empty = text === '{}'
  return (
    <pre
      tabIndex={0}
      aria-label={label}
      data-testid="approval-arguments"
      className={
        `${maxHeight} overflow-auto rounded-md border border-zinc-200 bg-zinc-50 px-3 py-2 font-mono text-[13px] leading-relaxed wrap-anywhere whitespace-pre-wrap ` +
        'text-zinc-900 focus-visible:outline-offset-0 dark:border-zinc-700 dark:bg-zinc-950 dark:text-zinc-100'
      }
    >
      {empty ? <span className="font-sans text-sm text-zinc-500 dark:text-zinc-400">No arguments</span> : text}
    </pre>
  )
}
