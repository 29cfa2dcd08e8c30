/** Where a new provider starts from: the presets as a native radio group of cards (arrow keys move between them). */
import { useId } from 'react'
import { GlobeIcon, KeyIcon, TerminalIcon } from '../icons'
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
  return preset.baseUrl ? `On this computer · ${preset.baseUrl.replace(/^https?:\/\//, '')}` : 'Any server with an OpenAI-style API'
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
            <label
              key={preset.id}
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
                name={`${id}-preset`}
                value={preset.id}
                checked={selected}
                onChange={() => onChange(preset)}
                className="absolute inset-0 m-0 size-full cursor-pointer appearance-none opacity-0"
                aria-labelledby={`${id}-${preset.id}`}
                aria-describedby={`${id}-${preset.id}-hint`}
              />
              <Icon className={`mt-0.5 size-4 ${selected ? 'text-indigo-600 dark:text-indigo-300' : 'text-zinc-400 dark:text-zinc-500'}`} />
              <span className="min-w-0">
                <span id={`${id}-${preset.id}`} className="block text-sm font-medium">
                  {preset.name}
                </span>
                <span id={`${id}-${preset.id}-hint`} className="block text-xs text-zinc-500 dark:text-zinc-400">
                  {presetHint(preset)}
                </span>
              </span>
            </label>
          )
        })}
      </div>
    </fieldset>
  )
}
