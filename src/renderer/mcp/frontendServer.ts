/**
 * The frontend tools: an MCP server that lives in the page (docs/architecture.md §1). Main connects to it as
 * the `frontend` extension, so its tools enter the same catalog and pass the same permission
 * inspector as any other tool. Electron hands the page a second MessagePort for it; browser mode
 * uses the `/frontend` WebSocket. When main ends the session (the extension was restarted,
 * disabled, or another tab serves the tools) a browser page offers a fresh one after a pause.
 */
import { McpServer } from '@modelcontextprotocol/server'
import type { Transport } from '@modelcontextprotocol/server'
import { PortTransport, domPort } from '../../shared/portTransport'
import { PageSocketTransport, frontendSocketUrl } from './frontendSocket'
import { registerCopyToClipboard } from './frontendTools/copyToClipboard'
import { registerRenderChart } from './frontendTools/renderChart'
import { registerShowNotification } from './frontendTools/showNotification'

/** A fresh server with every frontend tool; one per session (an McpServer connects once). */
export function createFrontendServer(version = '1.0.0'): McpServer {
  const server = new McpServer(
    { name: 'switchboard-window', title: 'App window', version },
    { instructions: 'Tools of the Switchboard window the person is looking at: charts drawn inline in the conversation, desktop notifications, the clipboard.' },
  )
  registerRenderChart(server)
  registerShowNotification(server)
  registerCopyToClipboard(server)
  return server
}

/** How long a browser page waits before offering a new session; doubles while sessions keep failing. */
const FIRST_RETRY_MS = 1_000
const MAX_RETRY_MS = 30_000
/** A session that lasted this long was a good one: the next retry starts from the first delay again. */
const STABLE_MS = 10_000

/** Serves the frontend tools over `/frontend` and offers a new session whenever one ends; returns `stop`. */
export function serveOverWebSocket(token: string, onProblem: (message: string) => void = () => {}): () => void {
  let stopped = false
  let delay = FIRST_RETRY_MS
  let timer: ReturnType<typeof setTimeout> | undefined
  let current: McpServer | undefined

  const connect = async () => {
    if (stopped) return
    const server = createFrontendServer()
    current = server
    const began = Date.now()
    let used = false
    const transport = new PageSocketTransport(frontendSocketUrl(token))
    server.server.oninitialized = () => {
      used = true
    }
    server.server.onclose = () => {
      // Closed before main ever used it: another tab's session replaced this one. Stand by quietly
      // instead of taking turns with that tab.
      if (!used) delay = MAX_RETRY_MS
      else if (Date.now() - began >= STABLE_MS) delay = FIRST_RETRY_MS
      retry()
    }
    try {
      await server.connect(transport)
    } catch (error) {
      onProblem(error instanceof Error ? error.message : String(error))
      retry()
    }
  }
  const retry = () => {
    if (stopped || timer) return
    timer = setTimeout(() => {
      timer = undefined
      void connect()
    }, delay)
    delay = Math.min(delay * 2, MAX_RETRY_MS)
  }

  void connect()
  const stop = () => {
    stopped = true
    clearTimeout(timer)
    void current?.close()
  }
  // Leaving the page ends the session at once, so main fails pending calls now (F19) rather than on a timeout.
  window.addEventListener('pagehide', stop, { once: true })
  return stop
}

/** Serves the frontend tools on one Electron MessagePort (a new one arrives with every page load). */
export function serveOnPort(port: MessagePort): McpServer {
  const server = createFrontendServer()
  const transport: Transport = new PortTransport(domPort(port))
  void server.connect(transport)
  return server
}
