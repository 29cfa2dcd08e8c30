/**
 * Progress that arrives just after its request was answered. A server may send a request's last
 * notifications/progress together with its result; the SDK handles a response at once but a
 * notification a microtask later, so by then the request's progress handler is gone and it reports
 * "Received a progress notification for an unknown token" through onerror. That case is harmless
 * (the result is in), and this tells exactly it apart: the token is the id of a request whose
 * answer already came. Any other unknown token is still a protocol problem worth logging.
 */
import type { JSONRPCMessage } from '@modelcontextprotocol/client'

/** Answered request ids remembered; late progress comes right after its answer, so a few suffice. */
const REMEMBERED = 64
const UNKNOWN_TOKEN = 'Received a progress notification for an unknown token: '

export class LateProgressFilter {
  private readonly answered = new Set<string>()

  /** Sees every incoming message before the SDK does, to remember the ids of answers. */
  note(message: JSONRPCMessage): void {
    if (!('id' in message) || 'method' in message) return
    this.answered.add(String(message.id))
    if (this.answered.size > REMEMBERED) this.answered.delete(this.answered.values().next().value!)
  }

  /** Whether an SDK error is the benign late progress of a request that was already answered. */
  isLateProgress(error: Error): boolean {
    if (!error.message.startsWith(UNKNOWN_TOKEN)) return false
    try {
      // The SDK appends the notification as JSON; the token is the request id it was sent with.
      const notification = JSON.parse(error.message.slice(UNKNOWN_TOKEN.length)) as { params?: { progressToken?: unknown } }
      const token = notification.params?.progressToken
      return (typeof token === 'number' || typeof token === 'string') && this.answered.has(String(token))
    } catch {
      return false
    }
  }
}
