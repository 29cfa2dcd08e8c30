/**
 * Spans after the OpenTelemetry GenAI and MCP semantic conventions (status Development; see
 * /docs/guide/activity.md#telemetry), built from two observers and no branch in the turn loop:
 * - the turn's hook points (the TurnHooks every turn runs, wrapped here): `invoke_agent` from the
 *   turn's first event to `turn-end`, `chat {model}` from each `model-request` until the model's
 *   answer is acted on (a tool call, the next request, the turn's end);
 * - the tool round (toolCallAudit.ts): `execute_tool {tool}` from the dispatcher's start to its end,
 *   a child of the session's `invoke_agent`, with `mcp.method.name = tools/call` and our decision.
 * Arguments, results and message text are set only when the person turned content capture on.
 */
import { ROOT_CONTEXT, SpanKind, SpanStatusCode, trace, type Span, type Tracer } from '@opentelemetry/api'
import type { TurnHooks } from '../hooks'
import type { ToolCallEvent } from '../activity/toolCallAudit'

export interface SpanSource {
  /** The current tracer, or undefined while export is off (then nothing is built). */
  tracer(): Tracer | undefined
  captureContent(): boolean
  /** `gen_ai.provider.name` for a model id (anthropic, openai, or the provider's id). */
  providerOf(modelId: string): string
}

interface OpenTurn {
  agent: Span
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
  /** Follows the tool round (ToolCallAudit.onToolCall). */
  toolCall(event: ToolCallEvent): void
  /** Ends what is open (export turned off, quitting). */
  endAll(): void
}

export function createGenAiSpans(source: SpanSource): GenAiSpans {
  const turns = new Map<string, OpenTurn>()
  const tools = new Map<string, Span>()

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
      turn = { agent }
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
          trace.setSpan(ROOT_CONTEXT, turn.agent),
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

  const toolSpan = (tracer: Tracer, event: ToolCallEvent): Span => {
    const turn = event.sessionId !== undefined ? turns.get(event.sessionId) : undefined
    const toolName = event.tool
    return tracer.startSpan(
      `execute_tool ${toolName}`,
      {
        kind: SpanKind.INTERNAL,
        attributes: {
          'gen_ai.operation.name': 'execute_tool',
          'gen_ai.tool.name': toolName,
          'gen_ai.tool.call.id': event.callId,
          'gen_ai.tool.type': 'extension',
          'mcp.method.name': 'tools/call',
          ...(event.sessionId !== undefined ? { 'gen_ai.conversation.id': event.sessionId } : {}),
          'switchboard.extension.id': event.extension,
          'switchboard.caller.kind': event.caller.kind,
          'switchboard.decision.verdict': event.decision.verdict,
          'switchboard.decision.by': event.decision.by,
          'switchboard.decision.asked': event.decision.asked,
          ...(event.decision.detail ? { 'switchboard.decision.detail': event.decision.detail } : {}),
          ...(source.captureContent() ? { 'gen_ai.tool.call.arguments': content(event.arguments) } : {}),
        },
      },
      turn ? trace.setSpan(ROOT_CONTEXT, turn.agent) : ROOT_CONTEXT,
    )
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
        const span = toolSpan(tracer, event)
        span.setAttribute('error.type', 'denied')
        span.setStatus({ code: SpanStatusCode.ERROR, message: 'not run: denied' })
        span.end()
        return
      }
      if (event.phase === 'started') {
        tools.set(event.callId, toolSpan(tracer, event))
        return
      }
      const span = tools.get(event.callId)
      if (!span) return
      tools.delete(event.callId)
      const { outcome } = event
      const errorType = outcome.status === 'ok' ? (outcome.result.isError ? 'tool_error' : undefined) : outcome.status
      if (errorType) {
        span.setAttribute('error.type', errorType)
        span.setStatus({ code: SpanStatusCode.ERROR, ...(outcome.status !== 'ok' ? { message: outcome.message } : {}) })
      }
      if (source.captureContent() && outcome.status === 'ok') span.setAttribute('gen_ai.tool.call.result', content(outcome.result.content))
      span.end()
    },
    endAll() {
      for (const turn of turns.values()) {
        endChat(turn)
        turn.agent.end()
      }
      turns.clear()
      for (const span of tools.values()) span.end()
      tools.clear()
    },
  }
}
