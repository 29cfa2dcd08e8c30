/** One card of a native radio group: the invisible input covers the card, so the card is the radio for pointer and keyboard (arrow keys) alike. */
import type { ReactNode } from 'react'

interface Props {
  /** The group's input name (from useId), also the prefix of the card's label and hint ids. */
  group: string
  value: string
  checked: boolean
  onSelect: () => void
  /** What sits left of the text: an icon, or a radio dot. */
  marker: ReactNode
  title: ReactNode
  hint: ReactNode
  gapClassName?: string
  titleClassName?: string
  hintClassName?: string
  /** Not choosable (e.g. set by the organisation's policy); still read out, with the hint saying why. */
  disabled?: boolean
}

export function RadioCard({
  group,
  value,
  checked,
  onSelect,
  marker,
  title,
  hint,
  gapClassName = 'gap-2.5',
  titleClassName = 'block text-sm font-medium',
  hintClassName = 'block text-xs text-zinc-500 dark:text-zinc-400',
  disabled = false,
}: Props) {
  const labelId = `${group}-${value}`
  return (
    <label
      className={
        (disabled ? 'opacity-60 ' : '') +
        `relative flex ${disabled ? 'cursor-not-allowed' : 'cursor-pointer'} items-start ${gapClassName} rounded-lg border p-3 transition-colors has-focus-visible:outline-2 ` +
        'has-focus-visible:outline-offset-2 has-focus-visible:outline-indigo-500 ' +
        (checked
          ? 'border-indigo-500 bg-indigo-50/60 ring-1 ring-indigo-500 dark:bg-indigo-500/10'
          : 'border-zinc-200 bg-white hover:border-zinc-300 dark:border-zinc-700 dark:bg-zinc-900 dark:hover:border-zinc-600')
      }
    >
      <input
        type="radio"
        name={group}
        value={value}
        checked={checked}
        onChange={onSelect}
        disabled={disabled}
        className="absolute inset-0 m-0 size-full cursor-pointer appearance-none opacity-0 disabled:cursor-not-allowed"
        aria-labelledby={labelId}
        aria-describedby={`${labelId}-hint`}
      />
      {marker}
      <span className="min-w-0">
        <span id={labelId} className={titleClassName}>
          {title}
        </span>
        <span id={`${labelId}-hint`} className={hintClassName}>
          {hint}
        </span>
      </span>
    </label>
  )
}

/** The icon marker of a card, coloured when its card is chosen. */
export function cardIconClass(checked: boolean): string {
  return `mt-0.5 size-4 ${checked ? 'text-indigo-600 dark:text-indigo-300' : 'text-zinc-400 dark:text-zinc-500'}`
}
