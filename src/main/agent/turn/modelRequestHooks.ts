/**
 * The model-request hooks of one step and the request they leave: the tools they kept (a hook can
 * only take tools away), their messages, and system messages they added folded into the system
 * prompt (hooks/systemFold.ts). When anything changed, the model is told in the system prompt; the
 * change holds for this request only.
 */
import type { ModelMessage, ToolSet } from 'ai'
import { foldSystemMessages, type TurnHooks } from '../../hooks'
import type { HookChange } from '../../../shared/hooksApi'
import { hookNote } from './hookNotes'

export interface ModelRequest {
  sessionId: string
  step: number
  model: string
  system?: string
  messages: ModelMessage[]
  tools?: ToolSet
}

export interface HookedRequest {
  system?: string
  messages: ModelMessage[]
  tools?: ToolSet
  /** What the hooks changed, for the reply's trail. */
  changes: HookChange[]
  warnings: string[]
}

export async function hookedModelRequest(hooks: TurnHooks, request: ModelRequest): Promise<HookedRequest> {
  const run = await hooks.run('model-request', { sessionId: request.sessionId, step: request.step, model: request.model, tools: Object.keys(request.tools ?? {}), messages: request.messages })
  const folded = foldSystemMessages(request.messages, run.payload.messages, run.changes)
  const warnings = [...run.warnings]
  if (folded.messages.length === 0 && request.messages.length > 0) {
    // A request without messages would fail the turn: that change is refused, what it added to the system prompt kept.
    const hooks = [...new Set(folded.changes.filter((change) => change.field === 'messages' || change.field === 'system').map((change) => `"${change.hook}"`))]
    warnings.push(`Hook ${hooks.join(', ')} left the model request without messages; it was sent with the conversation as it was. The turn went on.`)
    folded.messages = request.messages
    folded.changes = folded.changes.filter((change) => change.field !== 'messages')
  }
  const kept = new Set(run.payload.tools)
  const tools = request.tools && folded.changes.some((change) => change.field === 'tools') ? Object.fromEntries(Object.entries(request.tools).filter(([name]) => kept.has(name))) : request.tools
  const note = folded.changes.length > 0 ? hookNote(folded.changes, 'this request') : undefined
  const system = [request.system, ...folded.system, note].filter(Boolean).join('\n\n') || undefined
  return { system, messages: folded.messages as ModelMessage[], tools, changes: folded.changes, warnings }
}
