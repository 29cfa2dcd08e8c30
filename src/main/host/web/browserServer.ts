/** Browser mode: the built renderer over HTTP and the two MCP sessions over WebSocket, on loopback only. */
import { createServer, type IncomingMessage } from 'node:http'
import type { Duplex } from 'node:stream'
import type { AddressInfo } from 'node:net'
import type { WebSocket, WebSocketServer } from 'ws'
import { DEFAULT_MAX_FRAME_BYTES } from '../../../shared/frames'
import { log } from '../../log/log'
import { WebSocketServerTransport } from './webSocketTransport'
import { newAccessToken, ownOrigins, refusalReason } from './access'
import { staticFileHandler } from './staticFiles'
import type { Host } from '../createHost'
import { startAppSandboxServer } from '../apps/appSandbox'

export const MCP_PATH = '/mcp'
export const FRONTEND_PATH = '/frontend'

export interface BrowserServerOptions {
  host: Host
  /** Folder of the built renderer (`out/renderer`). */
  rendererDir: string
  port?: number
  token?: string
  maxFrameBytes?: number
  /** Receives the frontend-tools session (the page is its MCP server); by default the host's frontend extension. */
  onFrontend?: (transport: WebSocketServerTransport) => void
}

export interface BrowserServer {
  url: string
  mcp: string
  frontend: string
  token: string
  /** Loads what WebSocket connections need (call once the host has said it is ready; a connection waits for it anyway). */
  prepare(): void
  close(): Promise<void>
}

export async function startBrowserServer(options: BrowserServerOptions): Promise<BrowserServer> {
  const token = options.token ?? newAccessToken()
  const maxFrameBytes = options.maxFrameBytes ?? DEFAULT_MAX_FRAME_BYTES
  const http = createServer()
  // ws (its CommonJS files, zlib) loads once the host serves, not before it: the window's first
  // connection comes a page load later (bench/startup.ts). prepare() starts the load; a connection
  // that comes first waits for it.
  let webSockets: Promise<WebSocketServer> | undefined
  let wss: WebSocketServer | undefined
  const webSocketServer = () =>
    (webSockets ??= import('ws').then(({ WebSocketServer }) => {
      // ws closes a connection whose message exceeds maxPayload; frames between our cap and this bound are
      // dropped by the transport with a logged reason and the session survives. The bound keeps memory finite.
      wss = new WebSocketServer({
        noServer: true,
        maxPayload: maxFrameBytes * 2,
        handleProtocols: (protocols) => (protocols.has('mcp') ? 'mcp' : false),
      })
      return wss
    }))
  await new Promise<void>((resolve, reject) => {
    http.once('error', reject)
    http.listen(options.port ?? 0, '127.0.0.1', () => resolve())
  })
  const port = (http.address() as AddressInfo).port
  const origin = `http://127.0.0.1:${port}`
  // MCP Apps run on a second loopback port: an origin that is neither this page's nor an extension's.
  const sandbox = await startAppSandboxServer(ownOrigins(port))
  options.host.services.apps.setSandbox(sandbox.registry)
  const ownHosts = ownOrigins(port).map((own) => new URL(own).host)
  http.on('request', staticFileHandler(options.rendererDir, [`ws://127.0.0.1:${port}`, `ws://localhost:${port}`], ownHosts, [sandbox.registry.origin]))

  const refuse = (socket: Duplex, status: string, reason: string) => {
    log('warn', 'browser-mode', `Refused a WebSocket connection: ${reason}`)
    socket.end(`HTTP/1.1 ${status}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`)
  }
  http.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    socket.on('error', () => socket.destroy())
    const path = new URL(request.url ?? '/', origin).pathname
    if (path !== MCP_PATH && path !== FRONTEND_PATH) return refuse(socket, '404 Not Found', `unknown path ${path}`)
    const reason = refusalReason(request, token, port)
    if (reason) return refuse(socket, reason.includes('token') ? '401 Unauthorized' : '403 Forbidden', reason)
    const accept = (ws: WebSocket) => {
      const transport = new WebSocketServerTransport(ws, maxFrameBytes)
      if (path === MCP_PATH) {
        options.host.connect(transport, 'ws').catch((error: Error) => log('error', 'browser-mode', `Host session failed: ${error.message}`))
      } else {
        // The page is the MCP server here; the frontend extension holds the client side.
        ;(options.onFrontend ?? options.host.connectFrontend)(transport)
      }
    }
    webSocketServer().then(
      (server) => server.handleUpgrade(request, socket, head, accept),
      (error: Error) => refuse(socket, '500 Internal Server Error', `WebSockets could not be loaded: ${error.message}`),
    )
  })

  return {
    url: `${origin}/`,
    mcp: `ws://127.0.0.1:${port}${MCP_PATH}`,
    frontend: `ws://127.0.0.1:${port}${FRONTEND_PATH}`,
    token,
    prepare: () => void webSocketServer(),
    async close() {
      for (const client of wss?.clients ?? []) client.terminate()
      wss?.close()
      http.closeAllConnections()
      options.host.services.apps.setSandbox(undefined)
      await Promise.all([new Promise<void>((resolve) => http.close(() => resolve())), sandbox.close()])
    },
  }
}
