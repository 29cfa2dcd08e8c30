/** One agent: its name, what it uses, and Edit / Remove (the default agent can be edited, not removed). */
import { useState } from 'react'
import type { AgentView } from '../../../shared/hostApi'
import { useHostAction } from '../../hooks/useHostAction'
import { InlineConfirm } from '../InlineConfirm'
import { modeLabel } from '../permissions/permissionText'
import { quietButton, quietDangerButton } from '../ui'
import { AgentForm } from './AgentForm'

function summary(agent: AgentView): string {
  const model = agent.model ? agent.model.modelId : 'the selected model'
  const extensions = agent.extensions === 'all' ? 'all extensions' : agent.extensions.length === 1 ? '1 extension' : `${agent.extensions.length} extensions`
  const mode = agent.permissionMode ? ` · ${modeLabel(agent.permissionMode)} mode` : ''
  return `${model} · ${extensions}${mode}`
}

export function AgentRow({ agent }: { agent: AgentView }) {
  const act = useHostAction()
  const [editing, setEditing] = useState(false)
  const [confirming, setConfirming] = useState(false)
  const [busy, setBusy] = useState(false)

  const remove = async () => {
    setBusy(true)
    if (!(await act('agent_remove', { id: agent.id }))) {
      setBusy(false)
      setConfirming(false)
    }
  }

  return (
    <li aria-label={agent.name} className="rounded-lg border border-zinc-200 p-3 text-sm dark:border-zinc-700">
      <div className="flex flex-wrap items-center gap-2">
        <span className="font-medium">{agent.name}</span>
        {!agent.removable && <span className="rounded bg-zinc-100 px-1.5 text-xs text-zinc-700 dark:bg-zinc-800 dark:text-zinc-300">Default</span>}
        <span className="text-xs text-zinc-500 dark:text-zinc-400">{summary(agent)}</span>
        <span className="ml-auto flex items-center gap-1">
          <button type="button" className={quietButton} aria-expanded={editing} onClick={() => setEditing(!editing)} aria-label={`Edit ${agent.name}`}>
            Edit
          </button>
          {agent.removable && (
            <button type="button" className={quietDangerButton} onClick={() => setConfirming(true)} aria-label={`Remove ${agent.name}`}>
              Remove
            </button>
          )}
        </span>
      </div>
      {agent.description && <p className="mt-1 text-xs text-zinc-600 dark:text-zinc-400">{agent.description}</p>}
      <p className="mt-1 text-xs text-zinc-500 dark:text-zinc-400">
        Other agents and connected apps reach it as <code className="font-mono">{agent.toolName}</code>.
      </p>
      {confirming && (
        <InlineConfirm label={`Remove ${agent.name}?`} confirm="Remove" busyText="Removing…" busy={busy} onConfirm={() => void remove()} onCancel={() => setConfirming(false)}>
          Remove {agent.name}? Its sessions go on with the default agent, and agents that used it lose it.
        </InlineConfirm>
      )}
      {editing && <AgentForm agent={agent} onDone={() => setEditing(false)} />}
    </li>
  )
}
