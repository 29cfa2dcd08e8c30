/**
 * One model step: a single streamText request (tools without `execute`, so the SDK never runs a
 * tool and never loops on its own), read to its end. Text deltas go to `onText` as they arrive;
 * the arguments of a tool call, while the model is still writing them, go to `onToolInput` as
 * the best closed JSON so far (for MCP Apps' tool-input-partial), parsed at most once per
 * interval and once more when complete (partialToolInput.ts); the tool calls come back
 * complete, in the order the model made them.
 */
import type { LanguageModelUsage, ModelMessage, ToolSet } from 'ai'
import { aiSdk, loadAiSdk } from '../../aiSdk/aiSdk'
import type { TokenUsage } from '../../../shared/hostApi'
import type { LanguageModelV4 } from '../providers'
import { providerTurnError, type TurnError } from './errorKinds'
import { ToolInputParser } from './partialToolInput'

/** A tool call as the model made it. `invalid` is set when the SDK could not parse it or knows no such tool. */
export interface ModelToolCall {
  callId: string
  name: string
  input: unknown
  invalid?: { reason: 'unknown-tool' | 'unparsable-arguments'; detail: string }
}

/** `usage`: what the provider counted for the step, when it said (absent when a stream ended early). */
export type StepOutcome =
  | { kind: 'finished'; text: string; toolCalls: ModelToolCall[]; found: string[]; usage?: TokenUsage }
  | { kind: 'aborted'; text: string; usage?: TokenUsage }
  | { kind: 'failed'; text: string; error: TurnError; usage?: TokenUsage }

export interface StreamStepInput {
  model: LanguageModelV4
  system?: string
  messages: ModelMessage[]
  tools?: ToolSet
  signal: AbortSignal
  onText: (delta: string) => void
  /** The arguments of a call the model is still writing, parsed as far as they go (an object). */
  onToolInput?: (input: PartialToolInput) => void
}

export interface PartialToolInput {
  callId: string
  name: string
  partial: Record<string, unknown>
}

export async function streamStep(input: StreamStepInput): Promise<StepOutcome> {
  const { streamText } = await loadAiSdk()
  let text = ''
  const toolCalls: ModelToolCall[] = []
  /** Tools the provider's own search referenced (Anthropic's tool search runs on its side). */
  const found: string[] = []
  let failure: unknown
  let failed = false
  let aborted = false
  let usage: TokenUsage | undefined
  // Call id → the arguments so far, while the model writes them.
  const writing = new Map<string, ToolInputParser>()
  const stopWriting = (id: string) => {
    writing.get(id)?.close()
    writing.delete(id)
  }
  const result = streamText({
    model: input.model,
    instructions: input.system,
    messages: input.messages,
    tools: input.tools,
    abortSignal: input.signal,
    // The model from createLanguageModel retries rate limits and server errors itself (retryPolicy.ts).
    maxRetries: 0,
    // Errors arrive as stream parts below; without this the SDK would also print them to the console.
    onError: () => {},
  })
  try {
    for await (const part of result.fullStream) {
      switch (part.type) {
        case 'text-delta':
          text += part.text
          input.onText(part.text)
          break
        case 'tool-input-start': {
          const { onToolInput } = input
          if (!onToolInput || part.providerExecuted) break
          const { id, toolName } = part
          stopWriting(id)
          writing.set(id, new ToolInputParser((partial) => onToolInput({ callId: id, name: toolName, partial })))
          break
        }
        case 'tool-input-delta':
          writing.get(part.id)?.add(part.delta)
          break
        case 'tool-input-end':
          await writing.get(part.id)?.finish()
          break
        case 'tool-call':
          stopWriting(part.toolCallId)
          // A provider-executed call (the provider's tool search) already ran on its side.
          if (!part.providerExecuted) toolCalls.push(toModelToolCall(part))
          break
        case 'tool-result':
          if (part.providerExecuted) found.push(...referencedTools(part.output))
          break
        case 'error':
          if (!failed) [failed, failure] = [true, part.error]
          break
        case 'abort':
          aborted = true
          break
        case 'finish-step':
          usage = tokenUsage(part.usage)
          break
        default:
          // Step boundaries, the end of a call's input, reasoning and sources carry nothing the loop needs.
          break
      }
    }
  } catch (error) {
    if (!failed) [failed, failure] = [true, error]
  } finally {
    // Nothing about a call's arguments is told once the step is over.
    for (const id of [...writing.keys()]) stopWriting(id)
  }
  const counted = usage ? { usage } : {}
  if (aborted || input.signal.aborted) return { kind: 'aborted', text, ...counted }
  if (failed) {
    const error = providerTurnError(failure)
    return error === 'cancelled' ? { kind: 'aborted', text, ...counted } : { kind: 'failed', text, error, ...counted }
  }
  return { kind: 'finished', text, toolCalls, found, ...counted }
}

/** The provider's counts, when it sent any (a server that sends no usage leaves both undefined). */
export function tokenUsage(usage: LanguageModelUsage | undefined): TokenUsage | undefined {
  if (usage?.inputTokens === undefined && usage?.outputTokens === undefined) return undefined
  const cached = usage.inputTokenDetails?.cacheReadTokens
  return { input: usage.inputTokens ?? 0, output: usage.outputTokens ?? 0, ...(cached ? { cachedInput: cached } : {}) }
}

/** The tool names in a provider search result: `[{ type: 'tool_reference', toolName }]`. */
function referencedTools(output: unknown): string[] {
  if (!Array.isArray(output)) return []
  return output.flatMap((entry: unknown) => {
    const reference = entry as { type?: unknown; toolName?: unknown } | null
    return reference?.type === 'tool_reference' && typeof reference.toolName === 'string' ? [reference.toolName] : []
  })
}

function toModelToolCall(part: { toolCallId: string; toolName: string; input: unknown; invalid?: boolean; error?: unknown }): ModelToolCall {
  const call: ModelToolCall = { callId: part.toolCallId, name: part.toolName, input: part.input }
  if (!part.invalid) return call
  const detail = part.error instanceof Error ? part.error.message : String(part.error)
  return { ...call, invalid: { reason: aiSdk().NoSuchToolError.isInstance(part.error) ? 'unknown-tool' : 'unparsable-arguments', detail } }
}
