/**
 * How the turn in flight sits on top of the committed history. The host commits each model step as
 * a history message while the progress resource still describes that step, so the same text and
 * calls can be in both for a moment: calls already in the history are drawn there (with their live
 * state), and the streamed text is not drawn a second time once the history has it.
 */
import type { ChatMessageView, ProgressResource, ToolCallView } from '../../../shared/hostApi'

export type Turn = NonNullable<ProgressResource['turn']>

export interface LiveTurn {
  /** Live states of calls the history already holds, by call id. */
  liveCalls: ReadonlyMap<string, ToolCallView>
  /** The streamed text, unless the history already has it. */
  text: string
  /** Calls the history does not hold yet. */
  calls: ToolCallView[]
}

/** How far back to look for the committed message of the step in flight. */
const LOOKBACK = 4

/**
 * `ended`: the turn is over and only its last drawn state is left; the history is the authority
 * then, and that state may be a frame older than the committed text (a prefix of it).
 */
export function liveTurn(messages: readonly ChatMessageView[], turn: Turn, ended = false): LiveTurn {
  const recent = messages.slice(-LOOKBACK)
  const committedIds = new Set(recent.flatMap((message) => (message.role === 'assistant' ? message.toolCalls.map((call) => call.callId) : [])))
  const liveCalls = new Map<string, ToolCallView>()
  const calls: ToolCallView[] = []
  for (const call of turn.toolCalls) {
    if (!committedIds.has(call.callId)) calls.push(call)
    else if (!ended) liveCalls.set(call.callId, call)
  }
  const last = messages.at(-1)
  const committedText =
    last?.role === 'assistant' &&
    (last.text === turn.text || (ended && last.text.startsWith(turn.text)) || (turn.toolCalls.length > 0 && calls.length === 0))
  return { liveCalls, text: committedText ? '' : turn.text, calls }
}

/** What to say while nothing is streaming yet (or between steps). */
export function turnStatusText(turn: Turn): string {
  switch (turn.status) {
    case 'waiting-for-model':
      return 'Waiting for the model…'
    case 'streaming':
      return 'Writing…'
    case 'running-tools':
      return 'Running tools…'
    case 'waiting-for-approval':
      return 'Waiting for your approval…'
    case 'retrying':
      return 'Retrying…'
  }
}
