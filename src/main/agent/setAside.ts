/**
 * Regenerate and edit-and-resend keep the session file append-only: a `rewind` line sets aside the
 * messages from the one it names up to itself. What the window shows and what the model gets is the
 * file with those messages left out; the file itself keeps everything.
 */
import type { StoredMessage } from './session/storedMessage'

/** The messages still in the conversation, oldest first (rewind lines and what they set aside left out). */
export function activeMessages(messages: readonly StoredMessage[]): StoredMessage[] {
  const active: StoredMessage[] = []
  for (const message of messages) {
    if (message.kind !== 'rewind') {
      active.push(message)
      continue
    }
    const at = active.findIndex((kept) => kept.id === message.from)
    // A rewind naming a message already set aside (or unknown) changes nothing.
    if (at >= 0) active.length = at
  }
  return active
}

/** Messages a person sees in the conversation: theirs and the model's replies with text (not tool calls, results or notices). */
export function isShownMessage(message: StoredMessage): boolean {
  return message.kind === 'user' || (message.kind === 'assistant' && message.text !== '')
}

/** How many messages the session header counts (isShownMessage over the active conversation). */
export function shownCount(messages: readonly StoredMessage[]): number {
  return activeMessages(messages).filter(isShownMessage).length
}
