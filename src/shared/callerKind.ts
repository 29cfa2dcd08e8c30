/**
 * Who asks: the one caller type every approval carries and every dialog names, so that a connected
 * app called "Assistant" can never pass for the agent, nor an App for the model. Set where a call
 * enters (the host's tool_call, a turn, the gateway, an App's bridge, a hook, a routine) and worded
 * here only, so main's messages and the window say the same thing.
 */
import { z } from 'zod'

export const CallerSchema = z.discriminatedUnion('kind', [
  /** The person, by hand (tool_call from the extension page). */
  z.object({ kind: z.literal('person') }),
  /** The model in a chat session's turn (its agent is the session's own, not a sub-agent). */
  z.object({ kind: z.literal('model'), sessionId: z.string().optional(), sessionTitle: z.string().optional() }),
  /** A sub-agent: the agents whose turns led to the call, outermost first (at least two). */
  z.object({ kind: z.literal('agent-chain'), chain: z.array(z.string()).min(2) }),
  /** An outside app over the gateway, by the name the person allowed it under. */
  z.object({ kind: z.literal('connected-app'), name: z.string() }),
  /** An MCP App in a tool card: the App (its tool's title or name) and its extension. */
  z.object({ kind: z.literal('mcp-app'), app: z.string(), extensionName: z.string() }),
  z.object({ kind: z.literal('hook'), name: z.string() }),
  z.object({ kind: z.literal('routine'), name: z.string() }),
  /** An extension itself: it asks to start, or asks the person's model for a reply (sampling). */
  z.object({ kind: z.literal('extension'), name: z.string() }),
])
export type Caller = z.infer<typeof CallerSchema>
export type CallerKind = Caller['kind']
export type CallerOf<K extends CallerKind> = Extract<Caller, { kind: K }>

/** A caller in words, split so a dialog can set the name apart: `lead + name + tail`. */
export interface CallerWords {
  lead: string
  name: string
  tail: string
}

/** "Cursor (a connected app)", "the model in “Notes”", "agent Researcher (via Assistant → Researcher)", "you"… */
export function callerWords(caller: Caller): CallerWords {
  switch (caller.kind) {
    case 'person':
      return { lead: '', name: 'you', tail: '' }
    case 'model':
      return caller.sessionTitle?.trim() ? { lead: 'the model in “', name: caller.sessionTitle.trim(), tail: '”' } : { lead: '', name: 'the model', tail: '' }
    case 'agent-chain':
      return { lead: 'agent ', name: caller.chain.at(-1)!, tail: ` (via ${caller.chain.join(' → ')})` }
    case 'connected-app':
      return { lead: '', name: caller.name, tail: ' (a connected app)' }
    case 'mcp-app':
      return { lead: 'the App “', name: caller.app, tail: `” of extension ${caller.extensionName}` }
    case 'hook':
      return { lead: 'hook “', name: caller.name, tail: '”' }
    case 'routine':
      return { lead: 'routine “', name: caller.name, tail: '”' }
    case 'extension':
      return { lead: 'the extension “', name: caller.name, tail: '”' }
  }
}

/** The caller's words with the first of them capitalized, to begin a sentence (a name is never changed). */
export function callerWordsAtStart(caller: Caller): CallerWords {
  const words = callerWords(caller)
  if (words.lead !== '') return { ...words, lead: words.lead[0]!.toUpperCase() + words.lead.slice(1) }
  // Only our own words are capitalized: "you", "the model"; an app called "cursor" stays "cursor".
  return caller.kind === 'person' || caller.kind === 'model' ? { ...words, name: words.name[0]!.toUpperCase() + words.name.slice(1) } : words
}

const joined = (words: CallerWords) => `${words.lead}${words.name}${words.tail}`

/** The caller in running text: "Cursor (a connected app)", "the model in “Notes”". */
export function describeCaller(caller: Caller): string {
  return joined(callerWords(caller))
}

/** The verb that follows the caller at a sentence's start: the person "asked", everyone else "asks". */
export function askVerb(caller: Caller): string {
  return caller.kind === 'person' ? 'asked' : 'asks'
}

/** The start of every approval's sentence: "Cursor (a connected app) asks", "You asked". */
export function callerAsks(caller: Caller): string {
  return `${joined(callerWordsAtStart(caller))} ${askVerb(caller)}`
}
