/**
 * How a model-request hook adds to the system prompt: it returns a system message among
 * `messages` (`{"role": "system", "content": "…"}`). The request keeps one system prompt, given
 * apart from the messages (the AI SDK refuses a system message among them: "System messages are
 * not allowed in the prompt or messages fields"), so such messages are taken out and their text
 * is added to the system prompt, in order. The trail names the hooks whose messages held them.
 */
import { isDeepStrictEqual } from 'node:util'
import type { HookChange } from '../../shared/hooksApi'

export interface FoldedRequest {
  /** The messages without the system messages. */
  messages: unknown[]
  /** The system messages' text, to add to the system prompt. */
  system: string[]
  /** The trail: a hook whose messages held a system message changed `system` (and `messages` only when the rest changed too). */
  changes: HookChange[]
}

const isSystem = (message: unknown): message is { role: 'system'; content: unknown } => typeof message === 'object' && message !== null && (message as { role?: unknown }).role === 'system'

/** `original` is the request's messages before any hook; `messages` and `changes` what the hooks left. */
export function foldSystemMessages(original: readonly unknown[], messages: readonly unknown[], changes: readonly HookChange[]): FoldedRequest {
  const system = messages.filter(isSystem).map((message) => (typeof message.content === 'string' ? message.content : JSON.stringify(message.content)))
  if (system.length === 0) return { messages: [...messages], system, changes: [...changes] }
  const rest = messages.filter((message) => !isSystem(message))
  // Hooks return the whole list, so each that changed it handed on the system messages in it.
  const restChanged = !isDeepStrictEqual(rest, original)
  const trail = changes.flatMap((change) => {
    if (change.field !== 'messages') return [change]
    const added = { ...change, field: 'system' }
    return restChanged ? [change, added] : [added]
  })
  return { messages: rest, system, changes: trail }
}
