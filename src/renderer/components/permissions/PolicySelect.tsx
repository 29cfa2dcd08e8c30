/** A native select for a tool's or an extension's policy; "Default" removes it, so the next level decides. */
import type { PolicyChoice } from './permissionText'
import { policyLabels } from './permissionText'

interface Props {
  value: PolicyChoice
  /** Accessible name, e.g. "Policy for fixture__echo". */
  label: string
  /** What "Default" means here, e.g. "Default (mode)". */
  defaultLabel: string
  disabled?: boolean
  onChange: (value: PolicyChoice) => void
}

const select =
  'h-7 rounded-md border border-zinc-300 bg-white py-0 pr-7 pl-2 text-xs text-zinc-900 shadow-xs transition-colors ' +
  'focus:border-indigo-500 focus:ring-2 focus:ring-indigo-500/25 focus-visible:outline-none disabled:opacity-60 ' +
  'dark:border-zinc-700 dark:bg-zinc-950 dark:text-zinc-100 dark:focus:border-indigo-400'

export function PolicySelect({ value, label, defaultLabel, disabled = false, onChange }: Props) {
  return (
    <select aria-label={label} title={label} value={value} disabled={disabled} className={select} onChange={(event) => onChange(event.target.value as PolicyChoice)}>
      <option value="default">{defaultLabel}</option>
      <option value="always">{policyLabels.always}</option>
      <option value="ask">{policyLabels.ask}</option>
      <option value="never">{policyLabels.never}</option>
    </select>
  )
}
