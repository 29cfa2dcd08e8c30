/**
 * One live MCP session with one extension: an SDK `Client` over the transport of its type.
 *
 * Every protocol detail stays inside this class (capabilities, initialize, notifications, paging
 * requests, request options), so a future protocol generation (stateless 2026 MCP) can be added
 * here without touching the manager, the tool cache or dispatch.
 */
import { APP_MIME_TYPE, UI_EXTENSION_ID } from '../../../shared/appMeta'
import type { Client, PriorDiscovery } from '@modelcontextprotocol/client'
import type { SkillsClient } from '@modelcontextprotocol/client/ext/skills'
import { clientSdk, loadClientSdk } from '../mcpClient/clientSdk'
import type { CallToolResult, ClientCapabilities, Tool, CompleteResult, GetPromptResult, Implementation, LoggingLevel, ReadResourceResult, ServerCapabilities } from '@modelcontextprotocol/client'
import { z } from 'zod'
import { formatDuration } from '../../../shared/format'

/** What completion/complete completes: a prompt's argument or a resource template's variable. */
export type CompletionReference = { type: 'ref/prompt'; name: string } | { type: 'ref/resource'; uri: string }
import { MessageTooLargeError } from './boundedLineReader'
import { describeStartFailure, describeLoss, sessionLossReason, type StartFailure } from './connectionErrors'
import type { CallOptions, CatalogKind, ConnectionEvents, OpenConnectionOptions } from './connectionTypes'
import { RateLimiter } from './rateLimiter'
import { routeServerMessages, stdoutProblemLogger } from './serverMessages'
import { errorText, tailText } from '../text'
import { LateProgressFilter } from './lateProgress'
import { withoutInvalidHeaderTools } from './mcpParamHeaders'
import { openTransport, type OpenedTransport } from './transports'
import { isSignInRequired } from '../auth/sdkAuth'
import { listenFilter, negotiates, revisionOptions, verdictOf } from './revisionNegotiation'

export type { CallOptions, CatalogKind, ClientRequestHandlers, ConnectionEvents, ConnectionLoss, OpenConnectionOptions } from './connectionTypes'

/** Thrown by `ExtensionConnection.open`; says whether trying again could help. */
export class ConnectionStartError extends Error {
  constructor(readonly failure: StartFailure) {
    super(failure.message)
    this.name = 'ConnectionStartError'
  }
}

const listResultSchemas = {
  tools: z.looseObject({ tools: z.array(z.unknown()), nextCursor: z.unknown().optional() }),
  resources: z.looseObject({ resources: z.array(z.unknown()), nextCursor: z.unknown().optional() }),
  resourceTemplates: z.looseObject({ resourceTemplates: z.array(z.unknown()), nextCursor: z.unknown().optional() }),
  prompts: z.looseObject({ prompts: z.array(z.unknown()), nextCursor: z.unknown().optional() }),
} as const
const listMethods = {
  tools: 'tools/list',
  resources: 'resources/list',
  resourceTemplates: 'resources/templates/list',
  prompts: 'prompts/list',
} as const

export class ExtensionConnection {
  private closing = false
  /** Set once initialize succeeded; before that, failures surface through `open` instead of `lost`. */
  private established = false
  private lostReported = false
  private fatalError: Error | undefined
  private readonly limiters: RateLimiter[] = []
  private skillsClient: SkillsClient | undefined
  /** Streamable HTTP carries SEP-2243 `Mcp-Param-*` headers (on a 2026-07-28 session). */
  private httpHeaders = false

  private constructor(
    readonly extensionId: string,
    private readonly client: Client,
    private readonly opened: OpenedTransport,
    private readonly events: ConnectionEvents,
    private readonly protocolTimeoutMs: number,
  ) {}

  /**
   * Starts the transport and connects within the config's init timeout (F1): the remembered
   * revision verdict when one fits, else the probe (revisionNegotiation.ts). A remembered verdict
   * that no longer holds is forgotten and the start is tried once more with a probe.
   */
  static async open(options: OpenConnectionOptions, useRemembered = true): Promise<ExtensionConnection> {
    const { config, events, revisions } = options
    const prior = useRemembered && negotiates(config) ? revisions?.prior(options.extensionId, config) : undefined
    try {
      const connection = await ExtensionConnection.connect(options, prior).catch((error: unknown) => {
        // Some 2025-only stdio servers exit on any request before initialize (rmcp-based ones do):
        // that is a verdict too. Start it once more, straight to initialize.
        if (!(error instanceof ConnectionStartError) || !error.failure.exitedWhileProbing || options.signal?.aborted) throw error
        events.log('lifecycle', 'info', 'the server exited when asked which MCP revision it speaks; starting it again with 2025-11-25')
        return ExtensionConnection.connect(options, { kind: 'legacy' })
      })
      const verdict = verdictOf(connection.client, config)
      if (verdict) revisions?.remember(options.extensionId, config, verdict)
      return connection
    } catch (error) {
      const calledOff = options.signal?.aborted === true
      const hopeless = error instanceof ConnectionStartError && !error.failure.restartable
      if (!prior || calledOff || hopeless) throw error
      revisions?.forget(options.extensionId)
      events.log('lifecycle', 'warn', `the remembered protocol revision did not work (${errorText(error)}); asking the server again`)
      return ExtensionConnection.open(options, false)
    }
  }

  private static async connect(options: OpenConnectionOptions, prior: PriorDiscovery | undefined): Promise<ExtensionConnection> {
    const { config, events } = options
    // MCP Apps: servers register their UI tools only when the host says it renders them (renderer/apps/).
    const capabilities: ClientCapabilities = { roots: { listChanged: true }, extensions: { [UI_EXTENSION_ID]: { mimeTypes: [APP_MIME_TYPE] } } }
    if (options.handlers.createMessage) capabilities.sampling = {}
    if (options.handlers.elicit) capabilities.elicitation = { form: {}, url: {} }
    const sdk = await loadClientSdk()
    const client = new sdk.Client(options.clientInfo, { capabilities, ...revisionOptions(config) })

    // The connection exists only once the transport does; the session watch reaches it through this.
    const late: { connection?: ExtensionConnection } = {}
    let opened: OpenedTransport
    try {
      opened = await openTransport(config, {
        resolvedValues: options.resolvedValues,
        auth: options.auth,
        builtins: options.builtins,
        frontend: options.frontend,
        maxMessageBytes: options.maxMessageBytes,
        stopGraceMs: options.stopGraceMs,
        onStderrLine: (line) => events.log('stderr', 'info', line),
        onStdoutProblem: stdoutProblemLogger(events),
        session: {
          onSessionExpired: () => late.connection?.reportLoss('connection lost: the server no longer knows this session (HTTP 404); starting a new one'),
          onStreamRefused: (status) =>
            events.log('protocol', 'warn', `The server refused the optional event stream (GET answered HTTP ${status}); requests still work, but it cannot send messages between them.`),
        },
      })
    } catch (error) {
      throw new ConnectionStartError(describeStartFailure(error, { config, exit: undefined, stderrTail: events.stderrTail() }))
    }

    const connection = new ExtensionConnection(options.extensionId, client, opened, events, config.timeouts.initMs)
    late.connection = connection
    connection.httpHeaders = config.type === 'streamable-http'
    connection.installHandlers(options)

    // Our own timer, not the SDK's request timeout: that one would send notifications/cancelled,
    // which the spec forbids for initialize. Closing the transport (killing the child) ends it.
    const initMs = config.timeouts.initMs
    const connecting = client.connect(opened.transport, { timeout: initMs + 60_000, ...(prior ? { prior } : {}) })
    connecting.catch(() => {}) // Rejected again below, or after we gave up on it.
    let timer: NodeJS.Timeout | undefined
    const timedOut = new Promise<'timeout'>((resolve) => {
      timer = setTimeout(() => resolve('timeout'), initMs)
    })
    const aborted = new Promise<'aborted'>((resolve) => {
      if (options.signal?.aborted) resolve('aborted')
      options.signal?.addEventListener('abort', () => resolve('aborted'), { once: true })
    })
    try {
      const outcome = await Promise.race([connecting.then(() => 'ready' as const), timedOut, aborted])
      if (outcome === 'aborted') {
        connection.closing = true
        await connection.shutdown()
        throw new ConnectionStartError({ message: 'The start was called off.', restartable: false })
      }
      if (outcome === 'timeout') {
        connection.closing = true
        await connection.shutdown()
        throw new ConnectionStartError({
          message: `The server did not answer "initialize" within ${formatDuration(initMs)}, so it was stopped.${tailText(events.stderrTail())} ${
            config.type === 'stdio' ? 'Check that the command starts an MCP server on stdio' : 'Check that the address is an MCP endpoint'
          }, or raise timeouts.initMs.`,
          restartable: true,
        })
      }
    } catch (error) {
      clearTimeout(timer)
      if (error instanceof ConnectionStartError) throw error
      connection.closing = true
      await connection.shutdown()
      const exit = opened.processExit()
      const exitedWhileProbing = !prior && negotiates(config) && exit !== undefined && sdk.SdkError.isInstance(error) && error.code === sdk.SdkErrorCode.EraNegotiationFailed
      throw new ConnectionStartError({
        ...describeStartFailure(connection.fatalError ?? error, { config, exit, stderrTail: events.stderrTail(), signIn: options.auth !== undefined }),
        ...(exitedWhileProbing ? { exitedWhileProbing } : {}),
      })
    }
    clearTimeout(timer)
    if (!client.transport) {
      // It went away between answering initialize and now; report that as a failed start.
      await connection.shutdown()
      throw new ConnectionStartError({ ...describeLoss(connection.fatalError, opened.processExit(), events.stderrTail()), restartable: true })
    }
    connection.established = true
    const server = connection.serverInfo
    events.log('lifecycle', 'info', `connected to ${server?.name ?? 'server'} ${server?.version ?? ''} (MCP ${connection.protocolVersion}${prior ? ', remembered' : ''})`.replace(/ {2}/g, ' '))
    connection.listenForChanges()
    return connection
  }

  /** The revision this session speaks, e.g. "2025-11-25" or "2026-07-28". */
  get protocolVersion(): string {
    return this.client.getNegotiatedProtocolVersion() ?? 'unknown'
  }

  /** Whether the session runs on the stateless 2026-07-28 revision. */
  get modern(): boolean {
    return this.client.getProtocolEra() === 'modern'
  }

  /** 2026-07-28: list changes arrive only on a `subscriptions/listen` stream, to the same handlers as before. */
  private listenForChanges(): void {
    if (!this.modern) return
    const filter = listenFilter(this.serverCapabilities)
    if (!filter) return
    this.watch(this.client.listen(filter, { timeout: this.protocolTimeoutMs })).then(
      (subscription) => {
        const asked = Object.keys(filter).length
        const honored = Object.keys(subscription.honoredFilter).length
        if (honored < asked) this.events.log('protocol', 'warn', `the server follows ${honored} of the ${asked} kinds of list changes asked for; the others refresh on restart`)
      },
      (error: unknown) => this.events.log('protocol', 'warn', `could not listen for list changes: ${errorText(error)}`),
    )
  }

  get serverCapabilities(): ServerCapabilities {
    return this.client.getServerCapabilities() ?? {}
  }

  /** Who the server says it is: `initialize` (2025-11-25) or the discover result's `_meta` (2026-07-28). */
  get serverInfo(): Implementation | undefined {
    const discovered = this.client.getDiscoverResult()?._meta?.[clientSdk().SERVER_INFO_META_KEY] as Implementation | undefined
    return this.client.getServerVersion() ?? discovered
  }

  get instructions(): string | undefined {
    return this.client.getInstructions()
  }

  /**
   * The skills extension's client on this session (SEP-2640): lists, gets and reads skills, checking
   * every file against its entry. Made on first use; `skills/*` are only called when the server declared it.
   */
  get skills(): SkillsClient {
    this.skillsClient ??= new (clientSdk().SkillsClient)(this.client, { skipInvalid: true })
    return this.skillsClient
  }

  /** Whether the server said it offers this kind of list. */
  offers(kind: CatalogKind): boolean {
    const capabilities = this.serverCapabilities
    switch (kind) {
      case 'tools':
        return capabilities.tools !== undefined
      case 'resources':
      case 'resourceTemplates':
        return capabilities.resources !== undefined
      case 'prompts':
        return capabilities.prompts !== undefined
    }
  }

  /** One page of a list, items unvalidated (the cache validates each one so one bad item costs only itself). */
  async listPage(kind: CatalogKind, cursor: string | undefined): Promise<{ items: unknown[]; nextCursor: unknown; ttlMs?: number }> {
    const params = cursor === undefined ? {} : { cursor }
    const result = (await this.watch(
      this.client.request({ method: listMethods[kind], params }, listResultSchemas[kind], { timeout: this.protocolTimeoutMs }),
    )) as Record<string, unknown>
    const ttlMs = typeof result.ttlMs === 'number' ? result.ttlMs : undefined
    let items = result[kind] as unknown[]
    if (kind === 'tools' && this.httpHeaders && this.modern && Array.isArray(items)) {
      // SEP-2243: a tool whose x-mcp-header annotations are invalid is left out, with a warning naming it and the rule.
      const { kept, warnings } = withoutInvalidHeaderTools(items)
      for (const warning of warnings) this.events.log('protocol', 'warn', warning)
      items = kept
    }
    return { items, nextCursor: result.nextCursor, ...(ttlMs === undefined ? {} : { ttlMs }) }
  }

  /** Calls a tool by its original name; timeouts and cancellation are the SDK's, driven by `options`. */
  callTool(name: string, args: Record<string, unknown>, options: CallOptions): Promise<CallToolResult> {
    return this.watch(
      this.client.callTool({ name, arguments: args, ...(options.meta ? { _meta: options.meta } : {}) }, {
        // SEP-2243: with the definition the SDK mirrors the arguments its x-mcp-header annotations name as Mcp-Param-* headers.
        ...(options.inputSchema && this.httpHeaders ? { toolDefinition: { name, inputSchema: options.inputSchema } as Tool } : {}),
        signal: options.signal,
        onprogress: options.onProgress,
        timeout: options.timeoutMs,
        resetTimeoutOnProgress: true,
      }) as Promise<CallToolResult>,
    )
  }

  readResource(uri: string, signal?: AbortSignal): Promise<ReadResourceResult> {
    return this.watch(this.client.readResource({ uri }, { signal, timeout: this.protocolTimeoutMs }))
  }

  getPrompt(name: string, args: Record<string, string>, signal?: AbortSignal): Promise<GetPromptResult> {
    return this.watch(this.client.getPrompt({ name, arguments: args }, { signal, timeout: this.protocolTimeoutMs }))
  }

  subscribeResource(uri: string): Promise<unknown> {
    return this.watch(this.client.subscribeResource({ uri }, { timeout: this.protocolTimeoutMs }))
  }

  unsubscribeResource(uri: string): Promise<unknown> {
    return this.watch(this.client.unsubscribeResource({ uri }, { timeout: this.protocolTimeoutMs }))
  }

  /** Whether the server accepts resources/subscribe (the `resources.subscribe` capability). */
  get offersSubscriptions(): boolean {
    // 2026-07-28 has no resources/subscribe (updates ride a listen stream); not offered there yet.
    return !this.modern && this.serverCapabilities.resources?.subscribe === true
  }

  /** Whether the server answers completion/complete. */
  get offersCompletions(): boolean {
    return this.serverCapabilities.completions !== undefined
  }

  /** completion/complete for a prompt argument or a resource template variable. */
  complete(ref: CompletionReference, argument: { name: string; value: string }, context: Record<string, string> | undefined, signal?: AbortSignal): Promise<CompleteResult> {
    const params = { ref, argument, ...(context ? { context: { arguments: context } } : {}) }
    return this.watch(this.client.complete(params, { signal, timeout: this.protocolTimeoutMs }))
  }

  /** Passes a request's outcome through, noticing failures that mean the whole session is gone (F18). */
  private watch<T>(request: Promise<T>): Promise<T> {
    return request.catch((error: unknown) => {
      if (isSignInRequired(error)) this.reportLoss('sign-in needed', true)
      const lost = sessionLossReason(error)
      if (lost) this.reportLoss(lost)
      // SDK v2 prepares a call asynchronously; when the session closed before it was sent, the SDK
      // rejects with an untyped "Not connected". For the caller that is the same as closing mid-call.
      const { SdkError, SdkErrorCode } = clientSdk()
      if (!this.client.transport && !(error instanceof SdkError)) throw new SdkError(SdkErrorCode.ConnectionClosed, 'Connection closed', undefined, { cause: error })
      throw error
    })
  }

  /** The session ended without a close from us: tell the manager once, then release everything. */
  private reportLoss(message: string, needsSignIn = false): void {
    if (!this.established || this.closing || this.lostReported) return
    this.lostReported = true
    this.closing = true
    this.events.lost({ message, ...(needsSignIn ? { needsSignIn } : {}) })
    void this.shutdown()
  }

  /** Whether the server declared the `logging` capability (only then may we send logging/setLevel). */
  get offersLogging(): boolean {
    // 2026-07-28 removed logging/setLevel (the level travels per request in _meta instead).
    return !this.modern && this.serverCapabilities.logging !== undefined
  }

  /** logging/setLevel: the least severe log messages the server should send us. */
  setLogLevel(level: LoggingLevel): Promise<unknown> {
    return this.watch(this.client.setLoggingLevel(level, { timeout: this.protocolTimeoutMs }))
  }

  /** Tells the server our roots changed (it will ask for them again). */
  notifyRootsChanged(): Promise<void> {
    // 2026-07-28 has no roots/list_changed: a server asks for roots inside each request that needs them.
    if (this.modern) return Promise.resolve()
    return this.client.sendRootsListChanged()
  }

  /** The MCP session id the server gave (Streamable HTTP's `Mcp-Session-Id`); undefined for stdio and in-process servers. */
  get sessionId(): string | undefined {
    const id = (this.opened.transport as { sessionId?: unknown }).sessionId
    return typeof id === 'string' ? id : undefined
  }

  /** The child's pid for stdio extensions (tests use it to prove nothing is left running). */
  get pid(): number | undefined {
    const transport = this.opened.transport as { pid?: number | null }
    return transport.pid ?? undefined
  }

  /** Ends the session on purpose: graceful for a child (stdin close → SIGTERM → SIGKILL, F20). */
  async close(): Promise<void> {
    this.closing = true
    await this.shutdown()
  }

  private async shutdown(): Promise<void> {
    for (const limiter of this.limiters) limiter.dispose()
    try {
      await this.client.close()
    } catch (error) {
      this.events.log('lifecycle', 'warn', `closing failed: ${errorText(error)}`)
    }
    await this.opened.transport.close().catch(() => {})
    await this.opened.stopExtra().catch(() => {})
  }

  /** Our side of the session: what happens with errors, the end of the session, and server messages. */
  private installHandlers(options: OpenConnectionOptions): void {
    const { client, events } = this
    const protocolWarnings = new RateLimiter(20, (count) => events.log('protocol', 'warn', `dropped ${count} more protocol warnings (more than 20 per second)`))
    this.limiters.push(protocolWarnings, routeServerMessages(client, options))

    // Set before connect: the SDK calls a handler it finds there first, for every message.
    const lateProgress = new LateProgressFilter()
    const transport = this.opened.transport
    const previous = transport.onmessage
    transport.onmessage = (message, extra) => {
      lateProgress.note(message)
      previous?.(message, extra)
    }

    client.onerror = (error) => {
      if (error instanceof MessageTooLargeError) this.fatalError = error
      if (lateProgress.isLateProgress(error)) return
      const lost = sessionLossReason(error)
      if (lost) return this.reportLoss(lost)
      // The SDK reports unknown response ids, stray progress, bad notifications and send failures
      // here; none is fatal, and a flood of them must not flood the log (F12).
      if (protocolWarnings.allow()) events.log('protocol', 'warn', errorText(error))
    }
    client.onclose = () => {
      for (const limiter of this.limiters) limiter.flush()
      if (!this.established || this.closing || this.lostReported) return
      this.lostReported = true
      // The frontend "extension" is the app window: its session ends whenever the page reloads (F19).
      events.lost(
        options.config.type === 'frontend'
          ? { message: 'window unavailable: the app window closed or reloaded; its tools come back when the page does.' }
          : describeLoss(this.fatalError, this.opened.processExit(), events.stderrTail()),
      )
    }
  }
}
