/**
 * The committed history as the model's conversation. Tool results are stored in the order they
 * finished; the model gets them after their assistant message in the order it made the calls.
 * A call without a stored result (the app was killed while it ran) gets one saying so: providers
 * refuse a conversation with an unanswered tool call. Notices are for the person, not the model;
 * a reply that was cut off or stopped is replayed with a line saying so.
 */
import type { AssistantModelMessage, ModelMessage, ToolResultPart } from 'ai'
import type { AssistantMessage, StoredMessage, SummaryMessage, ToolResultMessage, UserMessage } from './session/storedMessage'
import { activeMessages } from './setAside'
import { toModelOutput } from './toolResultContent'
import { hookNote } from './turn/hookNotes'

const NO_RESULT = 'No result: the call did not finish (it was interrupted before it completed).'

/** Said after the text of a reply that did not finish, so the model does not build on it as if it were whole. */
export const UNFINISHED_REPLY: Record<Exclude<AssistantMessage['end'], 'complete'>, string> = {
  failed: '[This reply was cut off: the model stream failed before it finished. The text above is all that arrived.]',
  stopped: '[This reply was stopped by the person before it finished. The text above is all that arrived.]',
}

/** How the model is given a summary of the turns before it (compaction.ts). */
export function summaryTurn(summary: Pick<SummaryMessage, 'text'>): ModelMessage {
  return { role: 'user', content: `[The earlier part of this conversation was summarised to fit the context window. Summary:]\n\n${summary.text}` }
}

/**
 * The conversation as it stands (setAside.ts): what a regenerate or an edit set aside is left out,
 * and the messages the latest summary stands for are replaced by it. Read from the last summary on
 * (fromLastSummary), so a turn in a long, summarised conversation does not pass over all of it.
 */
export function modelHistory(history: readonly StoredMessage[]): StoredMessage[] {
  const fast = fromLastSummary(history)
  if (fast) return fast
  const active = activeMessages(history)
  const summary = active.findLast((message): message is SummaryMessage => message.kind === 'summary')
  if (!summary) return active
  const upTo = active.findIndex((message) => message.id === summary.upTo)
  const rest = active.slice(upTo + 1).filter((message) => message.kind !== 'summary')
  return [summary, ...rest]
}

/**
 * modelHistory read backwards from the last summary line: the summary, then the active messages after
 * the one it stands up to. Undefined (read the whole file) when there is no summary, or when a rewind
 * after it reaches further back than what is read (it could have set the summary aside).
 */
function fromLastSummary(history: readonly StoredMessage[]): StoredMessage[] | undefined {
  const at = history.findLastIndex((message) => message.kind === 'summary')
  if (at < 0) return undefined
  const summary = history[at] as SummaryMessage
  let from = at
  while (from > 0 && history[from - 1]!.id !== summary.upTo) from--
  if (from === 0) return undefined
  const tail = history.slice(from)
  const ids = new Set(tail.map((message) => message.id))
  if (tail.some((message) => message.kind === 'rewind' && !ids.has(message.from))) return undefined
  const active = activeMessages(tail)
  if (!active.includes(summary)) return undefined
  return [summary, ...active.filter((message) => message.kind !== 'summary')]
}

/**
 * The model messages of each stored message, kept while the stored message is (with the loaded
 * session): each turn gives the model the same objects, so their token counts (tokenWeight.ts, kept
 * per object) are counted once per message, not once per turn. An assistant message is kept with the
 * results it was built with; a result committed later builds it again.
 */
const built = new WeakMap<StoredMessage, { results: readonly (ToolResultMessage | undefined)[]; messages: ModelMessage[] }>()

function modelMessagesOf(message: StoredMessage, results: ReadonlyMap<string, ToolResultMessage>): ModelMessage[] {
  const answers = message.kind === 'assistant' ? message.toolCalls.map((call) => results.get(call.callId)) : []
  const kept = built.get(message)
  if (kept && kept.results.length === answers.length && kept.results.every((result, index) => result === answers[index])) return kept.messages
  let messages: ModelMessage[]
  switch (message.kind) {
    case 'user':
      // A message a hook refused never reaches the model, not even in later turns.
      messages = message.refusedBy ? [] : [{ role: 'user', content: userContent(message) }]
      break
    case 'assistant':
      messages = assistantTurn(message, results)
      break
    case 'summary':
      messages = [summaryTurn(message)]
      break
    case 'tool-result':
    case 'notice':
    case 'rewind':
      messages = []
      break
    default:
      message satisfies never
      messages = []
  }
  built.set(message, { results: answers, messages })
  return messages
}

export function toModelMessages(stored: readonly StoredMessage[]): ModelMessage[] {
  const history = modelHistory(stored)
  const results = new Map<string, ToolResultMessage>()
  for (const message of history) if (message.kind === 'tool-result') results.set(message.callId, message)
  const conversation: ModelMessage[] = []
  for (const message of history) conversation.push(...modelMessagesOf(message, results))
  return conversation
}

/** The person's text, with a note when a hook changed it (choosing the turn's extensions does not change the message). */
function userContent(message: UserMessage): string {
  const changes = message.hookChanges?.filter((change) => change.field !== 'extensions') ?? []
  return changes.length > 0 ? `${message.text}\n\n${hookNote(changes, 'this message')}` : message.text
}

/** The assistant message and, when it made calls, the tool message answering each of them in order. */
export function assistantTurn(message: AssistantMessage, results: ReadonlyMap<string, Pick<ToolResultMessage, 'status' | 'content' | 'structuredContent'>>): ModelMessage[] {
  const content: Exclude<AssistantModelMessage['content'], string> = []
  if (message.text !== '') content.push({ type: 'text', text: message.end === 'complete' ? message.text : `${message.text}\n\n${UNFINISHED_REPLY[message.end]}` })
  for (const call of message.toolCalls) {
    content.push({ type: 'tool-call', toolCallId: call.callId, toolName: call.name, input: replayableInput(call.arguments) })
  }
  // An empty reply (stopped before the first token) is not sent: some providers reject empty assistant messages.
  if (content.length === 0) return []
  const assistant: ModelMessage = { role: 'assistant', content }
  if (message.toolCalls.length === 0) return [assistant]
  const answers: ToolResultPart[] = message.toolCalls.map((call) => {
    const result = results.get(call.callId)
    return {
      type: 'tool-result',
      toolCallId: call.callId,
      toolName: call.name,
      output: result ? toModelOutput(result) : { type: 'error-text', value: NO_RESULT },
    }
  })
  return [assistant, { role: 'tool', content: answers }]
}

/**
 * Arguments that were not a JSON object (the model sent broken JSON) are replayed as `{}`:
 * providers require an object there, and the error result already quotes what was sent.
 */
function replayableInput(input: unknown): unknown {
  return typeof input === 'object' && input !== null && !Array.isArray(input) ? input : {}
}
