/**
 * Spans after the OpenTelemetry GenAI and MCP semantic conventions (status Development; see
 * /docs/guide/activity.md#telemetry), built from two observers and no branch in the turn loop:
 * - the turn's hook points (the TurnHooks every turn runs, wrapped here): `invoke_agent` from the
 *   turn's first event to `turn-end`, `chat {model}` from each `model-request` until the model's
 *   answer is acted on (a tool call, the next request, the turn's end);
 * - the tool round (toolCallAudit.ts): `execute_tool {tool}` from the dispatcher's start to its end,
 *   a child of the session's `invoke_agent`, with `mcp.method.name = tools/call`, the MCP session
 *   (`mcp.session.id`, `network.transport`) and our decision; its W3C trace context goes into the
 *   request's `_meta` (`traceparent`, `tracestate`) so the server's spans join the trace, and the span
 *   itself is built after the request left, with the ids that context named (plannedSpans.ts);
 * - the session store's commits: a committed assistant message's token usage on its `chat` span.
 * Arguments, results and message text are set only when the person turned content capture on.
 */
import { ROOT_CONTEXT, SpanKind, SpanStatusCode, trace, type Attributes, type Context, type Span, type Tracer } from '@opentelemetry/api'
import type { TurnHooks } from '../hooks'
import type { ToolCallEvent } from '../activity/toolCallAudit'
import type { PlannedSpan } from './plannedSpans'

/** What a committed message tells the spans (structurally the session store's StoredMessage). */
export interface CommittedMessage {
  kind: string
  usage?: { input: number; output: number; cachedInput?: number }
}

/** The caller's name where it has one (the App, the connected app, the agent, the hook, the routine): never a secret. */
function callerName(caller: ToolCallEvent['caller']): string | undefined {
  switch (caller.kind) {
    case 'mcp-app':
      return caller.app
    case 'agent-chain':
      return caller.chain.join(' → ')
    case 'connected-app':
    case 'hook':
    case 'routine':
    case 'extension':
      return caller.name
    default:
      return undefined
  }
}

/** `network.transport` per the MCP conventions: `pipe` for stdio, `tcp` for HTTP; nothing for in-process servers. */
const NETWORK_TRANSPORT: Record<string, string | undefined> = { stdio: 'pipe', 'streamable-http': 'tcp', sse: 'tcp' }

export interface SpanSource {
  /** The current tracer, or undefined while export is off (then nothing is built). */
  tracer(): Tracer | undefined
  captureContent(): boolean
  /** `gen_ai.provider.name` for a model id (anthropic, openai, or the provider's id). */
  providerOf(modelId: string): string
  /** Ids for a tool span built after its request left, under `parent` (plannedSpans.ts); undefined while export is off. */
  plan(parent: Span | undefined): PlannedSpan | undefined
}

/** A tool call's span: built in a task of its own after its request left, or when the call ends first. */
interface ToolSpan {
  span?: Span
  build(): Span
}

interface OpenTurn {
  agent: Span
  /** The context with `agent` as the active span: the parent of the turn's chat and tool spans, made once. */
  parent: Context
  chat?: Span
}

const MAX_CONTENT = 8_000
const content = (value: unknown) => {
  const text = typeof value === 'string' ? value : JSON.stringify(value)
  return text.length > MAX_CONTENT ? `${text.slice(0, MAX_CONTENT)}…` : text
}

export interface GenAiSpans {
  /** The TurnHooks every turn runs, with the turn's spans built beside them (their answers unchanged). */
  observeTurns(hooks: TurnHooks): TurnHooks
  /** Follows the tool round (ToolCallAudit.onToolCall); at `started` answers with the trace context for the request's `_meta`. */
  toolCall(event: ToolCallEvent): Record<string, string> | void
  /** Follows the session store's commits (SessionStore.onCommitted): token usage on the open `chat` span. */
  committed(sessionId: string, message: CommittedMessage): void
  /** Ends what is open (export turned off, quitting). */
  endAll(): void
}

export function createGenAiSpans(source: SpanSource): GenAiSpans {
  const turns = new Map<string, OpenTurn>()
  const tools = new Map<string, ToolSpan>()
  const built = (entry: ToolSpan): Span => (entry.span ??= entry.build())

  const turnOf = (event: ToolCallEvent) => (event.sessionId !== undefined ? turns.get(event.sessionId) : undefined)
  const endChat = (turn: OpenTurn | undefined) => {
    turn?.chat?.end()
    if (turn) turn.chat = undefined
  }
  const openTurn = (tracer: Tracer, sessionId: string): OpenTurn => {
    let turn = turns.get(sessionId)
    if (!turn) {
      const agent = tracer.startSpan('invoke_agent', {
        kind: SpanKind.INTERNAL,
        attributes: { 'gen_ai.operation.name': 'invoke_agent', 'gen_ai.provider.name': 'switchboard', 'gen_ai.conversation.id': sessionId },
      })
      turn = { agent, parent: trace.setSpan(ROOT_CONTEXT, agent) }
      turns.set(sessionId, turn)
    }
    return turn
  }

  const seen = (event: string, payload: Record<string, unknown>) => {
    const tracer = source.tracer()
    if (!tracer) return
    const sessionId = typeof payload.sessionId === 'string' ? payload.sessionId : undefined
    if (!sessionId) return
    switch (event) {
      case 'session-start':
      case 'user-message': {
        const turn = openTurn(tracer, sessionId)
        if (event === 'user-message' && source.captureContent() && typeof payload.text === 'string') {
          turn.agent.setAttribute('gen_ai.input.messages', content([{ role: 'user', parts: [{ type: 'text', content: payload.text }] }]))
        }
        return
      }
      case 'model-request': {
        const turn = openTurn(tracer, sessionId)
        endChat(turn)
        const model = String(payload.model ?? '')
        turn.chat = tracer.startSpan(
          `chat ${model}`.trim(),
          {
            kind: SpanKind.CLIENT,
            attributes: {
              'gen_ai.operation.name': 'chat',
              'gen_ai.provider.name': source.providerOf(model),
              'gen_ai.request.model': model,
              'gen_ai.conversation.id': sessionId,
              ...(typeof payload.step === 'number' ? { 'switchboard.turn.step': payload.step } : {}),
              ...(source.captureContent() && payload.messages !== undefined ? { 'gen_ai.input.messages': content(payload.messages) } : {}),
            },
          },
          turn.parent,
        )
        return
      }
      case 'tool-call':
        // The model's answer (asking for this tool) is in: its chat span is over.
        endChat(turns.get(sessionId))
        return
      case 'turn-end': {
        const turn = turns.get(sessionId)
        if (!turn) return
        endChat(turn)
        const status = String(payload.status ?? '')
        if (status === 'failed') {
          turn.agent.setAttribute('error.type', 'turn_failed')
          turn.agent.setStatus({ code: SpanStatusCode.ERROR, message: 'the turn failed' })
        }
        if (status !== '') turn.agent.setAttribute('switchboard.turn.status', status)
        if (source.captureContent() && typeof payload.text === 'string') turn.agent.setAttribute('gen_ai.output.messages', content([{ role: 'assistant', parts: [{ type: 'text', content: payload.text }] }]))
        turn.agent.end()
        turns.delete(sessionId)
        return
      }
    }
  }

  /**
   * The span of one tool call, its attributes in one object built in place (no spreads, the parent
   * context made once per turn); `startTime`: when the call started, for a span built after it.
   */
  const toolSpan = (tracer: Tracer, event: ToolCallEvent, turn: OpenTurn | undefined, startTime?: number): Span => {
    const { decision } = event
    // What a sampler may look at goes in at the start; the rest is set once the span exists, where
    // the SDK checks each attribute once (attributes given at the start it checks twice).
    const span = tracer.startSpan(`execute_tool ${event.tool}`, { kind: SpanKind.INTERNAL, attributes: { 'gen_ai.operation.name': 'execute_tool', 'gen_ai.tool.name': event.tool }, ...(startTime !== undefined ? { startTime } : {}) }, turn ? turn.parent : ROOT_CONTEXT)
    const attributes: Attributes = {
      'gen_ai.tool.call.id': event.callId,
      'gen_ai.tool.type': 'extension',
      'mcp.method.name': 'tools/call',
      'switchboard.extension.id': event.extension,
      'switchboard.caller.kind': event.caller.kind,
      'switchboard.decision.verdict': decision.verdict,
      'switchboard.decision.by': decision.by,
      'switchboard.decision.asked': decision.asked,
    }
    if (event.sessionId !== undefined) attributes['gen_ai.conversation.id'] = event.sessionId
    const name = callerName(event.caller)
    if (name !== undefined) attributes['switchboard.caller.name'] = name
    if (event.caller.kind === 'mcp-app') attributes['switchboard.caller.extension'] = event.caller.extensionName
    if (decision.detail) attributes['switchboard.decision.detail'] = decision.detail
    if (event.phase === 'started') {
      const transport = NETWORK_TRANSPORT[event.session.transport]
      if (transport) attributes['network.transport'] = transport
      if (event.session.sessionId !== undefined) attributes['mcp.session.id'] = event.session.sessionId
    }
    if (source.captureContent()) attributes['gen_ai.tool.call.arguments'] = content(event.arguments)
    return span.setAttributes(attributes)
  }

  return {
    observeTurns(hooks) {
      return {
        run(event, payload) {
          try {
            seen(event, payload as Record<string, unknown>)
          } catch {
            // Telemetry never changes a turn.
          }
          return hooks.run(event, payload)
        },
      }
    },
    toolCall(event) {
      const tracer = source.tracer()
      if (!tracer) return
      if (event.phase === 'decided') {
        if (event.run) return
        // Refused: a span of its own, over at once, so the refusal shows in the trace.
        const span = toolSpan(tracer, event, turnOf(event))
        span.setAttribute('error.type', 'denied')
        span.setStatus({ code: SpanStatusCode.ERROR, message: 'not run: denied' })
        span.end()
        return
      }
      if (event.phase === 'started') {
        // The turn as the call starts: its parent, even if the turn ends before the span is built.
        const turn = turnOf(event)
        const planned = source.plan(turn?.agent)
        if (!planned) return undefined
        const startTime = performance.now()
        const entry: ToolSpan = { build: () => planned.start(() => toolSpan(tracer, event, turn, startTime)) }
        tools.set(event.callId, entry)
        // After the request left (it goes out within this task), not on its way.
        setImmediate(() => built(entry))
        return planned.context
      }
      const entry = tools.get(event.callId)
      if (!entry) return
      tools.delete(event.callId)
      const span = built(entry)
      const { outcome } = event
      const errorType = outcome.status === 'ok' ? (outcome.result.isError ? 'tool_error' : undefined) : outcome.status
      if (errorType) {
        span.setAttribute('error.type', errorType)
        span.setStatus({ code: SpanStatusCode.ERROR, ...(outcome.status !== 'ok' ? { message: outcome.message } : {}) })
      }
      if (source.captureContent() && outcome.status === 'ok') span.setAttribute('gen_ai.tool.call.result', content(outcome.result.content))
      span.end()
    },
    committed(sessionId, message) {
      if (message.kind !== 'assistant' || !message.usage) return
      const chat = turns.get(sessionId)?.chat
      if (!chat) return
      const { usage } = message
      chat.setAttribute('gen_ai.usage.input_tokens', usage.input)
      chat.setAttribute('gen_ai.usage.output_tokens', usage.output)
      if (usage.cachedInput !== undefined) chat.setAttribute('gen_ai.usage.cache_read.input_tokens', usage.cachedInput)
    },
    endAll() {
      for (const turn of turns.values()) {
        endChat(turn)
        turn.agent.end()
      }
      turns.clear()
      for (const entry of tools.values()) built(entry).end()
      tools.clear()
    },
  }
}
