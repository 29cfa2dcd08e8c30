/** A row of tabs (arrow keys, Home and End move between them, automatic activation) for panels inside a page. */
import { useRef, type KeyboardEvent, type ReactNode } from 'react'

export interface TabItem<T extends string> {
  id: T
  label: ReactNode
}

interface Props<T extends string> {
  /** Prefix of the element ids, unique on the page. */
  idPrefix: string
  label: string
  items: readonly TabItem<T>[]
  value: T
  onChange: (value: T) => void
}

export const tabElementId = (prefix: string, id: string) => `${prefix}-tab-${id}`
export const panelElementId = (prefix: string, id: string) => `${prefix}-panel-${id}`

export function Tabs<T extends string>({ idPrefix, label, items, value, onChange }: Props<T>) {
  const tabs = useRef(new Map<T, HTMLButtonElement>())
  const onKeyDown = (event: KeyboardEvent) => {
    const index = items.findIndex((item) => item.id === value)
    const last = items.length - 1
    const next =
      event.key === 'ArrowRight' ? (index + 1) % items.length
      : event.key === 'ArrowLeft' ? (index + last) % items.length
      : event.key === 'Home' ? 0
      : event.key === 'End' ? last
      : -1
    const item = items[next]
    if (!item) return
    event.preventDefault()
    onChange(item.id)
    tabs.current.get(item.id)?.focus()
  }
  return (
    <div role="tablist" aria-label={label} className="flex items-stretch gap-1 border-b border-zinc-200 dark:border-zinc-800" onKeyDown={onKeyDown}>
      {items.map((item) => {
        const selected = item.id === value
        return (
          <button
            key={item.id}
            ref={(element) => {
              if (element) tabs.current.set(item.id, element)
              else tabs.current.delete(item.id)
            }}
            type="button"
            role="tab"
            id={tabElementId(idPrefix, item.id)}
            aria-controls={selected ? panelElementId(idPrefix, item.id) : undefined}
            aria-selected={selected}
            tabIndex={selected ? 0 : -1}
            onClick={() => onChange(item.id)}
            className={
              '-mb-px inline-flex h-9 items-center gap-1.5 border-b-2 px-3 text-sm transition-colors focus-visible:-outline-offset-2 ' +
              (selected
                ? 'border-indigo-500 font-medium text-zinc-950 dark:border-indigo-400 dark:text-white'
                : 'border-transparent text-zinc-600 hover:border-zinc-300 hover:text-zinc-900 dark:text-zinc-400 dark:hover:border-zinc-600 dark:hover:text-zinc-100')
            }
          >
            {item.label}
          </button>
        )
      })}
    </div>
  )
}
