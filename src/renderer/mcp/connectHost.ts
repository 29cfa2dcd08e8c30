/**
 * Chooses how the renderer reaches the host server: the MessagePort handed over by the preload in
 * Electron, or the loopback WebSocket (with the access token from the address) in browser mode.
 */
import type { Transport } from '@modelcontextprotocol/client'
import { WebSocketClientTransport } from '../../shared/webSocketClientTransport'
import { PortTransport, domPort } from '../../shared/portTransport'
import { HOST_PORT_INDEX, isPortsMessage } from '../../shared/portHandshake'

/** How to reach the host, or why it cannot be reached. */
export type HostEndpoint =
  | { kind: 'electron'; open: () => Promise<Transport> }
  | { kind: 'browser'; open: () => Promise<Transport>; token: string }
  | { kind: 'no-token' }

const TOKEN_KEY = 'switchboard.token'

export function isElectron(): boolean {
  return navigator.userAgent.includes('Electron')
}

// The preload may post the ports before React mounts, so listen from module load and keep them until asked.
const portQueue: MessagePort[] = []
const portWaiters: ((port: MessagePort) => void)[] = []
if (typeof window !== 'undefined' && isElectron()) {
  window.addEventListener('message', (event: MessageEvent<unknown>) => {
    if (event.source !== window || !isPortsMessage(event.data)) return
    const port = event.ports[HOST_PORT_INDEX]
    if (!port) return
    const waiter = portWaiters.shift()
    if (waiter) waiter(port)
    else portQueue.push(port)
  })
}

function nextPort(): Promise<MessagePort> {
  const queued = portQueue.shift()
  if (queued) return Promise.resolve(queued)
  return new Promise((resolve) => portWaiters.push(resolve))
}

/** Moves `?token=` from the address bar into sessionStorage, so that a reload still works. */
function takeToken(): string | null {
  const url = new URL(location.href)
  const fromAddress = url.searchParams.get('token')
  let stored: string | null = null
  try {
    if (fromAddress) sessionStorage.setItem(TOKEN_KEY, fromAddress)
    stored = sessionStorage.getItem(TOKEN_KEY)
  } catch {
    // Storage can be disabled; the token then lives only as long as this page.
  }
  if (fromAddress) {
    url.searchParams.delete('token')
    history.replaceState(history.state, '', url.pathname + url.search + url.hash)
  }
  return fromAddress ?? stored
}

function webSocketUrl(token: string): URL {
  const url = new URL('/mcp?token=' + encodeURIComponent(token), location.href)
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:'
  return url
}

/** Decides the endpoint once per page load. */
export function hostEndpoint(): HostEndpoint {
  if (isElectron()) {
    return { kind: 'electron', open: async () => new PortTransport(domPort(await nextPort())) }
  }
  const token = takeToken()
  if (!token) return { kind: 'no-token' }
  // Client.connect starts the transport; a refused handshake surfaces there.
  return { kind: 'browser', open: async () => new WebSocketClientTransport(webSocketUrl(token)), token }
}
