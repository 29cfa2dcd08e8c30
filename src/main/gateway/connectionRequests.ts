/**
 * Clients that knocked without a token, waiting for the person: each is an approval in
 * `switchboard://elicitations` ("Allow Claude Code to use Switchboard?"). Allowing goes through
 * `connected_app_approve`, whose answer carries the token; declining goes through
 * `elicitation_respond` like any approval. Bounded, so a client knocking in a loop cannot flood
 * the window: one request per client name, a few at most, each forgotten after a while.
 */
import { randomUUID } from 'node:crypto'
import type { ConnectionRequest } from '../../shared/connectedAppsApi'
import type { Elicitation } from '../../shared/hostApi'
import type { ElicitationSource } from '../services/elicitations/elicitationBoard'

export const MAX_PENDING_REQUESTS = 5
export const REQUEST_LIFETIME_MS = 10 * 60_000

/** What the approval says the app would get (the default scope, read when the list is built). */
export interface OfferedScope {
  agents: () => string[]
}

export interface ConnectionRequests extends ElicitationSource {
  /** Notes a knock; returns the pending request for that name (an existing one when it knocked before), or undefined when full. */
  knock(clientName: string): ConnectionRequest | undefined
  pending(): ConnectionRequest[]
  /** Removes and returns a pending request (the person allowed it). */
  take(id: string): ConnectionRequest | undefined
  clear(): void
}

export function createConnectionRequests(offered: OfferedScope, now: () => number = Date.now): ConnectionRequests {
  const requests = new Map<string, ConnectionRequest>()
  const listeners = new Set<() => void>()
  const changed = () => listeners.forEach((listener) => listener())
  const expire = () => {
    for (const [id, request] of requests) if (now() - Date.parse(request.created) > REQUEST_LIFETIME_MS) requests.delete(id)
  }
  const toElicitation = (request: ConnectionRequest, agents: string[]): Elicitation => ({
    kind: 'approval',
    id: request.id,
    created: Date.parse(request.created),
    origin: { extensionId: 'connected-apps', extensionName: request.clientName, caller: { kind: 'connected-app', name: request.clientName } },
    message: `${request.clientName} tried to connect to Switchboard's endpoint. If you allow it, it gets a token (shown once) to put in its config.`,
    subject: { type: 'connected-app', clientName: request.clientName, agents, tools: 'none (turn the gateway on for it in Settings → Connected apps)' },
    decisions: ['allow_once', 'deny'],
  })

  return {
    knock(clientName) {
      expire()
      const known = [...requests.values()].find((request) => request.clientName === clientName)
      if (known) return known
      if (requests.size >= MAX_PENDING_REQUESTS) return undefined
      const request = { id: randomUUID(), clientName, created: new Date(now()).toISOString() }
      requests.set(request.id, request)
      changed()
      return request
    },
    pending() {
      expire()
      return [...requests.values()]
    },
    take(id) {
      const request = requests.get(id)
      if (!request) return undefined
      requests.delete(id)
      changed()
      return request
    },
    clear() {
      requests.clear()
      changed()
    },
    list() {
      expire()
      const agents = offered.agents()
      return [...requests.values()].map((request) => toElicitation(request, agents))
    },
    respond(id, action) {
      if (!requests.has(id)) return false
      if (action === 'accept') throw new Error('Allow a connected app with connected_app_approve: its answer carries the token, which is shown only once.')
      requests.delete(id)
      changed()
      return true
    },
    onChange(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  }
}
