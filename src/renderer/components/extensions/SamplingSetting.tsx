/** Whether an extension may ask your model for replies (sampling): ask each time, always, or never. */
import type { ExtensionView } from '../../../shared/hostApi'
import { useHostAction } from '../../hooks/useHostAction'

const choices = [
  { value: 'ask', label: 'Ask each time' },
  { value: 'always', label: 'Always allow' },
  { value: 'never', label: 'Never' },
] as const

export function SamplingSetting({ extension }: { extension: ExtensionView }) {
  const act = useHostAction()
  const id = `sampling-${extension.id}`
  return (
    <div className="flex flex-wrap items-center gap-2 text-sm">
      <label htmlFor={id} className="font-medium">
        Sampling requests
      </label>
      <select
        id={id}
        value={extension.sampling}
        onChange={(event) => void act('extension_set_sampling', { id: extension.id, policy: event.target.value as ExtensionView['sampling'] })}
        className="rounded-md border border-zinc-300 bg-white px-2 py-1 text-sm focus-visible:outline-2 focus-visible:outline-indigo-500 dark:border-zinc-700 dark:bg-zinc-900"
      >
        {choices.map((choice) => (
          <option key={choice.value} value={choice.value}>
            {choice.label}
          </option>
        ))}
      </select>
      <span className="text-zinc-500 dark:text-zinc-400">when this extension asks your model for a reply.</span>
    </div>
  )
}
