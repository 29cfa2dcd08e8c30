/** The permission mode as a native radio group of cards (arrow keys move between them), each with one line on what it does. */
import { useId } from 'react'
import { DEFAULT_MODE, MANAGED_LABEL, type PermissionMode } from '../../../shared/hostApi'
import { modeChoices } from './permissionText'
import { RadioCard } from '../RadioCard'

interface Props {
  value: PermissionMode
  onChange: (mode: PermissionMode) => void
  /** The least strict mode the organisation's policy allows: the modes before it (in modeChoices' order) cannot be chosen. */
  least?: PermissionMode
}

export function ModePicker({ value, onChange, least }: Props) {
  const id = useId()
  const order = modeChoices.map((choice) => choice.value)
  const refused = (mode: PermissionMode) => least !== undefined && order.indexOf(mode) < order.indexOf(least)
  return (
    <fieldset>
      <legend className="sr-only">Permission mode</legend>
      <div className="grid gap-2.5 sm:grid-cols-2">
        {modeChoices.map((choice) => {
          const selected = value === choice.value
          return (
            <RadioCard
              key={choice.value}
              group={`${id}-mode`}
              value={choice.value}
              checked={selected}
              onSelect={() => onChange(choice.value)}
              disabled={refused(choice.value)}
              gapClassName="gap-3"
              marker={
                <span
                  aria-hidden="true"
                  className={
                    'mt-0.5 flex size-4 shrink-0 items-center justify-center rounded-full border ' +
                    (selected ? 'border-indigo-600 bg-indigo-600 dark:border-indigo-400 dark:bg-indigo-400' : 'border-zinc-300 dark:border-zinc-600')
                  }
                >
                  {selected && <span className="size-1.5 rounded-full bg-white dark:bg-zinc-900" />}
                </span>
              }
              titleClassName="flex items-center gap-2 text-sm font-medium"
              title={
                <>
                  {choice.label}
                  {choice.value === DEFAULT_MODE && <span className="text-xs font-normal text-zinc-500 dark:text-zinc-400">(default)</span>}
                </>
              }
              hintClassName="mt-0.5 block text-xs leading-relaxed text-zinc-600 dark:text-zinc-400"
              hint={refused(choice.value) ? `${MANAGED_LABEL}. ${choice.hint}` : choice.hint}
            />
          )
        })}
      </div>
    </fieldset>
  )
}
