/**
 * The turn in flight, as `switchboard://sessions/{id}/progress` serves it: the text of the step that
 * is streaming, the tool calls of that step with their states, and how the turn ended.
 * Committed messages are in the history; `assistantMessageId` tells the renderer when the text
 * shown here has become a history message, so it can stop drawing it twice.
 */
import type { ToolResultStatus } from '../session/storedMessage'
import type { HookChange } from '../../../shared/hooksApi'
import type { TurnError } from './errorKinds'
import { createTrailingThrottle, type TrailingThrottle } from '../../../shared/trailingThrottle'

export type TurnStatus = 'streaming' | 'running-tools' | 'done' | 'step-limit' | 'failed' | 'cancelled'

/**
 * `writing`: the model is still writing the call's arguments (`arguments` is what has arrived).
 * `pending-approval` covers the permission check; the pending approval itself is listed in switchboard://elicitations under the same callId.
 */
export type ToolCallState = 'writing' | 'pending-approval' | 'running' | 'done' | 'error' | 'denied' | 'cancelled' | 'timed-out'

export interface ToolCallProgress {
  callId: string
  /** Namespaced catalog name. */
  name: string
  extensionId?: string
  arguments: unknown
  state: ToolCallState
  /** The tool's own progress notifications, while running. */
  progress?: { progress: number; total?: number; message?: string }
  /** The error the model was given, for error / denied / cancelled / timed-out. */
  message?: string
  /** The committed tool-result message, once there is one. */
  resultMessageId?: string
  /** What the tool runs with when tool-call hooks changed the model's `arguments`, and their trail. */
  ranArguments?: Record<string, unknown>
  hookChanges?: HookChange[]
}

export interface TurnProgress {
  sessionId: string
  turnId: string
  status: TurnStatus
  /** 1-based model step; each step is one model request. */
  step: number
  stepLimit: number
  /** The streaming (or last) step's assistant text so far. */
  text: string
  assistantMessageId?: string
  toolCalls: ToolCallProgress[]
  error?: TurnError
}

/** The payload of the progress resource: the turn in flight (or the last one's end state), or idle. */
export type ProgressPayload = TurnProgress | { sessionId: string; status: 'idle' }

export const TOOL_STATE_OF: Record<ToolResultStatus, ToolCallState> = {
  ok: 'done',
  error: 'error',
  denied: 'denied',
  cancelled: 'cancelled',
  'timed-out': 'timed-out',
}

/** A turn before its first model step: nothing streamed yet, no tool calls. */
export function startingProgress(init: { sessionId: string; turnId: string; stepLimit: number }): TurnProgress {
  return { ...init, status: 'streaming', step: 1, text: '', toolCalls: [] }
}

/** Holds the progress of one turn and publishes snapshots through a throttle. */
export class TurnProgressTracker {
  private state: TurnProgress
  private readonly throttle: TrailingThrottle<void>

  constructor(
    init: { sessionId: string; turnId: string; stepLimit: number },
    publish: ((progress: TurnProgress) => void) | undefined,
    intervalMs: number,
  ) {
    this.state = startingProgress(init)
    this.throttle = createTrailingThrottle<void>(() => publish?.(this.snapshot()), intervalMs)
  }

  /** A copy the receiver may keep: later changes never show through it. */
  snapshot(): TurnProgress {
    return { ...this.state, toolCalls: this.state.toolCalls.map((call) => ({ ...call })) }
  }

  startStep(step: number): void {
    this.update({ step, status: 'streaming', text: '', assistantMessageId: undefined, toolCalls: [] })
  }

  appendText(delta: string): void {
    // Appending in place: a fresh object per token would be thousands of copies a second.
    this.state.text += delta
    this.throttle.push()
  }

  assistantCommitted(messageId: string): void {
    this.update({ assistantMessageId: messageId })
  }

  /** The model is writing a call: its arguments so far (replaced by `runningTools` once the step is read). */
  writingTool(callId: string, name: string, partial: Record<string, unknown>): void {
    const others = this.state.toolCalls.filter((call) => call.callId !== callId)
    this.update({ toolCalls: [...others, { callId, name, arguments: partial, state: 'writing' }] })
  }

  runningTools(calls: Pick<ToolCallProgress, 'callId' | 'name' | 'extensionId' | 'arguments'>[]): void {
    this.update({ status: 'running-tools', toolCalls: calls.map((call) => ({ ...call, state: 'pending-approval' })) })
  }

  toolCall(callId: string, change: Partial<Omit<ToolCallProgress, 'callId'>>): void {
    this.update({ toolCalls: this.state.toolCalls.map((call) => (call.callId === callId ? { ...call, ...change } : call)) })
  }

  /** Ends the turn; resolves once the final state has been published. */
  finish(status: Extract<TurnStatus, 'done' | 'step-limit' | 'failed' | 'cancelled'>, error?: TurnError): Promise<void> {
    // A call the model had not finished writing when the turn ended was never made.
    const toolCalls = this.state.toolCalls.filter((call) => call.state !== 'writing')
    this.update({ status, toolCalls, ...(error ? { error } : {}) })
    return this.throttle.close()
  }

  private update(change: Partial<TurnProgress>): void {
    this.state = { ...this.state, ...change }
    this.throttle.push()
  }
}
