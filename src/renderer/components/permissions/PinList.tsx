/**
 * The tool definitions Switchboard has pinned: one per tool it has seen, with when it was first seen
 * and last accepted, "Changed" when the tool now looks different (its next call asks first), and
 * Forget after a confirm step — the next definition seen is then accepted without asking.
 */
import { useState } from 'react'
import type { PermissionsResource } from '../../../shared/hostApi'
import { useHostAction } from '../../hooks/useHostAction'
import { quietButton } from '../ui'
import { chip, markerTone } from './decisionTones'
import { InlineConfirm } from '../InlineConfirm'
import { formatTime } from './permissionText'
import { EmptyNote } from './tableStyles'

type Pin = PermissionsResource['pins'][string]

function PinRow({ tool, pin }: { tool: string; pin: Pin }) {
  const act = useHostAction()
  const [mode, setMode] = useState<'view' | 'confirm' | 'forgetting'>('view')
  const forget = async () => {
    setMode('forgetting')
    if (!(await act('permission_pin_forget', { tool }))) setMode('view')
  }
  return (
    <li data-pin={tool} className={`px-4 py-2.5 ${mode === 'view' ? '' : 'bg-zinc-50/80 dark:bg-zinc-800/30'}`}>
      <div className="flex items-start gap-3">
        <div className="min-w-0 flex-1">
          <p className="flex flex-wrap items-center gap-x-2 gap-y-1">
            <code className="font-mono text-[13px] font-medium wrap-anywhere">{tool}</code>
            {pin.changed && (
              <span className={`${chip} ${markerTone}`} title="The tool now looks different from the definition you accepted; its next call asks first.">
                Changed
              </span>
            )}
          </p>
          <p className="mt-0.5 text-xs text-zinc-500 dark:text-zinc-400">
            First seen {formatTime(pin.firstSeen)} · accepted {formatTime(pin.acceptedAt)} ·{' '}
            <span className="font-mono" title={`SHA-256 ${pin.hash}`}>
              {pin.hash.slice(0, 12)}
            </span>
          </p>
        </div>
        <button
          type="button"
          className={`${quietButton} shrink-0`}
          aria-label={`Forget ${tool}`}
          disabled={mode !== 'view'}
          onClick={() => setMode('confirm')}
        >
          Forget
        </button>
      </div>
      {mode !== 'view' && (
        <InlineConfirm
          label={`Forget ${tool}?`}
          confirm="Forget"
          busyText="Forgetting…"
          busy={mode === 'forgetting'}
          onConfirm={() => void forget()}
          onCancel={() => setMode('view')}
        >
          Forget the pinned definition of <code className="font-mono">{tool}</code>? The next definition Switchboard sees is accepted without
          asking, and an “always allow” given for this one no longer applies.
        </InlineConfirm>
      )}
    </li>
  )
}

export function PinList({ pins }: { pins: PermissionsResource['pins'] }) {
  const entries = Object.entries(pins).sort(([a, pa], [b, pb]) => Number(pb.changed) - Number(pa.changed) || a.localeCompare(b))
  if (entries.length === 0) return <EmptyNote>No tool definitions pinned yet: each tool is pinned the first time Switchboard sees it.</EmptyNote>
  const changed = entries.filter(([, pin]) => pin.changed).length
  return (
    <div className="space-y-2">
      {changed > 0 && (
        <p className="text-sm text-amber-800 dark:text-amber-300">
          {changed === 1 ? '1 tool changed' : `${changed} tools changed`} since you accepted it; the next call of each asks first and shows what changed.
        </p>
      )}
      <ul
        aria-label="Pinned tool definitions"
        className="max-h-96 divide-y divide-zinc-200 overflow-y-auto rounded-lg border border-zinc-200 bg-white shadow-xs dark:divide-zinc-800 dark:border-zinc-800 dark:bg-zinc-900"
      >
        {entries.map(([tool, pin]) => (
          <PinRow key={tool} tool={tool} pin={pin} />
        ))}
      </ul>
    </div>
  )
}
