/** A labelled field with one line under it: the problem when there is one, else the hint. */
import type { ReactNode } from 'react'

interface Props {
  /** The input's id; its message is `${id}-message` (point aria-describedby there). */
  id: string
  label: string
  optional?: boolean
  hint?: ReactNode
  problem?: string
  children: ReactNode
}

export const messageId = (id: string) => `${id}-message`

export function FormField({ id, label, optional = false, hint, problem, children }: Props) {
  return (
    <div className="min-w-0">
      <label htmlFor={id} className="block text-xs font-medium text-zinc-700 dark:text-zinc-300">
        {label}
        {optional && <span className="font-normal text-zinc-500 dark:text-zinc-400"> (optional)</span>}
      </label>
      <div className="mt-1.5">{children}</div>
      <p
        id={messageId(id)}
        aria-live="polite"
        className={`mt-1.5 text-xs empty:mt-0 ${problem ? 'text-red-700 dark:text-red-400' : 'text-zinc-500 dark:text-zinc-400'}`}
      >
        {problem ?? hint ?? ''}
      </p>
    </div>
  )
}
