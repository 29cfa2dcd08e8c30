/**
 * The argument rules: every saved rule with Edit and Remove, and "Add rule". The strictest matching
 * rule wins (deny, then ask, then allow), so the order of the list never opens a hole.
 */
import { useRef, useState } from 'react'
import type { ArgumentRule, CatalogToolView } from '../../../shared/hostApi'
import { PlusIcon } from '../icons'
import { primaryButton } from '../ui'
import { RuleForm } from './RuleForm'
import { RuleRow } from './RuleRow'
import { EmptyNote } from './tableStyles'
import { focusWhenLost } from '../focusWhenLost'

interface Props {
  rules: readonly ArgumentRule[]
  tools: readonly CatalogToolView[]
}

export function RuleList({ rules, tools }: Props) {
  const [adding, setAdding] = useState(false)
  const addButton = useRef<HTMLButtonElement>(null)
  const listHeading = useRef<HTMLHeadingElement>(null)
  const closeForm = () => {
    setAdding(false)
    requestAnimationFrame(() => addButton.current?.focus())
  }
  return (
    <div className="space-y-3">
      <h3 ref={listHeading} tabIndex={-1} className="sr-only">
        Saved rules
      </h3>
      {rules.length === 0 && !adding ? (
        <EmptyNote>No rules yet. A rule decides calls of a tool by one of its arguments, e.g. allow writing files under ~/Notes.</EmptyNote>
      ) : (
        rules.length > 0 && (
          <ul
            aria-label="Argument rules"
            className="divide-y divide-zinc-200 overflow-hidden rounded-lg border border-zinc-200 bg-white shadow-xs dark:divide-zinc-800 dark:border-zinc-800 dark:bg-zinc-900"
          >
            {rules.map((rule) => (
              <RuleRow key={rule.id} rule={rule} tools={tools} onRemoved={() => focusWhenLost(listHeading.current)} />
            ))}
          </ul>
        )
      )}
      {adding ? (
        <RuleForm tools={tools} onSaved={closeForm} onCancel={closeForm} />
      ) : (
        <button ref={addButton} type="button" className={primaryButton} onClick={() => setAdding(true)}>
          <PlusIcon className="size-3.5" />
          Add rule
        </button>
      )}
    </div>
  )
}
