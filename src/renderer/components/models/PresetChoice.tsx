/** Where a new provider starts from: the presets as a native radio group of cards (arrow keys move between them). */
import { useId } from 'react'
import { GlobeIcon, KeyIcon, TerminalIcon } from '../icons'
import { cardIconClass, RadioCard } from '../RadioCard'
import type { Preset } from './providerForm'

interface Props {
  presets: readonly Preset[]
  value: string
  onChange: (preset: Preset) => void
  disabled: boolean
}

/** A preset's hint says what to do when its server is unreachable; the card says what it needs instead. */
export function presetHint(preset: Preset): string {
  if (preset.needsKey) return 'Cloud API · needs an API key'
  return preset.baseUrl ? `On this computer · ${preset.baseUrl}` : 'Any server with an OpenAI-style API'
}

export function PresetChoice({ presets, value, onChange, disabled }: Props) {
  const id = useId()
  return (
    <fieldset disabled={disabled}>
      <legend className="text-xs font-medium text-zinc-700 dark:text-zinc-300">Provider</legend>
      <div className="mt-1.5 grid gap-2 sm:grid-cols-2">
        {presets.map((preset) => {
          const selected = value === preset.id
          const Icon = preset.needsKey ? KeyIcon : preset.baseUrl ? TerminalIcon : GlobeIcon
          return (
            <RadioCard
              key={preset.id}
              group={`${id}-preset`}
              value={preset.id}
              checked={selected}
              onSelect={() => onChange(preset)}
              marker={<Icon className={cardIconClass(selected)} />}
              title={preset.name}
              hint={presetHint(preset)}
            />
          )
        })}
      </div>
    </fieldset>
  )
}
