/** How the extension is reached, as a native radio group of cards (arrow keys move between them). */
import { useId } from 'react'
import { GlobeIcon, TerminalIcon } from '../../icons'
import type { TransportChoice as Choice } from './extensionForm'

const choices: { value: Choice; label: string; hint: string; icon: typeof TerminalIcon }[] = [
  { value: 'stdio', label: 'Local program', hint: 'stdio: a command on this computer', icon: TerminalIcon },
  { value: 'streamable-http', label: 'Streamable HTTP', hint: 'A server at a URL', icon: GlobeIcon },
  { value: 'sse', label: 'SSE', hint: 'Older HTTP servers (legacy)', icon: GlobeIcon },
]

export function TransportChoice({ value, onChange, disabled }: { value: Choice; onChange: (value: Choice) => void; disabled: boolean }) {
  const id = useId()
  return (
    <fieldset disabled={disabled}>
      <legend className="text-xs font-medium text-zinc-700 dark:text-zinc-300">Type</legend>
      <div className="mt-1.5 grid gap-2 sm:grid-cols-3">
        {choices.map((choice) => {
          const selected = value === choice.value
          const Icon = choice.icon
          return (
            <label
              key={choice.value}
              className={
                'relative flex cursor-pointer items-start gap-2.5 rounded-lg border p-3 transition-colors has-focus-visible:outline-2 ' +
                'has-focus-visible:outline-offset-2 has-focus-visible:outline-indigo-500 ' +
                (selected
                  ? 'border-indigo-500 bg-indigo-50/60 ring-1 ring-indigo-500 dark:bg-indigo-500/10'
                  : 'border-zinc-200 bg-white hover:border-zinc-300 dark:border-zinc-700 dark:bg-zinc-900 dark:hover:border-zinc-600')
              }
            >
              <input
                type="radio"
                name={`${id}-type`}
                value={choice.value}
                checked={selected}
                onChange={() => onChange(choice.value)}
                className="absolute inset-0 m-0 size-full cursor-pointer appearance-none opacity-0"
                aria-labelledby={`${id}-${choice.value}`}
                aria-describedby={`${id}-${choice.value}-hint`}
              />
              <Icon className={`mt-0.5 size-4 ${selected ? 'text-indigo-600 dark:text-indigo-300' : 'text-zinc-400 dark:text-zinc-500'}`} />
              <span className="min-w-0">
                <span id={`${id}-${choice.value}`} className="block text-sm font-medium">
                  {choice.label}
                </span>
                <span id={`${id}-${choice.value}-hint`} className="block text-xs text-zinc-500 dark:text-zinc-400">
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
