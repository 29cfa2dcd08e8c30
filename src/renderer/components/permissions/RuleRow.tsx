/** One saved argument rule: its decision, tool, argument and pattern, note; Edit opens the form in place, Remove asks first. */
import { useEffect, useRef, useState } from 'react'
import type { ArgumentRule, CatalogToolView } from '../../../shared/hostApi'
import { useHostAction } from '../../hooks/useHostAction'
import { smallSecondaryButton, quietDangerButton } from '../ui'
import { chip, decisionTone } from './decisionTones'
import { InlineConfirm } from '../InlineConfirm'
import { RuleForm } from './RuleForm'
import { decisionLabels, matchText } from './permissionText'

interface Props {
  rule: ArgumentRule
  tools: readonly CatalogToolView[]
  /** The host removed it; the row is about to go, so the focus should go somewhere else. */
  onRemoved: () => void
}

type Mode = 'view' | 'edit' | 'confirm-remove' | 'removing'

export function RuleRow({ rule, tools, onRemoved }: Props) {
  const act = useHostAction()
  const [mode, setMode] = useState<Mode>('view')
  const editButton = useRef<HTMLButtonElement>(null)
  const removeButton = useRef<HTMLButtonElement>(null)
  const refocus = useRef<'edit' | 'remove' | null>(null)
  const { kind, pattern } = matchText(rule)

  useEffect(() => {
    if (mode !== 'view' || !refocus.current) return
    ;(refocus.current === 'edit' ? editButton : removeButton).current?.focus()
    refocus.current = null
  }, [mode])

  const back = (to: 'edit' | 'remove') => {
    refocus.current = to
    setMode('view')
  }
  const remove = async () => {
    setMode('removing')
    if (await act('permission_rule_remove', { id: rule.id })) onRemoved()
    else back('remove')
  }

  if (mode === 'edit') {
    return (
      <li className="p-3">
        <RuleForm rule={rule} tools={tools} onSaved={() => back('edit')} onCancel={() => back('edit')} />
      </li>
    )
  }
  return (
    <li data-rule={rule.id} className={`px-4 py-3 transition-colors ${mode === 'view' ? '' : 'bg-zinc-50/80 dark:bg-zinc-800/30'}`}>
      <div className="flex items-start gap-3">
        <span className={`${chip} ${decisionTone[rule.decision]} mt-0.5 w-12 justify-center`}>{decisionLabels[rule.decision]}</span>
        <div className="min-w-0 flex-1">
          <p className="flex flex-wrap items-baseline gap-x-1.5 gap-y-0.5 text-sm">
            <code className="font-mono text-[13px] font-medium wrap-anywhere">{rule.tool}</code>
            <span className="text-zinc-500 dark:text-zinc-400">when</span>
            <code className="font-mono text-[13px] wrap-anywhere">{rule.argument}</code>
            <span className="text-zinc-500 dark:text-zinc-400">matches {kind === 'glob' ? 'glob' : 'regex'}</span>
            <code className="rounded bg-zinc-100 px-1.5 font-mono text-[13px] wrap-anywhere dark:bg-zinc-800">{pattern}</code>
          </p>
          {rule.note && <p className="mt-0.5 text-xs break-words text-zinc-600 dark:text-zinc-400">{rule.note}</p>}
          <p className="mt-0.5 font-mono text-[11px] text-zinc-400 dark:text-zinc-500">{rule.id}</p>
        </div>
        <div className="flex shrink-0 items-center gap-1">
          <button ref={editButton} type="button" className={smallSecondaryButton} aria-label={`Edit ${rule.id}`} disabled={mode !== 'view'} onClick={() => setMode('edit')}>
            Edit
          </button>
          <button
            ref={removeButton}
            type="button"
            className={quietDangerButton}
            aria-label={`Remove ${rule.id}`}
            disabled={mode !== 'view'}
            onClick={() => setMode('confirm-remove')}
          >
            Remove
          </button>
        </div>
      </div>
      {mode !== 'view' && (
        <InlineConfirm
          label={`Remove ${rule.id}?`}
          confirm="Remove"
          busyText="Removing…"
          busy={mode === 'removing'}
          onConfirm={() => void remove()}
          onCancel={() => back('remove')}
        >
          Remove this rule? Calls it matched are decided by the other rules, the policies and the mode again.
        </InlineConfirm>
      )}
    </li>
  )
}
