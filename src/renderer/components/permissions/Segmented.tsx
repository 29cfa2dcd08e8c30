/** A small native radio group drawn as a segmented control (arrow keys move between the choices). */
import { useId } from 'react'

interface Props<T extends string> {
  legend: string
  value: T
  choices: readonly { value: T; label: string; title?: string }[]
  disabled?: boolean
  onChange: (value: T) => void
}

export function Segmented<T extends string>({ legend, value, choices, disabled = false, onChange }: Props<T>) {
  const id = useId()
  return (
    <fieldset disabled={disabled} className="min-w-0">
      <legend className="block text-xs font-medium text-zinc-700 dark:text-zinc-300">{legend}</legend>
      <div className="mt-1.5 inline-flex rounded-md border border-zinc-300 bg-zinc-100 p-0.5 dark:border-zinc-700 dark:bg-zinc-950">
        {choices.map((choice) => {
          const selected = choice.value === value
          return (
            <label
              key={choice.value}
              title={choice.title}
              className={
                'relative cursor-pointer rounded px-2.5 py-1 text-xs font-medium transition-colors has-focus-visible:outline-2 has-focus-visible:outline-offset-1 ' +
                'has-focus-visible:outline-indigo-500 ' +
                (selected
                  ? 'bg-white text-zinc-900 shadow-xs ring-1 ring-zinc-900/5 dark:bg-zinc-700 dark:text-white dark:ring-white/10'
                  : 'text-zinc-600 hover:text-zinc-900 dark:text-zinc-400 dark:hover:text-zinc-100')
              }
            >
              <input
                type="radio"
                name={`${id}-choice`}
                value={choice.value}
                checked={selected}
                onChange={() => onChange(choice.value)}
                className="absolute inset-0 m-0 size-full cursor-pointer appearance-none opacity-0"
              />
              {choice.label}
            </label>
          )
        })}
      </div>
    </fieldset>
  )
}
