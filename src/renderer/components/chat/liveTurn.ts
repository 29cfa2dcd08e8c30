/**
 * The rows of the conversation: the committed history, then the message being sent and the model
 * step in flight. Each model step has one row, keyed by turn and step, from its first progress to
 * its committed message: the history names a step's message the same way as the progress names the
 * step, so when the step is committed its row (and the component drawing it) stays where it is and
 * only its data changes — a long reply is not drawn a second time.
 */
import type { ChatMessageView, HookChange, MessageAttachmentView, ProgressResource, Provenance, ToolCallView } from '../../../shared/hostApi'

export type Turn = NonNullable<ProgressResource['turn']>
export type AssistantView = Extract<ChatMessageView, { role: 'assistant' }>

/** The step in flight as its row draws it, until the history holds it. */
export interface LiveStep {
  text: string
  calls: readonly ToolCallView[]
  /** Text still arriving: the caret shows and the last markdown block stays open. */
  streaming: boolean
  /** What the turn is doing now, when nothing streams ("Waiting for the model…"); null when it has ended. */
  status: string | null
  notice?: string
}

export type ConversationRow =
  | { kind: 'user'; key: string; text: string; sending?: boolean; messageId?: string; attachments?: MessageAttachmentView[]; from?: string; hookChanges?: HookChange[]; refusedBy?: { hook: string; reason: string }; provenance?: Provenance }
  | {
      kind: 'assistant'
      key: string
      /** The committed message; absent while the step is in flight. */
      message?: AssistantView
      live?: LiveStep
      /** Live states of calls of a committed message that are still running, by call id. */
      liveCalls?: ReadonlyMap<string, ToolCallView>
    }

/** How far back to look for the committed message of the step in flight. */
const LOOKBACK = 4

export const stepKey = (turnId: string, step: number): string => `step:${turnId}/${step}`

function messageKey(message: ChatMessageView): string {
  return message.role === 'assistant' && message.turnId !== undefined && message.step !== undefined ? stepKey(message.turnId, message.step) : message.id
}

function messageRow(message: ChatMessageView): ConversationRow {
  if (message.role === 'user') {
    const { attachments, from, hookChanges, refusedBy, provenance } = message
    return { kind: 'user', key: message.id, messageId: message.id, text: message.text, ...(attachments ? { attachments } : {}), ...(from ? { from } : {}), ...(hookChanges ? { hookChanges } : {}), ...(refusedBy ? { refusedBy } : {}), ...(provenance ? { provenance } : {}) }
  }
  return { kind: 'assistant', key: messageKey(message), message }
}

/**
 * `sending`: the person's message on its way (not in the history yet). `turn`: the turn in flight,
 * or one that just `ended` whose last drawn state stays until the history shows its result.
 */
export function conversationRows(messages: readonly ChatMessageView[], turn: Turn | null, ended: boolean, sending?: string): ConversationRow[] {
  const rows = messages.map(messageRow)
  if (sending !== undefined) rows.push({ kind: 'user', key: 'sending', text: sending, sending: true })
  if (!turn) return rows

  const key = stepKey(turn.turnId, turn.step)
  const recent = rows.slice(-LOOKBACK - 1)
  const committed = recent.find((row) => row.key === key)
  // Calls the history already holds are drawn there, with their live states while the turn runs.
  const committedCalls = new Map<string, number>()
  for (const row of recent) {
    if (row.kind === 'assistant' && row.message) for (const call of row.message.toolCalls) committedCalls.set(call.callId, rows.indexOf(row))
  }
  const calls: ToolCallView[] = []
  for (const call of turn.toolCalls) {
    const at = committedCalls.get(call.callId)
    if (at === undefined) calls.push(call)
    else if (!ended) {
      const row = rows[at]
      if (row?.kind === 'assistant') rows[at] = { ...row, liveCalls: new Map(row.liveCalls).set(call.callId, call) }
    }
  }
  if (committed) {
    // The step is in the history. A step that called tools is followed by another: until it streams,
    // its row says what the turn is doing. A step without calls was the last; the turn is ending.
    const more = committed.kind === 'assistant' && (committed.message?.toolCalls.length ?? 0) > 0
    if (!ended && more) {
      const status = turn.status === 'streaming' ? 'Waiting for the model…' : turnStatusText(turn)
      rows.push({ kind: 'assistant', key: stepKey(turn.turnId, turn.step + 1), live: { text: '', calls: [], streaming: false, status, notice: turn.notice } })
    }
    return rows
  }
  const status = ended || (turn.status === 'streaming' && turn.text !== '') ? null : turnStatusText(turn)
  const live: LiveStep = { text: turn.text, calls, streaming: !ended && turn.status === 'streaming' && turn.text !== '', status, notice: turn.notice }
  if (live.text !== '' || live.calls.length > 0 || live.status !== null || live.notice) rows.push({ kind: 'assistant', key, live })
  return rows
}

/**
 * The rows that take the message actions: the person's last message (edit and resend) and the last
 * reply after it (regenerate). -1 when there is none, e.g. while a message is on its way.
 */
export function actionRows(rows: readonly ConversationRow[]): { lastUser: number; lastReply: number } {
  const lastUser = rows.findLastIndex((row) => row.kind === 'user')
  const user = rows[lastUser]
  if (!user || user.kind !== 'user' || user.messageId === undefined) return { lastUser: -1, lastReply: -1 }
  const lastReply = rows.findLastIndex((row, index) => index > lastUser && row.kind === 'assistant' && row.message?.turnId !== undefined)
  return { lastUser, lastReply }
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
