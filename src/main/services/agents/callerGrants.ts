/**
 * Who asks for a tool call when it is not an agent's turn (the person by hand, a connected app, an
 * MCP App, a hook), told to the agent servers the call reaches: main hands out a token for the
 * call, sent as `_meta[CALLER_META_KEY]`, and the agent server looks it up to learn what that
 * caller may read, so what it hands an agent (attachments to chat-with) is limited to that. A token
 * names its caller only while the call runs; a call without one is nobody's, and may read nothing.
 */
import { randomUUID } from 'node:crypto'
import { CALLER_META_KEY } from '../../builtins/agentServer'
import type { ProvenanceSource } from '../../../shared/provenanceApi'

/** A caller as far as reading goes (kept minimal; a shared caller kind can map onto it). */
export interface Caller {
  /** Who asks, for refusals: `the connected app "Cursor"`. */
  name: string
  /** What it may read, in one sentence for refusals (the fix: attach only that). */
  reads: string
  /** Whether it may read `uri` of the extension `extensionId`, asked when its call arrives. */
  mayRead(extensionId: string, uri: string): boolean
  /** Where a prompt it sends an agent comes from (issue 37: a connected app's is outside content); absent = the person. */
  source?: ProvenanceSource
}

export interface CallerGrants {
  /** Runs `call` with the `_meta` that names `caller` to the servers it reaches; the name lapses when the call settles. */
  run<T>(caller: Caller, call: (meta: Record<string, unknown>) => Promise<T>): Promise<T>
  /** The caller a token names while its call runs; undefined for any other token. */
  of(token: string): Caller | undefined
}

/** The person (the window, the host API): not restricted, they can read every extension's resources anyway. */
export const PERSON_CALLER: Caller = { name: 'you', reads: 'You may attach any resource.', mayRead: () => true }

/** A hook's tool call: it is handed an event's payload, never a resource, so it may hand on none. */
export const HOOK_CALLER: Caller = { name: 'a hook', reads: 'A hook reads no resources, so it can attach none.', mayRead: () => false }

export function createCallerGrants(): CallerGrants {
  const callers = new Map<string, Caller>()
  return {
    async run(caller, call) {
      const token = randomUUID()
      callers.set(token, caller)
      try {
        return await call({ [CALLER_META_KEY]: token })
      } finally {
        callers.delete(token)
      }
    },
    of: (token) => callers.get(token),
  }
}
