/**
 * Chooses how the renderer reaches the host server: the MessagePort handed over by the preload in
 * Electron, or the loopback WebSocket (with the access token from the address) in browser mode.
 */
import type { Transport } from '@modelcontextprotocol/client'
import { WebSocketClientTransport } from '../../shared/webSocketClientTransport'
import { PortTransport, domPort } from '../../shared/portTransport'
import { HOST_PORT_INDEX, isPortsMessage } from '../../shared/portHandshake'
import { browserToken, hostSocketUrl, isElectron, takeEarlySocket } from './earlySocket'

/** How to reach the host, or why it cannot be reached. */
export type HostEndpoint =
  | { kind: 'electron'; open: () => Promise<Transport> }
  | { kind: 'browser'; open: () => Promise<Transport>; token: string }
  | { kind: 'no-token' }

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

/** Decides the endpoint once per page load. */
export function hostEndpoint(): HostEndpoint {
  if (isElectron()) {
    return { kind: 'electron', open: async () => new PortTransport(domPort(await nextPort())) }
  }
  const token = browserToken
  if (!token) return { kind: 'no-token' }
  // Client.connect starts the transport; a refused handshake surfaces there. The first attempt
  // uses the socket opened at page start (earlySocket.ts).
  return { kind: 'browser', open: async () => new WebSocketClientTransport(hostSocketUrl(token), undefined, takeEarlySocket()), token }
}
