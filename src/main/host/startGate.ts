/**
 * When the Node host starts its background work (the keychain probe, the extensions, the agents'
 * servers): not at once when it serves, but once the window has what it draws first, so that the
 * page, its socket handshake and the first screen's reads get the host's thread to themselves
 * (issue 20: window usable within 1.5× host ready). That background start is ~200 ms of CPU (the
 * SDK builds its schema tables on a connection's first request, a native keychain binding loads);
 * served beside it, the page's document alone waited ~170 ms.
 *
 * The gate opens at the first host-API message that is not part of a window's first draw
 * (`initialize`, notifications, and reads or subscriptions of the first screen's resources): the
 * window sends its other subscriptions right after it drew (firstDraw.ts), and a script's first tool
 * call or read of anything else opens it just the same. With no client at all (a headless host that
 * nobody opened yet) it opens after `graceMs`.
 */
import type { JSONRPCMessage, Transport } from '@modelcontextprotocol/server'
import { HostResource } from '../../shared/hostApi'
import { observed } from './observedTransport'

/** What the window reads before its first draw (src/renderer/mcp/feedStores.ts asks for these first). */
export const FIRST_DRAW_RESOURCES: readonly string[] = [HostResource.sessions, HostResource.settings, HostResource.models]

/** How long a host that nobody connects to waits before it starts its background work anyway. */
export const DEFAULT_START_GRACE_MS = 1000

const FIRST_DRAW_METHODS = new Set(['resources/read', 'resources/subscribe'])

/** True for a message a window sends before it drew its first screen. */
export function belongsToFirstDraw(message: JSONRPCMessage): boolean {
  if (!('method' in message)) return true // a response to the host (none are asked before the first draw)
  if (!('id' in message)) return true // a notification (initialized, cancelled)
  if (message.method === 'initialize' || message.method === 'ping') return true
  if (!FIRST_DRAW_METHODS.has(message.method)) return false
  const uri = (message.params as { uri?: unknown } | undefined)?.uri
  return typeof uri === 'string' && FIRST_DRAW_RESOURCES.includes(uri)
}

export interface StartGate {
  /** Resolves once the background work may start. */
  readonly opened: Promise<void>
  /** Starts the grace period (call when the host serves). */
  arm(): void
  /** A host-API session's transport, delegated to and watched for the first message past a first draw. */
  watch(transport: Transport): Transport
  /** Opens the gate now; a second call does nothing. */
  open(): void
}

export function createStartGate({ graceMs = DEFAULT_START_GRACE_MS }: { graceMs?: number } = {}): StartGate {
  let settle!: () => void
  const opened = new Promise<void>((resolve) => (settle = resolve))
  let isOpen = false
  let timer: ReturnType<typeof setTimeout> | undefined
  const open = () => {
    if (isOpen) return
    isOpen = true
    if (timer) clearTimeout(timer)
    settle()
  }
  return {
    opened,
    arm() {
      if (!isOpen && !timer) timer = setTimeout(open, graceMs)
    },
    watch: (transport) =>
      observed(transport, {
        onMessage: (message) => {
          if (!isOpen && !belongsToFirstDraw(message)) open()
        },
      }),
    open,
  }
}
