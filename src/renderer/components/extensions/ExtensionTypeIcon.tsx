/** A tile that says at a glance whether an extension is a local program, a server on the network, or built in. */
import type { ExtensionType } from '../../../shared/hostApi'
import { GlobeIcon, PlugIcon, TerminalIcon } from '../icons'

export function ExtensionTypeIcon({ type, size = 'size-9' }: { type: ExtensionType; size?: string }) {
  const Icon = type === 'stdio' ? TerminalIcon : type === 'streamable-http' || type === 'sse' ? GlobeIcon : PlugIcon
  return (
    <span
      aria-hidden="true"
      className={`${size} flex shrink-0 items-center justify-center rounded-lg bg-indigo-50 text-indigo-600 ring-1 ring-indigo-500/10 ring-inset dark:bg-indigo-500/10 dark:text-indigo-300 dark:ring-indigo-400/20`}
    >
      <Icon className="size-[18px]" />
    </span>
  )
}
