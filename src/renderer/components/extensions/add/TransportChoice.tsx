/** How the extension is reached, as a native radio group of cards (arrow keys move between them). */
import { useId } from 'react'
import { GlobeIcon, TerminalIcon } from '../../icons'
import { cardIconClass, RadioCard } from '../../RadioCard'
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
            <RadioCard
              key={choice.value}
              group={`${id}-type`}
              value={choice.value}
              checked={selected}
              onSelect={() => onChange(choice.value)}
              marker={<Icon className={cardIconClass(selected)} />}
              title={choice.label}
              hint={choice.hint}
            />
          )
        })}
      </div>
    </fieldset>
  )
}
