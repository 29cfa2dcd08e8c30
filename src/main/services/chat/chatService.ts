/**
 * Chat as the host serves it: chat_send starts a turn of the agent loop and returns at once,
 * chat_cancel stops it, and the history and progress resources show committed messages and the turn
 * in flight. Loaded histories are kept in memory and extended on every commit, so a progress update
 * never re-reads a session file.
 */
import { historyUri, progressUri, type ConversationUsage, type HistoryPageRequest, type HistoryResource, type ProgressResource, type ProgressSince } from '../../../shared/hostApi'
import { randomUUID } from 'node:crypto'
import {
  DEFAULT_TOOL_OFFER,
  TurnInProgressError,
  activeMessages,
  composeSystemPrompt,
  ContextTally,
  PERSON_PROVENANCE,
  provenanceToday,
  createTurnRegistry,
  defaultAgent,
  extendHistoryPayload,
  factsFor,
  historyPayload,
  openSessionStore,
  runTurn,
  toolsForAgent,
  type AgentDirectory,
  type HistoryPayload,
  type LoadedSession,
  type SessionIndex,
  type SessionStore,
  type StoredMessage,
  type TodaySettings,
  type ToolResultMessage,
  type TurnResult,
} from '../../agent'
import { DEFAULT_AGENT_ID, agentIdOfExtension, type Agent } from '../../../shared/agentsApi'
import { AGENT_CALLER_META_KEY } from '../../builtins/agentServer'
import type { ExportFormat, HostToolResult, ModelFactsRow } from '../../../shared/hostApi'
import { createChatSearch, type SearchPage } from './chatSearch'
import { exportConversation, type SavePicker } from './conversationExport'
import type { Authorization, PermissionService } from '../../permissions'
import type { ExtensionService } from '../extensions/extensionService'
import type { AttachmentRef, CallerOf, SessionSummary } from '../../../shared/hostApi'
import type { SessionAttachments } from '../../agent'
import type { ModelService } from '../modelService'
import { historyView, progressView } from './chatViews'
import { addConversationUsage, conversationUsage } from './usageViews'
import { log } from '../../log/log'
import { appContextParts, type AppService } from '../appService'
import type { TurnHooks } from '../../hooks'
import { stricterMode } from '../../../shared/routinesApi'
import type { PermissionMode } from '../../../shared/permissionApi'
import { outsideWhy } from '../../permissions'
import type { CatalogTool } from '../../extensions'
import type { CallToolResult } from '@modelcontextprotocol/client'
import { AgentCallResultSchema, outsideSourcesOf, type Provenance, type ProvenanceSource } from '../../../shared/hostApi'

export interface ChatService {
  /** `attachments`, when given, become the session's attached resources (read for this turn and kept fresh for the next). */
  send(sessionId: string | undefined, text: string, attachments?: readonly AttachmentRef[], options?: SendOptions): Promise<{ sessionId: string; turnId: string }>
  /** Writes the last reply again: what followed the person's last message is set aside and the model answers it anew. */
  regenerate(sessionId: string): Promise<{ sessionId: string; turnId: string }>
  /** Edit and resend: the person's last message (`messageId`) and what followed are set aside, and `text` is sent in its place. */
  edit(sessionId: string, messageId: string, text: string): Promise<{ sessionId: string; turnId: string }>
  /**
   * Starts a turn of the session's agent (an agent's chat-with tool; chat_send goes through `send`).
   * With `caller`, the turn is a sub-agent's: it joins the calling turn's chain, and `signal` (the
   * caller's cancel) stops it.
   */
  startTurn(sessionId: string, text: string, options?: TurnStart): Promise<{ turnId: string; done: Promise<TurnResult> }>
  /** The turn behind a token main handed to the agent servers it calls (AGENT_CALLER_META_KEY); undefined once it ended. */
  callerOf(token: string): CallerTurn | undefined
  /** Adds a note about a turn to its session, shown like a turn's error (a routine's run that hit a cap). */
  note(sessionId: string, turnId: string, text: string): Promise<void>
  cancel(sessionId: string): boolean
  /** The session's running turn's cancel signal (a hook's approval in that turn stops with it); undefined when none runs. */
  turnSignal(sessionId: string): AbortSignal | undefined
  /** chat_search: full text over every conversation, best match first (words in most messages: newest first), a page at a time. */
  search(query: string, page?: { limit?: number; offset?: number }): Promise<SearchPage>
  /** chat_export: the conversation as Markdown or JSON, saved through the system dialog when `save` is set. */
  exportConversation(sessionId: string, format: ExportFormat, save?: boolean): Promise<HostToolResult<'chat_export'>>
  /** One page of the history (historyPageApi.ts); the newest without a request. */
  history(sessionId: string, page?: HistoryPageRequest): Promise<HistoryResource>
  /** `since`: what the reader holds of the step's text already (progressSinceUri). */
  progress(sessionId: string, since?: ProgressSince): ProgressResource
  /** session_delete: stops its turn and deletes its files and index entry. */
  removeSession(sessionId: string): Promise<void>
  onChange(listener: (uri: string) => void): () => void
  stop(): Promise<void>
}

/** A turn in flight that may call agents: its session and the agents whose turns led to it, outermost first. */
export interface CallerTurn {
  sessionId: string
  chain: readonly { id: string; name: string }[]
}

/** How an agent's chat-with tool starts a turn. */
export interface TurnStart extends SendOptions {
  attachments?: readonly AttachmentRef[]
  /** The calling turn's token, for a sub-agent's turn. */
  caller?: string
  signal?: AbortSignal
  /** A routine's unattended run (services/routines/routineRuns.ts): its mode, approval wait and caps. */
  routine?: RoutineTurn
}

/** What a routine's run changes in a turn: who asks, the mode, how long an approval waits, and a cap checked before each call. */
export interface RoutineTurn {
  name: string
  /** The routine's own mode: the turn runs with the stricter of it and the agent's (the global one for an agent without). */
  mode: PermissionMode
  approvalTimeoutMs: number
  /** Before each tool call: a refusal (the model reads it) when a cap was reached; the run then ends. */
  beforeCall(): string | undefined
  /** After each call's authorization: whether it runs, and how an approval ended. */
  afterAuthorize(outcome: { run: boolean; approvalBy?: NonNullable<Authorization['approval']>['by'] }): void
}

export interface SendOptions {
  /** Who wrote the message when it was not the person, e.g. "App of Basic MCP App Server" (ui/message). */
  from?: string
  /** The message as the person is shown it, when that is not `text` (what the model gets): an App's message with its hidden characters as visible escapes. */
  shown?: string
  /**
   * Where the message comes from (issue 37), recorded with it; the guard counts its outside content.
   * Default: the person; an App's message (`from`) is the App's; a sub-agent's prompt is its caller's,
   * carrying the caller's outside content. A routine passes its own (`{ from: { kind: 'routine', name } }`).
   */
  provenance?: Provenance
}

export interface ChatServiceOptions {
  dataDir: string
  sessions: SessionIndex
  extensions: ExtensionService
  permissions: PermissionService
  models: ModelService
  /** Resources attached to conversations (given to the model with each turn). */
  attachments?: SessionAttachments
  /** The tools the person marked "always offer" (settings). */
  alwaysOffer?: () => readonly string[]
  /** MCP Apps: their context for the next turn (ui/update-model-context). */
  apps?: Pick<AppService, 'takeContext' | 'forgetSession'>
  /** The hooks every turn runs (hookService.ts). */
  hooks?: TurnHooks
  /** Told after each message a session commits (telemetry puts an answer's token usage on its span). */
  onCommitted?: (sessionId: string, message: StoredMessage) => void
  /** The person's rows of the model table (settings `modelFacts`): prices for the cost of replies. */
  modelFacts?: () => readonly ModelFactsRow[]
  /** The agents sessions run with; without it every turn is the default agent's. */
  agents?: Pick<AgentDirectory, 'get'>
  /** Instructions for sessions without their own (settings `defaultInstructions`). */
  defaultInstructions?: () => string | undefined
  /** The enabled skills' names and descriptions for this turn (services/skills), appended to the system prompt. */
  skillsPrompt?: (turn: { sessionId: string; agentId: string }) => string | undefined
  /** A message starting `/skill:name` (or `/name` for a skill no prompt is named): the skill's text for the model, the message as typed for the person. */
  expandSkillCommand?: (turn: { sessionId: string; agentId: string }, text: string) => Promise<{ text: string; shown: string } | undefined>
  /** The system save dialog for exports (the app window); absent in browser mode. */
  pickSavePath?: SavePicker
  /** Why turns are refused now (the managed policy), or undefined; asked before a turn starts. */
  turnRefusal?: () => string | undefined
}

/** What starts a turn: a message, a regenerate, or an edit (see runTurn's `userText` and `rewind`), from the person or an agent. */
interface TurnBegin extends Omit<TurnStart, 'attachments'> {
  userText?: string
  rewind?: { from: string; reason: 'regenerate' | 'edit' }
}

/** The person's last message of a conversation and what follows it, or a message saying why there is none. */
function lastExchange(messages: readonly StoredMessage[]): { user: StoredMessage; after: StoredMessage | undefined } {
  const active = activeMessages(messages)
  const at = active.findLastIndex((message) => message.kind === 'user')
  const user = active[at]
  if (!user) throw new Error('There is no message of yours in this conversation to answer again; send one first.')
  return { user, after: active[at + 1] }
}

/** What a session's settings say about the tools its turns offer. */
function toolOfferOf(session: SessionSummary | undefined, alwaysOffer: readonly string[]) {
  return { toolOffer: session?.toolOffer ?? DEFAULT_TOOL_OFFER, foundTools: session?.foundTools ?? [], alwaysOffer, activeExtensions: session?.activeExtensions } as const
}

export async function createChatService(options: ChatServiceOptions): Promise<ChatService> {
  const { sessions, extensions, permissions, models } = options
  const store: SessionStore = await openSessionStore({ dataDir: options.dataDir, index: sessions })
  const turns = createTurnRegistry()
  const loaded = new Map<string, Promise<LoadedSession>>()
  /** The same sessions once loaded, for the progress view, which must answer without waiting. */
  const ready = new Map<string, LoadedSession>()
  const listeners = new Set<(uri: string) => void>()
  const emit = (uri: string) => listeners.forEach((listener) => listener(uri))

  const load = (sessionId: string) => {
    let session = loaded.get(sessionId)
    if (!session) {
      session = store.load(sessionId).then((value) => {
        ready.set(sessionId, value)
        return value
      })
      session.catch(() => loaded.delete(sessionId))
      loaded.set(sessionId, session)
    }
    return session
  }
  /**
   * A loaded session's history payload and usage, reused until the next commit (or a change of the
   * prices): reading a page then costs the page, not a pass over the whole conversation.
   */
  const payloads = new WeakMap<LoadedSession, { length: number; facts: string; payload: HistoryPayload; usage: ConversationUsage | undefined }>()
  const historyOf = async (sessionId: string, page: HistoryPageRequest | 'whole') => {
    const session = await load(sessionId)
    const facts = options.modelFacts?.() ?? []
    const factsKey = JSON.stringify(facts)
    let cached = payloads.get(session)
    if (cached && cached.facts === factsKey && cached.length < session.messages.length) {
      // Messages committed since: added to the payload and the totals, not built again from the whole conversation.
      const added = session.messages.slice(cached.length)
      if (added.every((message) => extendHistoryPayload(cached!.payload, message))) {
        cached.usage = addConversationUsage(cached.usage, conversationUsage(added, facts))
        cached.length = session.messages.length
      } else {
        cached = undefined
      }
    }
    if (!cached || cached.length !== session.messages.length || cached.facts !== factsKey) {
      cached = { length: session.messages.length, facts: factsKey, payload: historyPayload(sessionId, session), usage: conversationUsage(session.messages, facts) }
      payloads.set(session, cached)
    }
    return historyView(cached.payload, turns.progress(sessionId), facts, page, cached.usage)
  }
  const search = createChatSearch({ dataDir: options.dataDir, sessions })
  if (options.onCommitted) store.onCommitted(options.onCommitted)
  store.onCommitted((sessionId, message, where) => {
    search.noteCommitted(sessionId, message, where.end, where.bytes)
    const session = loaded.get(sessionId)
    // A commit while the file is still loading is already in what load() reads.
    if (session) void session.then((value) => value.messages.at(-1)?.id !== message.id && value.messages.push(message))
    emit(historyUri(sessionId))
  })
  /** Session id → "Rate limited… retrying in 5 s" while the provider waits to try again. */
  const retrying = new Map<string, string>()
  turns.onProgress((sessionId) => {
    // Any new progress means the provider answered: a retry notice is over.
    retrying.delete(sessionId)
    emit(progressUri(sessionId))
  })

  /** Who asks for a turn's calls: a sub-agent by its chain, else the model of the session (titled as it is when it asks). */
  const turnCaller = (sessionId: string, chain: CallerTurn['chain']): CallerOf<'model' | 'agent-chain'> => {
    if (chain.length > 1) return { kind: 'agent-chain', chain: chain.map((link) => link.name) }
    const title = sessions.get(sessionId)?.title
    return { kind: 'model', sessionId, ...(title ? { sessionTitle: title } : {}) }
  }

  /** Token → the turn it names, while that turn runs. */
  const callers = new Map<string, CallerTurn>()
  const agentOf = (agentId: string | undefined): Agent => options.agents?.get(agentId ?? DEFAULT_AGENT_ID) ?? options.agents?.get(DEFAULT_AGENT_ID) ?? defaultAgent()

  const refuseIfManaged = () => {
    const refused = options.turnRefusal?.()
    if (refused) throw new Error(refused)
  }
  /** A tool's content source as today's settings see it: outside content when its extension brings it, or it reaches the open world. */
  const sourceOfTool = (tool: Pick<CatalogTool, 'extensionId' | 'extensionName' | 'name' | 'openWorldDeclared'>): ProvenanceSource => {
    // Only an openWorldHint the server declared counts; the catalog's annotations carry the spec's default (true) otherwise.
    const why = outsideWhy({ annotations: { openWorldHint: tool.openWorldDeclared }, ...extensions.bringsOutsideContent(tool.extensionId) })
    return { kind: 'extension', name: tool.extensionName, extensionId: tool.extensionId, tool: tool.name, ...(why ? { outside: why } : {}) }
  }
  /** An extension's resources (attachments, App context): outside content when the extension brings it. */
  const sourceOfExtension = (extensionId: string, kind: 'extension' | 'mcp-app' = 'extension', name?: string): ProvenanceSource => {
    const why = outsideWhy(extensions.bringsOutsideContent(extensionId))
    return { kind, name: name ?? extensions.core.manager.get(extensionId)?.name ?? extensionId, extensionId, ...(why ? { outside: why } : {}) }
  }
  /**
   * A recorded source as today's settings see it (agent/provenance.ts): whether its extension brings
   * outside content now (remote, or the person's mark), and whether its tool declares the open world
   * (now, or when it was recorded: that is a fact about the content, not a setting). A connected app,
   * the person, the model, a routine, and a source whose extension is no longer installed stay as
   * recorded. Old lines without provenance come here as their tool's name or their attachment's
   * extension, and get today's name for it.
   */
  const today: TodaySettings = (source) => {
    if (source.kind !== 'extension' && source.kind !== 'mcp-app' && source.kind !== 'sub-agent') return source
    const tool = source.tool !== undefined ? extensions.core.cache.lookup(source.tool) : undefined
    const extensionId = tool?.extensionId ?? source.extensionId
    if (extensionId === undefined || !extensions.core.manager.config(extensionId)) return source
    const openWorld = source.outside === 'open-world' || tool?.openWorldDeclared === true
    const why = outsideWhy({ ...(openWorld ? { annotations: { openWorldHint: true } } : {}), ...extensions.bringsOutsideContent(extensionId) })
    const { outside: _recorded, ...rest } = source
    const name = source.kind === 'extension' ? (tool?.extensionName ?? extensions.core.manager.get(extensionId)?.name ?? source.name) : source.name
    return { ...rest, name, extensionId, ...(why ? { outside: why } : {}) }
  }
  /** A result's provenance: the tool's extension, or a sub-agent's answer carrying the outside content it read. */
  const ofToolResult = (tool: CatalogTool, result: CallToolResult): Provenance => {
    // Only an agent's own tool answers as a sub-agent: any other result (nearly every one) is not parsed for it.
    const agentId = agentIdOfExtension(tool.extensionId)
    const answer = agentId !== undefined ? AgentCallResultSchema.safeParse(result.structuredContent) : undefined
    if (answer?.success && answer.data.agentId === agentId) {
      const carries = permissions.outsideOf(answer.data.sessionId)
      return { from: { kind: 'sub-agent', name: answer.data.agentName, extensionId: tool.extensionId, tool: tool.name, sessionId: answer.data.sessionId }, ...(carries.length > 0 ? { carries } : {}) }
    }
    return { from: sourceOfTool(tool) }
  }
  /** Who wrote the message that starts a turn (see SendOptions.provenance). */
  const userProvenance = (begin: TurnBegin): Provenance | undefined => {
    if (begin.userText === undefined) return undefined
    if (begin.provenance) return provenanceToday(begin.provenance, today)
    const caller = begin.caller !== undefined ? callers.get(begin.caller) : undefined
    if (caller) {
      const carries = permissions.outsideOf(caller.sessionId)
      return { from: { kind: 'sub-agent', name: caller.chain.at(-1)?.name ?? 'another agent', sessionId: caller.sessionId }, ...(carries.length > 0 ? { carries } : {}) }
    }
    if (begin.from) return { from: { kind: 'mcp-app', name: begin.from } }
    return PERSON_PROVENANCE
  }
  /**
   * The guard's view of the session as the turn starts, from the stored history (so a restart, a
   * summary or a sub-agent loses nothing): what a rewind sets aside no longer counts, the person's new
   * message does not clear anything.
   */
  const tallies = new WeakMap<LoadedSession, ContextTally>()
  const startContext = (id: string, session: LoadedSession, begin: TurnBegin, user: Provenance | undefined) => {
    // Kept with the loaded session and brought up to date: a turn reads the messages committed since the last one, not the whole history.
    let tally = tallies.get(session)
    if (!tally) tallies.set(session, (tally = new ContextTally()))
    tally.follow(session.messages)
    permissions.setSessionContext(id, [...tally.outside(today, begin.rewind?.from), ...outsideSourcesOf(user)])
  }

  /** Starts a turn of the session's agent in a session that exists; returns at once with its id. */
  const start = async (id: string, begin: TurnBegin) => {
    refuseIfManaged()
    const session = sessions.get(id)
    const agent = agentOf(session?.agentId)
    const chain = [...(begin.caller ? (callers.get(begin.caller)?.chain ?? []) : []), { id: agent.id, name: agent.name }]
    const { model, providerId } = models.selectedModel((notice) => {
      const seconds = Math.max(1, Math.round(notice.delayMs / 1000))
      retrying.set(id, `${notice.error.message} Retrying in ${seconds} s (${notice.retry} of ${notice.maxRetries}).`)
      emit(progressUri(id))
    }, agent.model ?? undefined)
    const agentTools = () => toolsForAgent(extensions.core.cache.catalog().tools, agent)
    const loadedSession = await load(id)
    const history = loadedSession.messages.slice()
    // The model table first (the person's rows win), else what a local server says of the model.
    const contextWindow = factsFor(model.modelId, options.modelFacts?.() ?? []).contextWindow ?? (await models.serverContextWindow(providerId, model.modelId))
    // The agent servers this turn calls learn from it which turn is asking (nested calls, depth, cycles).
    const token = randomUUID()
    const agentMode = agent.permissionMode ?? permissions.store.mode()
    const routine = begin.routine
    // A routine never runs looser than its agent would: the stricter of the two modes, read now.
    const mode = routine ? stricterMode(routine.mode, agentMode) : agentMode
    const authorize: typeof permissions.authorize = async (call, authorizeOptions) => {
      if (!routine) return permissions.authorize({ ...(call.origin === 'model' ? { ...call, caller: turnCaller(id, chain) } : call), ...(agent.permissionMode ? { mode: agent.permissionMode } : {}) }, authorizeOptions)
      const refusal = routine.beforeCall()
      if (refusal !== undefined) return { run: false, message: refusal, decision: { verdict: 'deny', reasons: [refusal], findings: [], definitionHash: '', steps: [] } }
      const routineCall = call.origin === 'model' ? { ...call, caller: { kind: 'routine' as const, name: routine.name }, mode } : { ...call, mode }
      const authorization = await permissions.authorize(routineCall, { ...authorizeOptions, timeoutMs: routine.approvalTimeoutMs })
      routine.afterAuthorize({ run: authorization.run, ...(authorization.approval ? { approvalBy: authorization.approval.by } : {}) })
      return authorization
    }
    const user = userProvenance(begin)
    startContext(id, loadedSession, begin, user)
    const { turnId, done } = turns.begin(id, (turn) =>
      runTurn({
        sessionId: id,
        turnId: turn.turnId,
        signal: turn.signal,
        onProgress: turn.onProgress,
        history,
        ...(begin.userText !== undefined ? { userText: begin.userText } : {}),
        ...(begin.from ? { userFrom: begin.from } : {}),
        ...(begin.shown !== undefined ? { userShown: begin.shown } : {}),
        ...(begin.rewind ? { rewind: begin.rewind } : {}),
        model,
        system: composeSystemPrompt({ agent: agent.instructions, session: session?.instructions, defaults: options.defaultInstructions?.(), skills: options.skillsPrompt?.({ sessionId: id, agentId: agent.id }) }),
        agent: { id: agent.id, name: agent.name },
        contextWindow,
        tools: agentTools(),
        currentTools: agentTools,
        mode,
        ...toolOfferOf(session, options.alwaysOffer?.() ?? []),
        onToolsFound: (names) => void sessions.addFoundTools(id, names).catch((error: Error) => log('warn', 'chat', `Could not keep the tools found in session ${id}: ${error.message}`)),
        authorize,
        dispatch: (request, dispatchOptions) => extensions.core.dispatcher.call({ ...request, _meta: { [AGENT_CALLER_META_KEY]: token } }, dispatchOptions),
        store,
        security: permissions,
        provenance: { ...(user ? { user } : {}), ofToolResult, noteOutside: (sessionId, sources) => permissions.noteOutside(sessionId, sources) },
        hooks: options.hooks,
        attachedContext: async () => {
          const attachedNow = (await options.attachments?.context(id)) ?? { parts: [], attachments: [] }
          const fromApps = options.apps?.takeContext(id) ?? []
          // What Apps gave is shown on the sent message like an attachment: the person sees what the model got.
          const attached = [
            ...attachedNow.attachments.map((attachment) => ({ ...attachment, provenance: { from: sourceOfExtension(attachment.extensionId) } })),
            ...fromApps.map((app) => ({ extensionId: app.extensionId, uri: app.resourceUri, name: `Context from the App of ${app.extensionName}`, size: app.text.length, provenance: { from: sourceOfExtension(app.extensionId, 'mcp-app', `the App of ${app.extensionName}`) } })),
          ]
          permissions.noteOutside(id, attached.flatMap((attachment) => outsideSourcesOf(attachment.provenance)))
          return { parts: [...attachedNow.parts, ...appContextParts(fromApps)], attachments: attached }
        },
      }),
    )
    callers.set(token, { sessionId: id, chain })
    // Stopping the calling turn stops this one (and, through its own calls, everything below it).
    const stopWithCaller = () => turns.cancel(id)
    if (begin.signal?.aborted) stopWithCaller()
    begin.signal?.addEventListener('abort', stopWithCaller, { once: true })
    void done
      .catch((error: Error) => log('error', 'chat', `A turn in session ${id} failed unexpectedly: ${error.message}`))
      .finally(() => {
        callers.delete(token)
        begin.signal?.removeEventListener('abort', stopWithCaller)
        retrying.delete(id)
        // The finished step moves from progress to history.
        emit(progressUri(id))
        emit(historyUri(id))
      })
    return { sessionId: id, turnId, done }
  }
  const existing = (sessionId: string) => {
    if (!sessions.get(sessionId)) throw new Error(`No session with id "${sessionId}" exists; it may have been deleted.`)
    if (turns.isRunning(sessionId)) throw new TurnInProgressError(sessionId)
    return sessionId
  }

  return {
    async send(sessionId, text, attached, sendOptions) {
      // Before a new session is made for it.
      refuseIfManaged()
      let id = sessionId
      if (id === undefined) {
        // A new session's file is made while the list's line is written and its first turn gets ready, not on the way of its first message.
        const made = sessions.add()
        id = made.session.id
        store.created(id)
        await made.saved
      }
      if (!sessions.get(id)) throw new Error(`No session with id "${id}" exists; it may have been deleted.`)
      // Takes effect at once; subscribing to new attachments goes on in the background.
      if (attached) void options.attachments?.set(id, attached)
      const skill = sendOptions?.from ? undefined : await options.expandSkillCommand?.({ sessionId: id, agentId: agentOf(sessions.get(id)?.agentId).id }, text)
      if (skill) sendOptions = { ...sendOptions, shown: skill.shown }
      const { turnId } = await start(id, { userText: skill?.text ?? text, ...(sendOptions?.from ? { from: sendOptions.from } : {}), ...(sendOptions?.shown !== undefined ? { shown: sendOptions.shown } : {}), ...(sendOptions?.provenance ? { provenance: sendOptions.provenance } : {}) })
      return { sessionId: id, turnId }
    },
    async regenerate(sessionId) {
      const id = existing(sessionId)
      const { after } = lastExchange((await load(id)).messages)
      const { turnId } = await start(id, after ? { rewind: { from: after.id, reason: 'regenerate' } } : {})
      return { sessionId: id, turnId }
    },
    async edit(sessionId, messageId, text) {
      const id = existing(sessionId)
      const { user } = lastExchange((await load(id)).messages)
      if (user.id !== messageId) throw new Error('Only your last message can be edited and sent again; it has changed since, so reload the conversation.')
      const { turnId } = await start(id, { userText: text, rewind: { from: user.id, reason: 'edit' } })
      return { sessionId: id, turnId }
    },
    async startTurn(sessionId, text, { attachments: attached, ...rest } = {}) {
      if (!sessions.get(sessionId)) throw new Error(`No session with id "${sessionId}" exists; it may have been deleted.`)
      if (attached) void options.attachments?.set(sessionId, attached)
      const { turnId, done } = await start(sessionId, { userText: text, ...rest })
      return { turnId, done }
    },
    callerOf: (token) => callers.get(token),
    async note(sessionId, turnId, text) {
      await store.append(sessionId, { kind: 'notice', turnId, reason: 'routine', text })
    },
    cancel: (sessionId) => turns.cancel(sessionId),
    turnSignal: (sessionId) => turns.signalOf(sessionId),
    search: (query, page) => search.search(query, page),
    async exportConversation(sessionId, format, save) {
      const session = sessions.get(sessionId)
      if (!session) throw new Error(`No session with id "${sessionId}" exists; it may have been deleted.`)
      const history = await historyOf(sessionId, 'whole')
      return exportConversation(session, history, format, save ? { picker: options.pickSavePath } : undefined)
    },
    async history(sessionId, page = {}) {
      if (!sessions.get(sessionId)) throw new Error(`No session with id "${sessionId}" exists; it may have been deleted.`)
      return historyOf(sessionId, page)
    },
    progress: (sessionId, since) =>
      progressView(
        sessionId,
        turns.progress(sessionId),
        (callId) => ready.get(sessionId)?.messages.findLast((message): message is ToolResultMessage => message.kind === 'tool-result' && message.callId === callId),
        retrying.get(sessionId),
        since,
      ),
    async removeSession(sessionId) {
      turns.cancel(sessionId)
      await store.remove(sessionId)
      turns.forget(sessionId)
      search.forget(sessionId)
      loaded.delete(sessionId)
      ready.delete(sessionId)
      permissions.forgetSession(sessionId)
      await options.attachments?.release(sessionId)
      options.apps?.forgetSession(sessionId)
    },
    onChange(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    async stop() {
      await turns.stop()
      await options.attachments?.stop()
      await store.close()
      await search.close()
    },
  }
}
