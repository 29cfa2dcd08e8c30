/** An on/off switch: a button with role="switch", so Space and Enter toggle it and it says whether it is on. */
interface Props {
  checked: boolean
  onChange: (checked: boolean) => void
  /** Accessible name, e.g. "Enable Everything". */
  label: string
  disabled?: boolean
  describedBy?: string
}

export function Switch({ checked, onChange, label, disabled = false, describedBy }: Props) {
  return (
    <button
      type="button"
      role="switch"
      aria-checked={checked}
      aria-label={label}
      aria-describedby={describedBy}
      title={label}
      disabled={disabled}
      onClick={() => onChange(!checked)}
      className={
        'relative inline-flex h-5 w-9 shrink-0 items-center rounded-full transition-colors disabled:cursor-not-allowed disabled:opacity-50 ' +
        (checked ? 'bg-indigo-600 dark:bg-indigo-500' : 'bg-zinc-300 dark:bg-zinc-600')
      }
    >
      <span
        aria-hidden="true"
        className={`inline-block size-4 rounded-full bg-white shadow-sm ring-1 ring-black/5 transition-transform ${checked ? 'translate-x-[18px]' : 'translate-x-0.5'}`}
      />
    </button>
  )
}
