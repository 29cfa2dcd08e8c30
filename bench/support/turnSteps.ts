/**
 * The one-tool turn bench/turn.ts times on both sides (issue 33): what the scripted model plays, what
 * the person sends, and what a turn commits (one durable write each). The host and the bare script
 * take all of it from here, so test/bench/turnSteps.test.ts can hold them to the same steps.
 */
import type { ScriptedTurn } from '../../test/fixtures/modelServer/script'

/** What the person sends each turn. */
export const TURN_TEXT = 'Echo this, please.'

/** The echo call's arguments. */
export const ECHO_ARGS = { text: 'x'.repeat(100) }

/** The model's two replies in one turn: a call of `toolName` (the host names it `<extension>__echo`), then the answer. */
export function scriptedTurn(toolName: string): ScriptedTurn[] {
  return [
    { type: 'tool-calls', calls: [{ name: toolName, args: ECHO_ARGS }] },
    { type: 'text', chunks: ['The echo said ', 'x', ' a hundred times.'] },
  ]
}

/**
 * What one turn commits, in order, one fdatasync'd append each (agentLoop.ts): the person's message,
 * the assistant's message with its tool call, the tool result, the final answer.
 */
export const COMMITS_PER_TURN = ['user', 'assistant', 'tool-result', 'assistant'] as const

/** Model requests per turn: one per scripted reply. */
export const MODEL_REQUESTS_PER_TURN = scriptedTurn('echo').length
