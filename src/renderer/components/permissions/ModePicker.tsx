/** The permission mode as a native radio group of cards (arrow keys move between them), each with one line on what it does. */
import { useId } from 'react'
import { DEFAULT_MODE, type PermissionMode } from '../../../shared/hostApi'
import { modeChoices } from './permissionText'

interface Props {
  value: PermissionMode
  onChange: (mode: PermissionMode) => void
}

export function ModePicker({ value, onChange }: Props) {
  const id = useId()
  return (
    <fieldset>
      <legend className="sr-only">Permission mode</legend>
      <div className="grid gap-2.5 sm:grid-cols-2">
        {modeChoices.map((choice) => {
          const selected = value === choice.value
          return (
            <label
              key={choice.value}
              className={
                'relative flex cursor-pointer items-start gap-3 rounded-lg border p-3 transition-colors has-focus-visible:outline-2 ' +
                'has-focus-visible:outline-offset-2 has-focus-visible:outline-indigo-500 ' +
                (selected
                  ? 'border-indigo-500 bg-indigo-50/60 ring-1 ring-indigo-500 dark:bg-indigo-500/10'
                  : 'border-zinc-200 bg-white hover:border-zinc-300 dark:border-zinc-700 dark:bg-zinc-900 dark:hover:border-zinc-600')
              }
            >
              <input
                type="radio"
                name={`${id}-mode`}
                value={choice.value}
                checked={selected}
                onChange={() => onChange(choice.value)}
                // Invisible but covering the card: the card is the radio, for pointer and keyboard alike.
                className="absolute inset-0 m-0 size-full cursor-pointer appearance-none opacity-0"
                aria-labelledby={`${id}-${choice.value}`}
                aria-describedby={`${id}-${choice.value}-hint`}
              />
              <span
                aria-hidden="true"
                className={
                  'mt-0.5 flex size-4 shrink-0 items-center justify-center rounded-full border ' +
                  (selected ? 'border-indigo-600 bg-indigo-600 dark:border-indigo-400 dark:bg-indigo-400' : 'border-zinc-300 dark:border-zinc-600')
                }
              >
                {selected && <span className="size-1.5 rounded-full bg-white dark:bg-zinc-900" />}
              </span>
              <span className="min-w-0">
                <span id={`${id}-${choice.value}`} className="flex items-center gap-2 text-sm font-medium">
                  {choice.label}
                  {choice.value === DEFAULT_MODE && <span className="text-xs font-normal text-zinc-500 dark:text-zinc-400">(default)</span>}
                </span>
                <span id={`${id}-${choice.value}-hint`} className="mt-0.5 block text-xs leading-relaxed text-zinc-600 dark:text-zinc-400">
                  {choice.hint}
                </span>
              </span>
            </label>
          )
        })}
      </div>
    </fieldset>
  )
}
