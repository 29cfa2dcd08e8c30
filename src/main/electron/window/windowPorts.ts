/**
 * The two MCP sessions of one window over MessagePorts (docs/architecture.md §1): the host session (the page is
 * the client) and the frontend-tools session (the page is the server). Every page load asks for a
 * fresh pair; the previous pair is closed so that a reload never leaves a session behind.
 * Written against the minimal port shape, so it is tested in Node without Electron.
 */
import type { Transport } from '@modelcontextprotocol/server'
import { PortTransport, emitterPort, type EmitterPortLike } from '../../../shared/portTransport'

/** One MessageChannel: main keeps `main`, the page receives `page`. */
export interface PortPair<PagePort> {
  main: EmitterPortLike
  page: PagePort
}

export interface WindowPortsOptions<PagePort> {
  /** Makes a channel (`new MessageChannelMain()` in Electron). */
  newPair(): PortPair<PagePort>
  /** Serves the host API on main's end of the host session (`host.connect`). */
  connectHost(transport: Transport): Promise<void>
  /** Receives main’s end of the frontend session; the host’s frontend extension connects to it (host.connectFrontend). */
  onFrontend?(transport: Transport): void
  /** A session that failed to start; the window keeps running. */
  onError(error: Error): void
}

export interface WindowPorts<PagePort> {
  /** Closes the current sessions and opens new ones; returns the page ends as `[host, frontend]`. */
  open(): [PagePort, PagePort]
  /** Closes the current sessions (window closed, renderer gone, app quitting). */
  close(): Promise<void>
}

export function createWindowPorts<PagePort>(options: WindowPortsOptions<PagePort>): WindowPorts<PagePort> {
  let current: Transport[] = []

  const closeCurrent = async () => {
    const closing = current
    current = []
    await Promise.all(closing.map((transport) => transport.close()))
  }

  return {
    open() {
      closeCurrent().catch(options.onError)
      const host = options.newPair()
      const frontend = options.newPair()
      const hostTransport = new PortTransport(emitterPort(host.main))
      const frontendTransport = new PortTransport(emitterPort(frontend.main))
      current = [hostTransport, frontendTransport]
      options.connectHost(hostTransport).catch(options.onError)
      options.onFrontend?.(frontendTransport)
      return [host.page, frontend.page]
    },
    close: closeCurrent,
  }
}
