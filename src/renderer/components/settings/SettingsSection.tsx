/** A titled block of a settings page. */
import type { ReactNode } from 'react'

interface Props {
  id: string
  title: string
  description: ReactNode
  /** A rule above, between this and the previous section. */
  divided?: boolean
  /** A button beside the title (e.g. "Add extension"). */
  action?: ReactNode
  children: ReactNode
}

export function SettingsSection({ id, title, description, divided = false, action, children }: Props) {
  return (
    <section aria-labelledby={`${id}-heading`} className={`space-y-4 ${divided ? 'border-t border-zinc-200 pt-8 dark:border-zinc-800' : ''}`}>
      <div className="flex items-start gap-4">
        <div className="min-w-0 flex-1">
          <h2 id={`${id}-heading`} className="text-base font-semibold">
            {title}
          </h2>
          <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">{description}</p>
        </div>
        {action && <div className="shrink-0">{action}</div>}
      </div>
      {children}
    </section>
  )
}
