/**
 * Electron: the preload posts `[hostPort, frontendPort]`; the frontend port is served once it has
 * arrived and `later` lets it (main.tsx: after the first draw). The frontend tools' MCP server loads on first use (its own chunk, out of the window's
 * first one); the port keeps its messages queued until the server's transport starts it.
 */
import { FRONTEND_PORT_INDEX, isPortsMessage } from '../../shared/portHandshake'

export function listenForFrontendPort(later: (work: () => void) => void = (work) => work()): void {
  window.addEventListener('message', (event: MessageEvent<unknown>) => {
    if (event.source !== window || !isPortsMessage(event.data)) return
    const port = event.ports[FRONTEND_PORT_INDEX]
    if (port) later(() => void import('./frontendServer').then(({ serveOnPort }) => serveOnPort(port)))
  })
}

/** Browser mode: serves the frontend tools over the `/frontend` WebSocket, loading them first. */
export function serveFrontendOverWebSocket(token: string): void {
  void import('./frontendServer').then(({ serveOverWebSocket }) => serveOverWebSocket(token))
}
