/**
 * Calls catalog tools by their namespaced name. Timeouts and cancellation are the SDK's
 * (`callTool` with `signal`, `timeout`, `resetTimeoutOnProgress`); this adds what it lacks:
 * - a hard cap that still sends notifications/cancelled (the SDK's `maxTotalTimeout` does not);
 * - outcomes that keep "timed out" (F5), "cancelled" (F6) and "extension crashed" (F3) apart;
 * - output-schema validation of structured results, and a size cap with the full result kept (F10);
 * - all / any / race over several calls, each outcome tagged with its extension and tool.
 * Nothing here throws for a failed call: every failure is an outcome the model can read.
 */
import { clientSdk, isClientError } from '../mcpClient/clientSdk'
import type { CallToolResult } from '@modelcontextprotocol/client'
import type { CatalogTool } from '../catalog/catalogBuild'
import type { ExtensionConfig } from '../config/extensionConfig'
import type { ExtensionConnection } from '../connection/extensionConnection'
import type { ExtensionSnapshot } from '../extensionState'
import { requestErrorText } from '../connection/connectionErrors'
import { capResult } from './resultCap'
import { OutputValidator } from './outputValidation'
import { formatDuration } from '../../../shared/format'
import { createTrailingThrottle } from '../../../shared/trailingThrottle'

export type CallStatus = 'ok' | 'failed' | 'timed-out' | 'cancelled'

/** How a call ended. `ok` includes tool-level errors (`result.isError`), which the model should see. */
export type CallOutcome = (
  | { status: 'ok'; result: CallToolResult; truncated: boolean; fullResult?: CallToolResult }
  | { status: 'failed'; message: string }
  | { status: 'timed-out'; message: string }
  | { status: 'cancelled'; message: string }
) & {
  /** The namespaced name that was called. */
  name: string
  /** Empty when the name was not in the catalog. */
  extensionId: string
  tool: string
  durationMs: number
}

export interface ToolCallRequest {
  name: string
  arguments?: Record<string, unknown>
  /** Sent as the request's `_meta` to built-in servers only (an agent's turn names itself to the agent servers it calls). */
  _meta?: Record<string, unknown>
}

export interface ProgressUpdate {
  progress: number
  total?: number
  message?: string
}

export interface DispatchOptions {
  signal?: AbortSignal
  onProgress?: (update: ProgressUpdate, request: ToolCallRequest) => void
  /** Reach a tool its extension's filter switched off too: only for that extension's own MCP Apps (appTools.ts). */
  switchedOffToo?: boolean
}

/** What dispatch needs from the catalog and the manager. */
export interface DispatchSources {
  lookup(name: string): CatalogTool | undefined
  /** A tool the extension's filter switched off (for `switchedOffToo`). */
  lookupSwitchedOff?(name: string): CatalogTool | undefined
  connection(id: string): ExtensionConnection | undefined
  config(id: string): ExtensionConfig | undefined
  get(id: string): ExtensionSnapshot | undefined
}

export interface ToolDispatcherOptions {
  /** Characters of result content the model and renderer get (F10). Default 100,000. */
  maxResultSize?: number
  /** Progress callbacks per call are thinned to one per this interval (F12). Default 50 ms. */
  progressIntervalMs?: number
}

/** The session a call goes out on: its transport (the config's type) and the MCP session id, when the server gave one (Streamable HTTP). */
export interface CallSession {
  transport: ExtensionConfig['type']
  sessionId?: string
}

/**
 * Watches every call the dispatcher makes, whoever asked (the activity log, telemetry): `started`
 * just before the request goes to the extension, `ended` with every outcome (also a call that
 * never started). Must not throw or block; a failing observer is ignored.
 * `started` may answer with `_meta` entries for the request (the W3C trace context of its span,
 * which every server may see); they never replace the caller's own `_meta` keys.
 */
export interface DispatchObserver {
  started?(request: ToolCallRequest, tool: CatalogTool, session: CallSession): Record<string, string> | void
  ended?(request: ToolCallRequest, outcome: CallOutcome): void
}

/** The abort reason for the hard cap; told apart from a person's cancel by identity. */
class HardCapReached extends Error {
  constructor(readonly ms: number) {
    super(`timed out: the call ran longer than the hard cap of ${formatDuration(ms)}`)
  }
}

class Superseded extends Error {
  constructor() {
    super('cancelled: another call of the same group finished first')
  }
}

export class ToolDispatcher {
  /** Checks structuredContent against outputSchema (outputValidation.ts). */
  readonly outputs = new OutputValidator()
  private readonly observers = new Set<DispatchObserver>()

  /** Adds an observer of every call; returns the function that removes it. */
  observe(observer: DispatchObserver): () => void {
    this.observers.add(observer)
    return () => this.observers.delete(observer)
  }

  private tell(each: (observer: DispatchObserver) => void): void {
    for (const observer of this.observers) {
      try {
        each(observer)
      } catch {
        // An observer's failure must never fail or change the call.
      }
    }
  }

  constructor(
    private readonly sources: DispatchSources,
    private readonly options: ToolDispatcherOptions = {},
  ) {}

  /** Calls one tool. Resolves with an outcome; never rejects. */
  async call(request: ToolCallRequest, options: DispatchOptions = {}): Promise<CallOutcome> {
    const began = Date.now()
    const tool = this.sources.lookup(request.name) ?? (options.switchedOffToo ? this.sources.lookupSwitchedOff?.(request.name) : undefined)
    const tag = { name: request.name, extensionId: tool?.extensionId ?? '', tool: tool?.toolName ?? request.name }
    const done = (outcome: DistributiveOmit<CallOutcome, 'name' | 'extensionId' | 'tool' | 'durationMs'>): CallOutcome => {
      const ended = { ...outcome, ...tag, durationMs: Date.now() - began } as CallOutcome
      if (this.observers.size > 0) this.tell((observer) => observer.ended?.(request, ended))
      return ended
    }
    if (!tool) {
      return done({ status: 'failed', message: `Unknown tool "${request.name}": it is not in the catalog (its extension may be stopped, or the tool switched off on its extension's page).` })
    }
    const connection = this.sources.connection(tool.extensionId)
    const config = this.sources.config(tool.extensionId)
    if (!connection || !config) {
      const snapshot = this.sources.get(tool.extensionId)
      const why = snapshot?.error ? `: ${snapshot.error}` : ''
      return done({ status: 'failed', message: `The extension "${tool.extensionName}" is not running (${snapshot?.status ?? 'removed'})${why}` })
    }
    if (options.signal?.aborted) return done({ status: 'cancelled', message: 'cancelled before it started' })

    const controller = new AbortController()
    const onParentAbort = () => controller.abort(options.signal?.reason)
    options.signal?.addEventListener('abort', onParentAbort, { once: true })
    const { callMs, hardCapMs } = config.timeouts
    const hardCap = setTimeout(() => controller.abort(new HardCapReached(hardCapMs)), hardCapMs)
    const progress = createTrailingThrottle((update: ProgressUpdate) => options.onProgress?.(update, request), this.options.progressIntervalMs ?? 50)
    let traced: Record<string, string> | undefined
    if (this.observers.size > 0) {
      const session: CallSession = { transport: config.type, ...(connection.sessionId !== undefined ? { sessionId: connection.sessionId } : {}) }
      this.tell((observer) => {
        const added = observer.started?.(request, tool, session)
        if (added) traced = { ...traced, ...added }
      })
    }
    // `_meta` names the caller to Switchboard's own agent servers with tokens only main hands out:
    // an outside server has no use for them, so it never sees them. Trace context goes to every server.
    const own = request._meta && config.type === 'builtin' ? request._meta : undefined
    const meta = traced ? { ...traced, ...own } : own
    try {
      const result = await connection.callTool(tool.toolName, request.arguments ?? {}, {
        signal: controller.signal,
        timeoutMs: callMs,
        inputSchema: tool.inputSchema,
        onProgress: options.onProgress ? progress.push : undefined,
        ...(meta ? { meta } : {}),
      })
      progress.flush()
      const checked = this.outputs.check(tool, result)
      const capped = capResult(checked, this.options.maxResultSize ?? 100_000)
      return done(capped.truncated ? { status: 'ok', result: capped.result, truncated: true, fullResult: checked } : { status: 'ok', result: checked, truncated: false })
    } catch (error) {
      const reason: unknown = controller.signal.reason
      if (reason instanceof HardCapReached) return done({ status: 'timed-out', message: reason.message })
      if (reason instanceof Superseded) return done({ status: 'cancelled', message: reason.message })
      if (options.signal?.aborted) return done({ status: 'cancelled', message: 'cancelled by the person' })
      if (isClientError(error, 'SdkError') && error.code === clientSdk().SdkErrorCode.RequestTimeout) {
        return done({ status: 'timed-out', message: `timed out: "${tool.toolName}" sent no result or progress for ${formatDuration(callMs)}` })
      }
      if (isClientError(error, 'SdkError') && error.code === clientSdk().SdkErrorCode.ConnectionClosed) {
        // F19: the frontend "extension" is the app window; its session ends when the window reloads.
        return done({
          status: 'failed',
          message:
            config.type === 'frontend'
              ? `window unavailable: the app window closed or reloaded while "${tool.toolName}" was running; try again once it is back`
              : `extension crashed: "${tool.extensionName}" went away while "${tool.toolName}" was running`,
        })
      }
      return done({ status: 'failed', message: `"${tool.toolName}" failed: ${requestErrorText(error)}` })
    } finally {
      clearTimeout(hardCap)
      progress.cancel()
      options.signal?.removeEventListener('abort', onParentAbort)
    }
  }

  /** Runs all calls concurrently; outcomes in request order. */
  all(requests: ToolCallRequest[], options: DispatchOptions = {}): Promise<CallOutcome[]> {
    return Promise.all(requests.map((request) => this.call(request, options)))
  }

  /** The first successful outcome (ok and not isError) wins and the others are cancelled. */
  any(requests: ToolCallRequest[], options: DispatchOptions = {}): Promise<{ winner?: CallOutcome; outcomes: CallOutcome[] }> {
    return this.firstOf(requests, options, (outcome) => outcome.status === 'ok' && !outcome.result.isError).then(({ first, outcomes }) => ({ winner: first, outcomes }))
  }

  /** The first outcome of any kind wins and the others are cancelled. */
  race(requests: ToolCallRequest[], options: DispatchOptions = {}): Promise<{ first: CallOutcome | undefined; outcomes: CallOutcome[] }> {
    return this.firstOf(requests, options, () => true)
  }

  private async firstOf(
    requests: ToolCallRequest[],
    options: DispatchOptions,
    wins: (outcome: CallOutcome) => boolean,
  ): Promise<{ first: CallOutcome | undefined; outcomes: CallOutcome[] }> {
    const group = new AbortController()
    const onParentAbort = () => group.abort(options.signal?.reason)
    options.signal?.addEventListener('abort', onParentAbort, { once: true })
    let first: CallOutcome | undefined
    try {
      const outcomes = await Promise.all(
        requests.map((request) =>
          this.call(request, { ...options, signal: group.signal }).then((outcome) => {
            if (!first && wins(outcome)) {
              first = outcome
              group.abort(new Superseded())
            }
            return outcome
          }),
        ),
      )
      return { first, outcomes }
    } finally {
      options.signal?.removeEventListener('abort', onParentAbort)
    }
  }
}

/** The result the model reads for an outcome: failures become `isError` results with the message. */
export function toModelResult(outcome: CallOutcome): CallToolResult {
  switch (outcome.status) {
    case 'ok':
      return outcome.result
    case 'failed':
    case 'timed-out':
    case 'cancelled':
      return toolError(outcome.message)
    default:
      return outcome satisfies never
  }
}

function toolError(message: string): CallToolResult {
  return { isError: true, content: [{ type: 'text', text: message }] }
}

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never
