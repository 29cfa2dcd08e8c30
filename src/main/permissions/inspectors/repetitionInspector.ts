/**
 * Stops loops: the same tool with the same arguments (compared as canonical JSON, so key order does
 * not matter) N times in a row in one session is denied, with a message the model can act on. Every
 * attempt counts, including denied ones, so a model that keeps retrying stays stopped until it
 * changes something, or until the person writes again (they may well want it tried once more).
 * Calls the person starts by hand are not counted: repeating those is deliberate; nor are a hook's
 * calls of its tool, which come once per step of the turn, whatever the model does.
 */
import { createHash } from 'node:crypto'
import { canonicalJson } from '../../../shared/canonicalJson'
import type { Inspector } from './inspectorChain'
import type { InspectorResult, ToolCallRequest } from '../types'

export const DEFAULT_REPETITION_LIMIT = 5

export interface RepetitionInspector extends Inspector {
  /** Drops the history of a session (when it is deleted). */
  forgetSession(sessionId: string): void
  /** The person wrote a new message: the count starts again. */
  noteUserMessage(sessionId: string): void
}

/** 2nd, 3rd, 5th, 11th, 21st… */
function ordinal(n: number): string {
  const teen = n % 100 >= 11 && n % 100 <= 13
  const suffix = teen ? 'th' : ({ 1: 'st', 2: 'nd', 3: 'rd' } as Record<number, string>)[n % 10] ?? 'th'
  return `${n}${suffix}`
}

/**
 * The refusal the model gets and the person reads on the tool card: what happened, the rule behind
 * it (it holds even for always-allowed tools, which surprises people otherwise), and what resets it.
 */
export function repetitionRefusal(toolName: string, count: number, limit: number): string {
  return (
    `Not run: this is call number ${count} in a row to ${toolName} with exactly the same arguments. ` +
    `Switchboard refuses the ${ordinal(limit)} identical call in a row in a conversation, even for tools that are always allowed, so that a model cannot loop; ` +
    'a call with other arguments or to another tool, or a new message from the person, starts the count again. ' +
    'Calling it again will not give a different result. Use the result you already have, change the arguments, or ask the person how to continue.'
  )
}

const sessionOf = (call: ToolCallRequest): string | undefined => (call.origin === 'person' || call.origin === 'hook' ? undefined : call.sessionId)

/** `limit` is the attempt that gets denied: with 5, four identical calls in a row run and the fifth does not. */
export function createRepetitionInspector(limit = DEFAULT_REPETITION_LIMIT): RepetitionInspector {
  if (!Number.isInteger(limit) || limit < 2) throw new Error(`The repetition limit must be a whole number of at least 2, not ${limit}.`)
  // Per session: a hash of the last call and how many times in a row it came. Hashes keep big arguments out of memory.
  const last = new Map<string, { key: string; count: number }>()
  return {
    name: 'repetition',
    inspect(call): InspectorResult {
      const sessionId = sessionOf(call)
      if (sessionId === undefined) return { verdict: 'allow', reasons: [], findings: [] }
      const key = createHash('sha256').update(call.toolName).update('\n').update(canonicalJson(call.arguments)).digest('hex')
      const previous = last.get(sessionId)
      const count = previous?.key === key ? previous.count + 1 : 1
      last.set(sessionId, { key, count })
      if (count < limit) return { verdict: 'allow', reasons: [], findings: [] }
      return {
        verdict: 'deny',
        cause: 'repetition',
        reasons: [repetitionRefusal(call.toolName, count, limit)],
        findings: [],
      }
    },
    forgetSession(sessionId) {
      last.delete(sessionId)
    },
    noteUserMessage(sessionId) {
      last.delete(sessionId)
    },
  }
}
