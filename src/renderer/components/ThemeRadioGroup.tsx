/** Light / dark / system as a native radio group (arrow keys move between the choices). */
import { useId } from 'react'
import type { Theme } from '../../shared/hostApi'

const choices: { value: Theme; label: string; hint: string }[] = [
  { value: 'light', label: 'Light', hint: 'Always light' },
  { value: 'dark', label: 'Dark', hint: 'Always dark' },
  { value: 'system', label: 'System', hint: 'Follows your OS' },
]

function Preview({ theme }: { theme: Theme }) {
  const pane = (dark: boolean) => (
    <span className={`flex h-full flex-1 gap-1 p-1.5 ${dark ? 'bg-zinc-900' : 'bg-white'}`}>
      <span className={`w-1/3 rounded-sm ${dark ? 'bg-zinc-700' : 'bg-zinc-200'}`} />
      <span className="flex flex-1 flex-col gap-1">
        <span className={`h-1.5 w-3/4 rounded-sm ${dark ? 'bg-zinc-600' : 'bg-zinc-300'}`} />
        <span className={`h-1.5 w-1/2 rounded-sm ${dark ? 'bg-indigo-400' : 'bg-indigo-500'}`} />
      </span>
    </span>
  )
  return (
    <span aria-hidden="true" className="flex h-14 overflow-hidden rounded-md border border-zinc-200 dark:border-zinc-700">
      {theme === 'system' ? (
        <>
          {pane(false)}
          {pane(true)}
        </>
      ) : (
        pane(theme === 'dark')
      )}
    </span>
  )
}

interface Props {
  value: Theme
  onChange: (theme: Theme) => void
}

export function ThemeRadioGroup({ value, onChange }: Props) {
  const id = useId()
  return (
    <fieldset>
      <legend className="text-sm font-medium">Theme</legend>
      <div className="mt-3 grid grid-cols-3 gap-3">
        {choices.map((choice) => (
          <label
            key={choice.value}
            className={
              'relative cursor-pointer rounded-lg border p-2.5 transition-colors has-focus-visible:outline-2 has-focus-visible:outline-offset-2 ' +
              'has-focus-visible:outline-indigo-500 ' +
              (value === choice.value
                ? 'border-indigo-500 bg-indigo-50/60 ring-1 ring-indigo-500 dark:bg-indigo-500/10'
                : 'border-zinc-200 hover:border-zinc-300 dark:border-zinc-700 dark:hover:border-zinc-600')
            }
          >
            <input
              type="radio"
              name="theme"
              value={choice.value}
              checked={value === choice.value}
              onChange={() => onChange(choice.value)}
              // Invisible but covering the card: the card is the radio, for pointer and keyboard alike.
              className="absolute inset-0 m-0 size-full cursor-pointer appearance-none opacity-0"
              aria-labelledby={`${id}-${choice.value}`}
              aria-describedby={`${id}-${choice.value}-hint`}
            />
            <Preview theme={choice.value} />
            <span id={`${id}-${choice.value}`} className="mt-2 block text-sm font-medium">
              {choice.label}
            </span>
            <span id={`${id}-${choice.value}-hint`} className="block text-xs text-zinc-500 dark:text-zinc-400">{choice.hint}</span>
          </label>
        ))}
      </div>
    </fieldset>
  )
}
