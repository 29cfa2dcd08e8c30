/**
 * The host-only marker of a routine's run: the routine launcher registers the run here and sends
 * the token as `_meta[ROUTINE_RUN_META_KEY]` on its chat-with call; the agent server hands it to
 * AgentTurns.start, which looks it up. Tokens are random and live only while the call starts, so a
 * connected app or a model cannot name a routine run (builtins get `_meta` only from main, and a
 * token nobody was given finds nothing: the call is refused).
 */
import { randomUUID } from 'node:crypto'
import type { TurnResult } from '../../agent'
import type { RoutineTurn } from '../chat/chatService'

export interface RoutineRunGrant {
  turn: RoutineTurn
  /** The session to append to (a one-session routine after its first run); absent: a new session. */
  sessionId?: string
  /** The title of a new session. */
  title: string
  /** Told once the turn started. */
  started(run: { sessionId: string; turnId: string; done: Promise<TurnResult> }): void
}

export interface RoutineGrants {
  issue(grant: RoutineRunGrant): { token: string; revoke(): void }
  of(token: string): RoutineRunGrant | undefined
}

export function createRoutineGrants(): RoutineGrants {
  const grants = new Map<string, RoutineRunGrant>()
  return {
    issue(grant) {
      const token = randomUUID()
      grants.set(token, grant)
      return { token, revoke: () => void grants.delete(token) }
    },
    of: (token) => grants.get(token),
  }
}
