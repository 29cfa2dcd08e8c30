/** Which model new messages go to: every provider's models, grouped; choosing one calls model_select. */
import { useId } from 'react'
import { useHostAction } from '../../hooks/useHostAction'
import { usePendingValue } from '../../hooks/usePendingValue'
import { useModelsStore } from '../../stores/modelsStore'
import { choiceValue, modelGroups, parseChoice } from './modelChoice'
import { ModelOptions } from './ModelOptions'
import { quietSelect } from '../ui'

interface Props {
  /** Visible label; without it the select is labelled for screen readers only. */
  label?: string
  className?: string
}

export function ModelPicker({ label, className = '' }: Props) {
  const id = useId()
  const act = useHostAction()
  const models = useModelsStore((state) => state.models)
  const actual = models?.selected ? choiceValue(models.selected) : ''
  const [shown, expect, clear] = usePendingValue(actual)
  if (!models) return null
  const groups = modelGroups(models)
  if (groups.length === 0) return null

  const choose = async (value: string) => {
    const choice = parseChoice(value)
    if (!choice) return
    expect(value)
    if (!(await act('model_select', choice))) clear()
  }

  return (
    <div className={`flex min-w-0 items-center gap-2 ${className}`}>
      <label htmlFor={id} className={label ? 'shrink-0 text-xs font-medium text-zinc-700 dark:text-zinc-300' : 'sr-only'}>
        {label ?? 'Model'}
      </label>
      <select
        id={id}
        value={shown}
        onChange={(event) => void choose(event.target.value)}
        className={`${quietSelect} ${label ? 'h-8 border-zinc-300 bg-white text-sm shadow-xs dark:border-zinc-700 dark:bg-zinc-950' : ''}`}
      >
        {shown === '' && (
          <option value="" disabled>
            Choose a model
          </option>
        )}
        <ModelOptions groups={groups} />
      </select>
    </div>
  )
}
