/**
 * Runs the tool calls of one model step: in parallel, each one checked (known tool, arguments
 * valid against the schema), authorized by the permission layer, then dispatched. Every call ends
 * in a committed tool-result message, committed as soon as that call finishes; the results come
 * back in the order the model made the calls.
 */
import { isDeepStrictEqual } from 'node:util'
import type { CallToolResult } from '@modelcontextprotocol/client'
import type { CallOutcome, CatalogTool, DispatchOptions, ToolCallRequest as DispatchRequest } from '../../extensions'
import type { Authorization, ToolCallRequest as PermissionRequest, ToolDefinition } from '../../permissions'
import type { TurnHooks } from '../../hooks'
import type { HookChange } from '../../../shared/hooksApi'
import { hookNote, trailField } from './hookNotes'
import type { ArgumentValidator } from './argumentValidation'
import { extensionTurnError, modelCanFix, outcomeStatus, type TurnError } from './errorKinds'
import type { ModelToolCall } from './streamStep'
import type { MessageDraft, ToolErrorKind, ToolResultMessage, ToolResultStatus } from '../session/storedMessage'
import { resultText } from '../toolResultContent'
import { TOOL_STATE_OF, type TurnProgressTracker } from './turnProgress'
import type { Provenance, ProvenanceSource } from '../../../shared/provenanceApi'
import { outsideSourcesOf } from '../../../shared/provenanceText'

/** Where tool results come from (issue 37): recorded with each result, and outside content reported to the guard. */
export interface RoundProvenance {
  /** The provenance of a call's result (the tool's extension, a sub-agent and what it read). */
  ofToolResult(tool: CatalogTool, result: CallToolResult): Provenance | undefined
  /** PermissionService.noteOutside: the session's context now holds outside content from these sources. */
  noteOutside(sessionId: string, sources: ProvenanceSource[]): void
}

/** The permission layer's authorize(), as the host hands it over. */
export type AuthorizeCall = (call: PermissionRequest, options: { signal?: AbortSignal }) => Promise<Authorization>
/** The extension dispatcher's call(), as the host hands it over. */
export type DispatchCall = (request: DispatchRequest, options: DispatchOptions) => Promise<CallOutcome>
/** Commits a tool-result message; rejects when it could not be saved. */
export type CommitResult = (draft: MessageDraft, extra: { fullResult?: CallToolResult }) => Promise<ToolResultMessage>

export interface ToolRoundInput {
  sessionId: string
  turnId: string
  calls: readonly ModelToolCall[]
  toolsByName: ReadonlyMap<string, CatalogTool>
  validator: ArgumentValidator
  authorize: AuthorizeCall
  dispatch: DispatchCall
  commit: CommitResult
  progress: TurnProgressTracker
  signal: AbortSignal
  /** The security inspector's prompt-injection tracking (PermissionService.noteToolResult). */
  noteToolResult?: (sessionId: string, text: string, source: string) => void
  /**
   * Answers the loop's own tools (`find_tools`), which read only the catalog: no extension runs, so
   * there is nothing to approve. Undefined for every other call.
   */
  answerLocally?: (call: ModelToolCall) => { ok: boolean; text: string } | undefined
  /** Said in the refusal of an unknown tool: how to find one (e.g. "use find_tools"). */
  unknownToolHint?: string
  /** tool-call hooks before authorization, tool-result hooks after the call. */
  hooks: TurnHooks
  provenance?: RoundProvenance
}

export interface ToolRoundResult {
  /** In the order the model made the calls. */
  results: ToolResultMessage[]
  /** Set when a call failed in a way only the person can fix: the turn ends with this. */
  stop?: TurnError
  /** Hooks that failed or refused after a call (they cannot undo it): for the turn's notices. */
  warnings: string[]
}

/** `ranArguments`: what the call went ahead with (asked about, run), when hooks changed the model's arguments. */
type Settled = { status: ToolResultStatus; errorKind?: ToolErrorKind; result: CallToolResult; fullResult?: CallToolResult; dispatched: boolean; changes?: HookChange[]; ranArguments?: Record<string, unknown>; provenance?: Provenance }

/** The definition the permission layer pins and hashes, from a catalog entry (the host's observeTools should use the same). */
export function toolDefinitionOf(tool: CatalogTool): ToolDefinition {
  return {
    name: tool.toolName,
    ...(tool.title ? { title: tool.title } : {}),
    ...(tool.description ? { description: tool.description } : {}),
    inputSchema: tool.inputSchema as Record<string, unknown>,
    annotations: tool.annotations,
    ...(tool.preApproved ? { preApproved: tool.preApproved } : {}),
  }
}

export async function runToolRound(input: ToolRoundInput): Promise<ToolRoundResult> {
  const { calls, progress } = input
  const warnings: string[] = []
  progress.runningTools(calls.map((call) => ({ callId: call.callId, name: call.name, extensionId: input.toolsByName.get(call.name)?.extensionId, arguments: call.input })))
  const settled = await Promise.allSettled(
    calls.map(async (call) => {
      const outcome = await settle(call, input, warnings)
      const message = await input.commit(
        {
          kind: 'tool-result',
          turnId: input.turnId,
          callId: call.callId,
          name: call.name,
          status: outcome.status,
          ...(outcome.errorKind ? { errorKind: outcome.errorKind } : {}),
          content: outcome.result.content,
          ...(outcome.result.structuredContent !== undefined ? { structuredContent: outcome.result.structuredContent } : {}),
          ...trailField(outcome.changes ?? []),
          ...(outcome.ranArguments ? { ranArguments: outcome.ranArguments } : {}),
          ...(outcome.provenance ? { provenance: outcome.provenance } : {}),
        },
        { fullResult: outcome.fullResult },
      )
      if (outcome.dispatched) input.noteToolResult?.(input.sessionId, resultText(message.content), call.name)
      const outside = outsideSourcesOf(outcome.provenance)
      if (outside.length > 0) input.provenance?.noteOutside(input.sessionId, outside)
      const errorText = outcome.status === 'ok' ? undefined : resultText(message.content)
      progress.toolCall(call.callId, { state: TOOL_STATE_OF[outcome.status], progress: undefined, resultMessageId: message.id, ...(errorText ? { message: errorText } : {}) })
      return message
    }),
  )
  // Every call has finished (or failed to save) before a storage failure is reported, so none is left running.
  const rejected = settled.find((entry) => entry.status === 'rejected')
  if (rejected) throw rejected.reason
  const results = settled.map((entry) => (entry as PromiseFulfilledResult<ToolResultMessage>).value)
  // A cancelled call also ends the turn, but the loop sees the aborted signal first and reports the cancel.
  const personal = results.find((result) => result.errorKind !== undefined && !modelCanFix(result.errorKind))
  return personal ? { results, stop: extensionTurnError(personal.name, resultText(personal.content)), warnings } : { results, warnings }
}

/** The result with the context hooks added and the model's note about what hooks changed at the end (the stored content is what the model reads). */
function noted(result: CallToolResult, changes: readonly HookChange[], context: readonly string[]): CallToolResult {
  if (changes.length === 0) return result
  const added = context.map((text) => ({ type: 'text' as const, text }))
  return { ...result, content: [...result.content, ...added, { type: 'text', text: hookNote(changes, 'this tool call') }] }
}

/** Checks, authorizes and runs one call; never rejects. */
async function settle(call: ModelToolCall, input: ToolRoundInput, warnings: string[]): Promise<Settled> {
  const refuse = (status: ToolResultStatus, errorKind: ToolErrorKind, text: string): Settled => ({ status, errorKind, result: { isError: true, content: [{ type: 'text', text }] }, dispatched: false })
  const local = call.invalid ? undefined : input.answerLocally?.(call)
  if (local) return local.ok ? { status: 'ok', result: { content: [{ type: 'text', text: local.text }] }, dispatched: false } : refuse('error', 'invalid-arguments', local.text)
  const tool = input.toolsByName.get(call.name)
  if (call.invalid?.reason === 'unknown-tool' || !tool) {
    return refuse('error', 'unknown-tool', `Unknown tool "${call.name}": it is not among the tools offered in this conversation. Use one of the tools you were given${input.unknownToolHint ?? ''}.`)
  }
  if (call.invalid) return refuse('error', 'invalid-arguments', `Invalid arguments for ${call.name}: they are not valid JSON (${call.invalid.detail.split('\n')[0]}). Call the tool again with a JSON object.`)
  const checked = input.validator.check(tool, call.input)
  if (!checked.ok) return refuse('error', 'invalid-arguments', checked.message)
  const stopped = () => refuse('cancelled', 'cancelled', `Not run: the person stopped the turn before ${call.name} ran.`)
  if (input.signal.aborted) return stopped()

  // Hooks see the call before the permission layer: the person approves the arguments that will run,
  // and a hook's "allow" is no approval (only its deny counts).
  const before = await input.hooks.run('tool-call', { sessionId: input.sessionId, tool: tool.name, extension: tool.extensionId, arguments: checked.arguments })
  const changes = [...before.changes]
  warnings.push(...before.warnings)
  if (before.refusal) return { ...refuse('denied', 'denied', `Refused by hook "${before.refusal.hook}": ${before.refusal.reason}`), changes }
  const rewritten = changes.length > 0 ? input.validator.check(tool, before.payload.arguments) : checked
  if (!rewritten.ok) return { ...refuse('denied', 'denied', `Not run: a hook changed the arguments into ones ${call.name} does not accept (${rewritten.message})`), changes }
  const args = rewritten.arguments
  // From here on the call goes ahead with what the hooks left: the card shows that (the person
  // approves it, the tool runs it), while the model's own call stays as it made it.
  const ranArguments = isDeepStrictEqual(args, call.input) ? undefined : args
  const ran = ranArguments ? { ranArguments } : {}
  if (ranArguments) input.progress.toolCall(call.callId, { ranArguments, hookChanges: changes })
  if (input.signal.aborted) return { ...stopped(), ...ran }

  const authorization = await input.authorize(
    {
      callId: call.callId,
      extensionId: tool.extensionId,
      extensionName: tool.extensionName,
      extensionTrust: tool.trust,
      toolName: tool.name,
      tool: toolDefinitionOf(tool),
      arguments: args,
      origin: 'model',
      sessionId: input.sessionId,
      ...(before.ask ? { hookAsks: before.ask } : {}),
    },
    { signal: input.signal },
  )
  if (input.signal.aborted) return { ...stopped(), ...ran }
  if (!authorization.run) return { ...refuse('denied', 'denied', authorization.message), changes, ...ran }

  input.progress.toolCall(call.callId, { state: 'running' })
  const outcome = await input.dispatch(
    { name: tool.name, arguments: args },
    { signal: input.signal, onProgress: (update) => input.progress.toolCall(call.callId, { progress: update }) },
  )
  const { status, errorKind } = outcomeStatus(outcome)
  if (outcome.status !== 'ok') {
    const failed = noted({ isError: true, content: [{ type: 'text', text: outcome.message }] }, changes, before.context)
    return { status, errorKind, result: failed, dispatched: true, changes, ...ran, ...provenanceOf(input, tool, failed) }
  }
  // The result is in the conversation from here on: the tool-result hooks that get it come after its outside content (the guard checks their calls too).
  const arrivedFrom = provenanceOf(input, tool, outcome.result)
  const arrived = outsideSourcesOf(arrivedFrom.provenance)
  if (arrived.length > 0) input.provenance?.noteOutside(input.sessionId, arrived)
  const after = await input.hooks.run('tool-result', { sessionId: input.sessionId, tool: tool.name, extension: tool.extensionId, arguments: args, result: outcome.result })
  warnings.push(...after.warnings)
  changes.push(...after.changes)
  // A changed result replaces the full one too: what a hook took out must not come back through "show all".
  const resultChanged = after.changes.length > 0
  const result = resultChanged ? (after.payload.result as CallToolResult) : outcome.result
  const final = resultChanged ? outcomeStatus({ ...outcome, result }) : { status, errorKind }
  return { ...final, result: noted(result, changes, [...before.context, ...after.context]), fullResult: outcome.truncated && !resultChanged ? outcome.fullResult : undefined, dispatched: true, changes, ...ran, ...(resultChanged ? provenanceOf(input, tool, result) : arrivedFrom) }
}

/** The provenance field of a dispatched call's result, when the loop records provenance. */
function provenanceOf(input: ToolRoundInput, tool: CatalogTool, result: CallToolResult): { provenance?: Provenance } {
  const provenance = input.provenance?.ofToolResult(tool, result)
  return provenance ? { provenance } : {}
}
