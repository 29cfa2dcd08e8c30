/**
 * The window's frontend-tools session as the `frontend` extension sees it. A window (Electron port
 * or the `/frontend` WebSocket) hands over main's end of a fresh session on every page load; the
 * extension takes it once when it connects. A transport is never handed out twice: a Client that
 * closed it cannot start it again, and an old one would only fail and trigger restarts.
 *
 * One window serves the tools at a time. A session that arrives while another is live (a second
 * browser tab) waits as a standby and takes over when the live one ends; it does not steal the
 * live one, which would make two tabs take turns forever.
 */
import type { Transport } from '@modelcontextprotocol/server'
import type { FrontendTransportSource } from '../../extensions/connection/transports'
import { observed } from '../observedTransport'

export interface FrontendLink {
  /** What the extension manager calls when the frontend extension connects. */
  readonly source: FrontendTransportSource
  /** A window connected (or reloaded): keep its session and let the frontend extension connect to it. */
  attach(transport: Transport): void
}

/** `onWindow` runs whenever a session is ready to be taken; the host restarts the enabled frontend extensions there. */
export function createFrontendLink(onWindow: () => void): FrontendLink {
  let waiting: Transport | undefined
  let live: Transport | undefined

  const source: FrontendTransportSource = () => {
    const transport = waiting
    waiting = undefined
    if (!transport) return undefined
    const wrapped = observed(transport, {
      onClosed: () => {
        if (live !== wrapped) return
        live = undefined
        if (waiting) onWindow()
      },
    })
    live = wrapped
    return wrapped
  }

  return {
    source,
    attach(transport) {
      // A session nobody took yet belongs to a page that is gone or was replaced.
      const stale = waiting
      waiting = transport
      if (stale) void stale.close().catch(() => {})
      if (!live) onWindow()
    },
  }
}

/** The part of the extension manager that reconnects frontend extensions. */
export interface FrontendRestarter {
  list(): { id: string; type: string; enabled: boolean }[]
  restart(id: string): Promise<{ ok: boolean }>
}

/** A window came (back): every enabled frontend extension connects to it; a disabled one waits for the person. */
export function restartFrontendExtensions(manager: FrontendRestarter): void {
  for (const extension of manager.list()) {
    if (extension.type === 'frontend' && extension.enabled) void manager.restart(extension.id)
  }
}
