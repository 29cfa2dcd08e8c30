/** The agent form's fields as the person edits them, and the agent_save input they make. */
import type { AgentInput, AgentView, PermissionMode } from '../../../shared/hostApi'
import { choiceValue, parseChoice } from '../chat/modelChoice'

export interface AgentDraft {
  name: string
  description: string
  instructions: string
  /** '' = the selected model; otherwise a choiceValue. */
  model: string
  /** Which extensions: all but agents, or the ones checked. */
  extensionsMode: 'all' | 'chosen'
  chosen: string[]
  /** '' = follow the global mode. */
  permissionMode: PermissionMode | ''
}

export const emptyDraft: AgentDraft = { name: '', description: '', instructions: '', model: '', extensionsMode: 'all', chosen: [], permissionMode: '' }

export function draftOf(agent: AgentView): AgentDraft {
  return {
    name: agent.name,
    description: agent.description,
    instructions: agent.instructions,
    model: agent.model ? choiceValue(agent.model) : '',
    extensionsMode: agent.extensions === 'all' ? 'all' : 'chosen',
    chosen: agent.extensions === 'all' ? [] : [...agent.extensions],
    permissionMode: agent.permissionMode ?? '',
  }
}

/** The save input; `id` for an agent that exists (its id never changes). */
export function inputOf(draft: AgentDraft, id?: string): AgentInput {
  return {
    ...(id ? { id } : {}),
    name: draft.name,
    description: draft.description,
    instructions: draft.instructions,
    model: parseChoice(draft.model) ?? null,
    extensions: draft.extensionsMode === 'all' ? 'all' : draft.chosen,
    permissionMode: draft.permissionMode === '' ? null : draft.permissionMode,
  }
}
