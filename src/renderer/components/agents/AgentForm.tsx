/** Adds or edits an agent: name, what it is for, instructions, model, the extensions it may use, and its permission mode. */
import { useId, useState } from 'react'
import { PermissionModeSchema, agentExtensionId, agentIdOfExtension, type AgentView } from '../../../shared/hostApi'
import { useHostAction } from '../../hooks/useHostAction'
import { useExtensionsStore } from '../../stores/extensionsStore'
import { useModelsStore } from '../../stores/modelsStore'
import { modelGroups } from '../chat/modelChoice'
import { ModelOptions } from '../chat/ModelOptions'
import { modeLabel } from '../permissions/permissionText'
import { primaryButton, quietButton, textInput } from '../ui'
import { EditorForm } from '../EditorForm'
import { draftOf, emptyDraft, inputOf, type AgentDraft } from './agentDraft'
import { usePolicy } from '../policy/usePolicy'
import { MANAGED_LABEL } from '../../../shared/hostApi'

interface Props {
  /** The agent to edit; absent for a new one. */
  agent?: AgentView
  onDone: () => void
}

export function AgentForm({ agent, onDone }: Props) {
  const id = useId()
  // Modes less strict than the organisation allows cannot be chosen (an agent's mode is raised to it anyway).
  const least = usePolicy()?.managed.leastStrictMode
  const modes = PermissionModeSchema.options
  const refused = (mode: (typeof modes)[number]) => least !== undefined && modes.indexOf(mode) < modes.indexOf(least)
  const act = useHostAction()
  const models = useModelsStore((state) => state.models)
  const extensions = useExtensionsStore((state) => state.extensions) ?? []
  const [draft, setDraft] = useState<AgentDraft>(agent ? draftOf(agent) : emptyDraft)
  const [saving, setSaving] = useState(false)
  const set = (change: Partial<AgentDraft>) => setDraft((current) => ({ ...current, ...change }))
  const own = agent ? agentExtensionId(agent.id) : undefined
  const choices = extensions.filter((extension) => extension.id !== own)
  const toggle = (extensionId: string, on: boolean) => set({ chosen: on ? [...draft.chosen, extensionId] : draft.chosen.filter((chosen) => chosen !== extensionId) })

  const submit = async () => {
    setSaving(true)
    const saved = await act('agent_save', inputOf(draft, agent?.id))
    setSaving(false)
    if (saved) onDone()
  }

  return (
    <EditorForm label={agent ? `Edit ${agent.name}` : 'Add an agent'} onSubmit={() => void submit()} onCancel={onDone}>
      <label className="grid gap-1 text-sm" htmlFor={`${id}-name`}>
        Name
        <input id={`${id}-name`} required autoFocus value={draft.name} onChange={(change) => set({ name: change.target.value })} placeholder="Researcher" className={textInput} />
      </label>
      <label className="grid gap-1 text-sm" htmlFor={`${id}-model`}>
        Model
        <select id={`${id}-model`} value={draft.model} onChange={(change) => set({ model: change.target.value })} className={textInput}>
          <option value="">The selected model</option>
          <ModelOptions groups={models ? modelGroups(models) : []} />
        </select>
      </label>
      <label className="grid gap-1 text-sm sm:col-span-2" htmlFor={`${id}-description`}>
        What it is for (other agents read this)
        <input id={`${id}-description`} value={draft.description} onChange={(change) => set({ description: change.target.value })} placeholder="Finds sources and sums them up" className={textInput} />
      </label>
      <label className="grid gap-1 text-sm sm:col-span-2" htmlFor={`${id}-instructions`}>
        Instructions
        <textarea id={`${id}-instructions`} rows={4} value={draft.instructions} onChange={(change) => set({ instructions: change.target.value })} placeholder="You research questions and answer with sources." className={`${textInput} h-auto`} />
      </label>
      <fieldset className="grid gap-1 text-sm sm:col-span-2">
        <legend className="mb-1">Extensions it may use</legend>
        <label className="flex items-center gap-2">
          <input type="radio" name={`${id}-extensions`} checked={draft.extensionsMode === 'all'} onChange={() => set({ extensionsMode: 'all' })} />
          All extensions (other agents only when chosen)
        </label>
        <label className="flex items-center gap-2">
          <input type="radio" name={`${id}-extensions`} checked={draft.extensionsMode === 'chosen'} onChange={() => set({ extensionsMode: 'chosen' })} />
          Only the ones chosen here
        </label>
        {draft.extensionsMode === 'chosen' && (
          <div role="group" aria-label="Chosen extensions" className="mt-1 grid gap-1 pl-6 sm:grid-cols-2">
            {choices.map((extension) => (
              <label key={extension.id} className="flex items-center gap-2">
                <input type="checkbox" checked={draft.chosen.includes(extension.id)} onChange={(change) => toggle(extension.id, change.target.checked)} />
                {agentIdOfExtension(extension.id) === undefined ? extension.name : `${extension.name} (agent)`}
              </label>
            ))}
          </div>
        )}
      </fieldset>
      <label className="grid gap-1 text-sm" htmlFor={`${id}-mode`}>
        Permission mode
        <select id={`${id}-mode`} value={draft.permissionMode} onChange={(change) => set({ permissionMode: change.target.value === '' ? '' : PermissionModeSchema.parse(change.target.value) })} className={textInput}>
          <option value="">Follow the global mode</option>
          {modes.map((mode) => (
            <option key={mode} value={mode} disabled={refused(mode)}>
              {modeLabel(mode)}
              {refused(mode) ? ` (${MANAGED_LABEL})` : ''}
            </option>
          ))}
        </select>
      </label>
      <div className="flex items-end gap-2 sm:col-span-2">
        <button type="submit" className={primaryButton} disabled={saving}>
          {agent ? 'Save agent' : 'Add agent'}
        </button>
        <button type="button" className={quietButton} onClick={onDone}>
          Cancel
        </button>
      </div>
    </EditorForm>
  )
}
