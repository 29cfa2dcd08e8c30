/**
 * What a tool says about itself (read-only, destructive, open world) and whether its extension is
 * trusted, as badges. The hints are main's reading of the tool's annotations with the MCP defaults
 * (destructive and open world unless the tool says otherwise); an untrusted extension's hints are
 * shown but never relied on, and the badge titles say so.
 */
import type { ToolCallSubject } from '../../../shared/hostApi'
import { ShieldCheckIcon } from '../icons'

const badge = 'inline-flex items-center gap-1 rounded px-1.5 py-0.5 text-xs font-medium ring-1 ring-inset whitespace-nowrap'
const tones = {
  green: 'bg-emerald-50 text-emerald-700 ring-emerald-600/20 dark:bg-emerald-500/10 dark:text-emerald-300 dark:ring-emerald-400/25',
  red: 'bg-red-50 text-red-700 ring-red-600/20 dark:bg-red-500/10 dark:text-red-300 dark:ring-red-400/25',
  sky: 'bg-sky-50 text-sky-700 ring-sky-600/20 dark:bg-sky-500/10 dark:text-sky-300 dark:ring-sky-400/25',
  amber: 'bg-amber-50 text-amber-800 ring-amber-600/25 dark:bg-amber-500/10 dark:text-amber-300 dark:ring-amber-400/25',
  gray: 'bg-zinc-100 text-zinc-700 ring-zinc-500/20 dark:bg-zinc-800 dark:text-zinc-300 dark:ring-zinc-400/20',
  indigo: 'bg-indigo-50 text-indigo-700 ring-indigo-600/20 dark:bg-indigo-500/10 dark:text-indigo-300 dark:ring-indigo-400/25',
} as const

interface Props {
  hints: ToolCallSubject['hints']
  trust: ToolCallSubject['trust']
}

export function CallBadges({ hints, trust }: Props) {
  const claim = trust === 'trusted' ? 'The tool says so.' : 'The tool says so; its extension is not trusted, so this is not relied on.'
  const shown: { label: string; title: string; tone: keyof typeof tones }[] = []
  if (hints.readOnly) shown.push({ label: 'Read-only', title: `Only reads, changes nothing. ${claim}`, tone: 'green' })
  else if (hints.destructive) shown.push({ label: 'Destructive', title: 'May delete or overwrite things (the tool does not say otherwise).', tone: 'red' })
  else shown.push({ label: 'Changes things', title: `May change things, but not destructively. ${claim}`, tone: 'amber' })
  if (hints.openWorld) shown.push({ label: 'Open world', title: 'May reach outside services, e.g. the internet (the tool does not say otherwise).', tone: 'sky' })
  return (
    <ul aria-label="About this call" className="flex flex-wrap items-center gap-1.5">
      {shown.map((item) => (
        <li key={item.label} title={item.title} className={`${badge} ${tones[item.tone]}`}>
          {item.label}
        </li>
      ))}
      <li
        title={
          trust === 'trusted'
            ? 'You trust this extension: its tools’ hints count when Switchboard decides what to ask.'
            : 'You have not marked this extension as trusted: its tools’ hints are ignored.'
        }
        className={`${badge} ${trust === 'trusted' ? tones.indigo : tones.gray}`}
      >
        {trust === 'trusted' && <ShieldCheckIcon className="size-3" />}
        {trust === 'trusted' ? 'Trusted extension' : 'Untrusted extension'}
      </li>
    </ul>
  )
}
