/** "Trust this extension", off by default, with what it changes for this kind of extension. */
import { useId } from 'react'
import type { TransportChoice } from './extensionForm'

interface Props {
  checked: boolean
  type: TransportChoice
  disabled: boolean
  onChange: (checked: boolean) => void
}

export function TrustField({ checked, type, disabled, onChange }: Props) {
  const id = useId()
  const startNote =
    type === 'stdio'
      ? 'Its command still needs your approval before it first starts.'
      : 'It also connects without asking you first; untrusted servers show their URL for approval.'
  return (
    <div className="flex gap-3 rounded-lg border border-zinc-200 p-3.5 dark:border-zinc-800">
      <input
        id={id}
        type="checkbox"
        checked={checked}
        disabled={disabled}
        aria-describedby={`${id}-hint`}
        onChange={(event) => onChange(event.target.checked)}
        className="mt-0.5 size-4 shrink-0 accent-indigo-600"
      />
      <div className="min-w-0">
        <label htmlFor={id} className="text-sm font-medium">
          Trust this extension
        </label>
        <p id={`${id}-hint`} className="mt-0.5 text-xs leading-relaxed text-zinc-600 dark:text-zinc-400">
          Off by default. When on, its tools’ own hints (such as “read-only”) count when Switchboard decides which calls need your approval.{' '}
          {startNote} Turn it on only for servers you run yourself or know well.
        </p>
      </div>
    </div>
  )
}
