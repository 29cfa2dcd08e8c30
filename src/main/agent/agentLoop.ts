/**
 * One turn of a conversation: the person's message, then model steps until the model answers
 * without calling tools, the step limit is reached, the person stops it, or something only the
 * person can fix goes wrong. Each finished message is committed to the sessions store as it
 * completes (never a token at a time); the turn in flight is published as TurnProgress.
 *
 *   chat_send  → runTurn({ sessionId, history: (await store.load(id)).messages, userText, … })
 *   chat_cancel → abort the signal given to that runTurn
 */
import { randomUUID } from 'node:crypto'
import type { CatalogTool } from '../extensions'
import type { PermissionMode } from '../permissions'
import { NO_HOOKS, type TurnHooks } from '../hooks'
import { trailField } from './turn/hookNotes'
import { hookedModelRequest } from './turn/modelRequestHooks'
import { extensionsChosenByHooks, observedHooks } from './turn/turnHooks'
import { createArgumentValidator, type ArgumentValidator } from './turn/argumentValidation'
import type { ToolOffer } from '../../shared/hostApi'
import { internalTurnError, storageTurnError, type TurnError } from './turn/errorKinds'
import { assistantTurn, summaryTurn, toModelMessages } from './modelMessages'
import { messageTokens, needsCompaction, olderTurns, summariseTurns } from './compaction'
import { summaryProvenance } from './provenance'
import type { RoundProvenance } from './turn/toolRound'
import type { Provenance } from '../../shared/provenanceApi'
import { addAttachedContext } from './resourceContents'
import type { AttachedContext } from './session/sessionAttachments'
import { supportsNativeToolSearch, type LanguageModelV4 } from './providers'
import { loadAiSdk } from '../aiSdk/aiSdk'
import type { SessionStore } from './session/sessionStore'
import type { AssistantMessage, MessageDraft, StoredMessage, ToolResultMessage } from './session/storedMessage'
import { streamStep } from './turn/streamStep'
import { runToolRound, type AuthorizeCall, type DispatchCall } from './turn/toolRound'
import { TurnProgressTracker, type TurnProgress } from './turn/turnProgress'
import { FIND_TOOLS, calledToolNames, offerForTurn, recentToolNames, requestFigures, runFindTools, toolsForStep } from './toolSearch'

export const DEFAULT_STEP_LIMIT = 25
// 34 ms keeps progress under 30 updates a second (docs/architecture.md §9), about one per animation frame or fewer.
export const DEFAULT_PROGRESS_INTERVAL_MS = 34

export interface RunTurnOptions {
  sessionId: string
  /** Made up when absent; chat_send returns it at once. */
  turnId?: string
  /** The session's committed messages before this turn (SessionStore.load). */
  history: readonly StoredMessage[]
  /**
   * The person's message. Omit it to try again after a failed turn (a rate limit, a dropped
   * connection): the model is then asked to continue the conversation as committed.
   */
  userText?: string
  /** Who wrote `userText` when not the person (an MCP App's ui/message); shown on the message. */
  userFrom?: string
  /** `userText` as the person is shown it, when it differs (an App's message: hidden characters escaped). */
  userShown?: string
  /**
   * Regenerate (no `userText`) or edit and resend (`userText` is the new text): the messages from
   * `from` on are set aside first (a rewind line, setAside.ts), then the turn runs on what is left.
   */
  rewind?: { from: string; reason: 'regenerate' | 'edit' }
  model: LanguageModelV4
  system?: string
  /** The catalog's tools (ToolCache.catalog().tools); this turn offers a selection of them. */
  tools: readonly CatalogTool[]
  /** The catalog as it is now, read at every step (list_changed mid-turn); default `tools`. */
  currentTools?: () => readonly CatalogTool[]
  mode: PermissionMode
  /** "auto" (default): all tools while they fit the model's budget, else "search": the model finds tools as it needs them; "all": every tool up to the limit. */
  toolOffer?: ToolOffer
  /** Tools the person marked "always offer" (namespaced names). */
  alwaysOffer?: readonly string[]
  /** Tools found by search earlier in this session; they stay offered. */
  foundTools?: readonly string[]
  /** Told about tools a search found, to keep them for the session. */
  onToolsFound?: (names: string[]) => void
  /** Use the provider's own tool search; default: for the Anthropic models that have it. */
  nativeToolSearch?: boolean
  /** The extensions the person chose for this session, with "all" and "auto" (see catalogForTurn.ts). */
  activeExtensions?: readonly string[]
  authorize: AuthorizeCall
  dispatch: DispatchCall
  /** Where finished messages are committed. */
  store: Pick<SessionStore, 'append'>
  /** PermissionService.noteUserMessage / noteToolResult: keeps the prompt-injection check informed. */
  security?: { noteUserMessage(sessionId: string): void; noteToolResult(sessionId: string, text: string, source: string): unknown }
  /** Called at most once per `progressIntervalMs`, always with the latest state, and once more at the end. */
  onProgress?: (progress: TurnProgress) => void
  signal?: AbortSignal
  stepLimit?: number
  toolLimit?: number
  progressIntervalMs?: number
  /** Share one across turns so each schema is compiled once per definition hash. */
  validator?: ArgumentValidator
  /**
   * Resources attached to the conversation, read for this turn (sessionAttachments.ts): the parts are
   * given to the model after the person's text, and what they were is recorded on the person's message.
   */
  attachedContext?: () => Promise<AttachedContext>
  /** The hooks of each step of the turn (src/main/hooks); none when absent. */
  hooks?: TurnHooks
  /** The agent whose turn this is; recorded on every assistant message. */
  agent?: { id: string; name: string }
  /** Provenance (issue 37): recorded on the person's message and each tool result; outside content is reported to the guard. */
  provenance?: RoundProvenance & { user?: Provenance }
  /** The model's context window in tokens (the model table); older turns are summarised past 80 % of it (compaction.ts), and "auto" sizes its tool budget by it. */
  contextWindow?: number
}

export interface TurnResult {
  turnId: string
  status: 'done' | 'step-limit' | 'failed' | 'cancelled'
  error?: TurnError
  /** Everything this turn committed, in commit order. */
  committed: StoredMessage[]
  /** The final progress, as last published. */
  progress: TurnProgress
}

/** Thrown by commit(): a failed save ends the turn, whatever else was going on. */
class CommitFailed extends Error {
  constructor(cause: unknown) {
    super('commit failed', { cause })
  }
}

const defaultValidator = createArgumentValidator()

/** Runs one turn to its end. Never rejects: every failure is a TurnResult with a message a person can act on. */
export async function runTurn(options: RunTurnOptions): Promise<TurnResult> {
  const { sessionId } = options
  const turnId = options.turnId ?? randomUUID()
  const stepLimit = options.stepLimit ?? DEFAULT_STEP_LIMIT
  const signal = options.signal ?? new AbortController().signal
  const progress = new TurnProgressTracker({ sessionId, turnId, stepLimit }, options.onProgress, options.progressIntervalMs ?? DEFAULT_PROGRESS_INTERVAL_MS)
  const committed: StoredMessage[] = []
  const hooks = observedHooks(options.hooks ?? NO_HOOKS)
  const commit = async <M extends StoredMessage>(draft: MessageDraft, extra?: Parameters<SessionStore['append']>[2]): Promise<M> => {
    try {
      const message = await options.store.append(sessionId, draft, extra)
      committed.push(message)
      return message as M
    } catch (error) {
      throw new CommitFailed(error)
    }
  }
  /** Hook warnings are committed as notices: the person sees them in the turn, the model never does. */
  const warn = async (warnings: readonly string[]) => {
    for (const text of warnings) await commit({ kind: 'notice', turnId, reason: 'hook', text })
  }
  const end = async (status: TurnResult['status'], error?: TurnError): Promise<TurnResult> => {
    // Why the turn failed belongs in the history too; after a storage failure there is no point trying.
    if (error && status === 'failed' && error.source !== 'storage') {
      await commit({ kind: 'notice', turnId, reason: 'turn-failed', text: error.message, errorKind: error.kind }).catch(() => undefined)
    }
    if (error?.source !== 'storage') {
      const text = committed.findLast((message) => message.kind === 'assistant')?.text ?? ''
      const ended = await hooks.run('turn-end', { sessionId, status, text }).catch(() => undefined)
      if (ended) await warn(ended.warnings).catch(() => undefined)
    }
    // Observing hooks ran alongside the steps; what went wrong with them is in the turn before it ends.
    const late = await hooks.observed()
    if (error?.source !== 'storage') await warn(late).catch(() => undefined)
    await progress.finish(status, error)
    return { turnId, status, ...(error ? { error } : {}), committed, progress: progress.snapshot() }
  }

  try {
    // A turn talks to the model: the AI SDK loads here (once per run), not at start; what the turn
    // builds from it below (tool sets, the native search tool) takes it without waiting again.
    await loadAiSdk()
    const conversation = [...options.history]
    if (options.rewind) conversation.push(await commit({ kind: 'rewind', turnId, ...options.rewind }))
    // Read before the person's message is committed, so the message records what the model got.
    const attached = options.userText !== undefined && options.attachedContext ? await options.attachedContext() : undefined
    const currentTools = options.currentTools ?? (() => options.tools)
    const sessionExtensions = options.activeExtensions ? [...options.activeExtensions] : [...new Set(currentTools().map((tool) => tool.extensionId))].sort()
    const started = options.history.length === 0 ? await hooks.run('session-start', { sessionId, extensions: sessionExtensions }) : undefined
    let turnExtensions = started?.payload.extensions ?? sessionExtensions
    let choiceChanges = started?.changes ?? []
    if (options.userText !== undefined) {
      const attachments = attached && attached.attachments.length > 0 ? { attachments: attached.attachments } : {}
      const checked = await hooks.run('user-message', { sessionId, text: options.userText, extensions: turnExtensions })
      turnExtensions = checked.payload.extensions
      choiceChanges = [...choiceChanges, ...checked.changes]
      const refusedBy = checked.refusal ? { refusedBy: checked.refusal } : {}
      const trail = trailField(choiceChanges)
      // Context command hooks added is part of the message, so the person sees exactly what the model got.
      const text = [checked.payload.text, ...(started?.context ?? []), ...checked.context].join('\n\n')
      // What the person is shown holds only while the text is the one sent (no hook or context changed it).
      const shown = options.userShown !== undefined && text === options.userText ? { shown: options.userShown } : {}
      conversation.push(await commit({ kind: 'user', turnId, text, ...shown, ...attachments, ...(options.userFrom ? { from: options.userFrom } : {}), ...trail, ...refusedBy, ...(options.provenance?.user ? { provenance: options.provenance.user } : {}) }))
      await warn(started?.warnings ?? [])
      if (checked.refusal) {
        await commit({ kind: 'notice', turnId, reason: 'hook', text: `Not sent to the model: hook "${checked.refusal.hook}" refused this message (${checked.refusal.reason}).` })
        return await end('done')
      }
      options.security?.noteUserMessage(sessionId)
    } else {
      await warn(started?.warnings ?? [])
    }
    const choice = extensionsChosenByHooks(choiceChanges, turnExtensions, currentTools())
    if (choice.warning) await warn([choice.warning])
    const chosen = choice.chosen
    // A hook that chose the turn's extensions narrows the catalog for every step (and find_tools) of this turn.
    const hooked = chosen ? () => currentTools().filter((tool) => chosen.has(tool.extensionId)) : currentTools
    const extensions = chosen ? [...chosen] : options.activeExtensions
    // Once per turn: "auto" keeps its choice for the whole turn (autoOffer.ts).
    const turnOffer = offerForTurn({ choice: options.toolOffer ?? 'auto', catalog: hooked, mode: options.mode, extensions, contextWindow: options.contextWindow, toolLimit: options.toolLimit, history: conversation })
    const catalog = turnOffer.catalog
    const found = new Set(options.foundTools ?? [])
    const keepFound = (names: readonly string[]) => {
      const known = new Set(catalog().map((tool) => tool.name))
      const fresh = names.filter((name) => known.has(name) && !found.has(name))
      if (fresh.length === 0) return
      fresh.forEach((name) => found.add(name))
      options.onToolsFound?.(fresh)
    }
    const alwaysOffer = new Set(options.alwaysOffer ?? [])
    const calledTools = calledToolNames(conversation)
    const stepTools = () =>
      toolsForStep({
        offer: turnOffer.offered,
        catalog: catalog(),
        mode: options.mode,
        alwaysOffer,
        found,
        recent: recentToolNames(calledTools),
        native: options.nativeToolSearch ?? supportsNativeToolSearch(options.model),
        toolLimit: options.toolLimit,
        activeExtensions: extensions,
      })
    const first = stepTools()
    // Committed, not just shown while the turn runs: a fast turn would otherwise hide it, and with it
    // the way to choose the session's extensions.
    if (first.warning) await commit({ kind: 'notice', turnId, reason: 'tool-limit', text: first.warning.message })
    if (turnOffer.notice) await commit({ kind: 'notice', turnId, reason: 'tool-offer', text: turnOffer.notice })
    let messages = toModelMessages(conversation)
    if (attached) addAttachedContext(messages, attached.parts)
    const before = requestFigures({ definitions: first.definitionTokens, system: options.system, messages }).request
    const older = needsCompaction(before, options.contextWindow) ? olderTurns(conversation) : []
    if (older.length > 0) {
      try {
        const summary = await summariseTurns(options.model, older, signal, options.contextWindow)
        const tokensAfter = before - messageTokens(toModelMessages(older)) + messageTokens([summaryTurn(summary)])
        const usage = summary.usage ? { usage: summary.usage } : {}
        conversation.push(await commit({ kind: 'summary', turnId, text: summary.text, upTo: older.at(-1)!.id, covered: older.length, tokensBefore: before, tokensAfter, model: options.model.modelId, ...usage, ...summaryProvenance(older, options.model.modelId) }))
        messages = toModelMessages(conversation)
        if (attached) addAttachedContext(messages, attached.parts)
      } catch (error) {
        if (error instanceof CommitFailed) throw error
        if (signal.aborted) return await end('cancelled')
        await commit({ kind: 'notice', turnId, reason: 'turn-failed', text: `The conversation is near the model's context window (≈ ${before.toLocaleString('en-US')} tokens), and summarising the older turns failed: ${error instanceof Error ? error.message : String(error)}. Sending it whole.` })
      }
    }

    for (let step = 1; ; step++) {
      if (signal.aborted) return await end('cancelled')
      progress.startStep(step)
      // Tools found in the step before are in this step's request.
      const offered = step === 1 ? first : stepTools()
      const tokens = requestFigures({ definitions: offered.definitionTokens, system: options.system, messages })
      const request = await hookedModelRequest(hooks, { sessionId, step, model: options.model.modelId, system: options.system, messages, tools: offered.toolSet })
      await warn(request.warnings)
      const outcome = await streamStep({
        model: options.model,
        system: request.system,
        messages: request.messages,
        tools: request.tools,
        signal,
        onText: (delta) => progress.appendText(delta),
        onToolInput: ({ callId, name, partial }) => progress.writingTool(callId, name, partial),
      })
      // Observing hooks of what came before (session start, the message, this request) start now that the request is over.
      hooks.startObservers()
      const assistantDraft = { kind: 'assistant', turnId, step, text: outcome.text, tokens, model: options.model.modelId, ...(outcome.usage ? { usage: outcome.usage } : {}), ...trailField(request.changes), ...(options.agent ? { agent: options.agent } : {}), toolsOffered: turnOffer.offered } as const
      if (outcome.kind === 'aborted') {
        const stopped = await commit<AssistantMessage>({ ...assistantDraft, toolCalls: [], end: 'stopped' })
        progress.assistantCommitted(stopped.id)
        return await end('cancelled')
      }
      if (outcome.kind === 'failed') {
        if (outcome.text !== '') progress.assistantCommitted((await commit<AssistantMessage>({ ...assistantDraft, toolCalls: [], end: 'failed' })).id)
        return await end('failed', outcome.error)
      }
      keepFound(outcome.found)
      const toolCalls = outcome.toolCalls.map((call) => ({ callId: call.callId, name: call.name, arguments: call.input }))
      calledTools.push(...toolCalls.map((call) => call.name))
      const assistant = await commit<AssistantMessage>({ ...assistantDraft, toolCalls, end: 'complete' })
      progress.assistantCommitted(assistant.id)
      if (outcome.toolCalls.length === 0) return await end('done')

      const round = await runToolRound({
        sessionId,
        turnId,
        calls: outcome.toolCalls,
        toolsByName: offered.byName,
        answerLocally: offered.findTools
          ? (call) => {
              if (call.name !== FIND_TOOLS) return undefined
              const search = runFindTools(call.input, catalog())
              if (search.ok) keepFound(search.found.map((tool) => tool.name))
              return search
            }
          : undefined,
        unknownToolHint: offered.findTools ? `, or look for it with ${FIND_TOOLS}` : undefined,
        validator: options.validator ?? defaultValidator,
        authorize: options.authorize,
        dispatch: options.dispatch,
        commit: (draft, extra) => commit<ToolResultMessage>(draft, extra),
        progress,
        signal,
        noteToolResult: options.security ? (id, text, source) => void options.security?.noteToolResult(id, text, source) : undefined,
        ...(options.provenance ? { provenance: options.provenance } : {}),
        hooks,
      })
      await warn(round.warnings)
      hooks.startObservers()
      messages.push(...assistantTurn(assistant, new Map(round.results.map((result) => [result.callId, result]))))
      if (signal.aborted) return await end('cancelled')
      if (round.stop) return await end('failed', round.stop)
      if (step >= stepLimit) {
        await commit({
          kind: 'notice',
          turnId,
          reason: 'step-limit',
          text: `Stopped after ${stepLimit} steps: the model kept calling tools without finishing. The results so far are above; send another message (for example "continue") to let it go on.`,
        })
        return await end('step-limit')
      }
    }
  } catch (error) {
    if (error instanceof CommitFailed) return end('failed', storageTurnError(error.cause))
    // A bug, not an input: still a result, never an unhandled rejection in the host.
    return end('failed', internalTurnError(error))
  }
}
