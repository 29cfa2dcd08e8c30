/**
 * The handshake that gives the page its two MessagePorts in Electron (docs/architecture.md §1).
 * Preload and renderer both import these names so that they cannot drift apart.
 *
 * 1. preload → main (IPC): `PORTS_REQUEST` once the DOM is ready.
 * 2. main → preload (IPC): `PORTS_MESSAGE` carrying `[hostPort, frontendPort]`.
 * 3. preload → page: `window.postMessage({ type: PORTS_MESSAGE }, portsTargetOrigin(location.origin), ports)`.
 *    The page accepts it only when `event.source === window` and `isPortsMessage(event.data)`.
 */

/** IPC channel the preload sends on to ask main for a fresh pair of sessions. */
export const PORTS_REQUEST = 'switchboard:ready'

/** IPC channel main answers on, and the `type` of the window message the page receives. */
export const PORTS_MESSAGE = 'switchboard:ports'

/** Index of the host session's port (the page is the MCP client). */
export const HOST_PORT_INDEX = 0

/** Index of the frontend-tools session's port (the page is the MCP server). */
export const FRONTEND_PORT_INDEX = 1

export interface PortsMessage {
  type: typeof PORTS_MESSAGE
}

/** True for the data of the window message that carries the ports. */
export function isPortsMessage(data: unknown): data is PortsMessage {
  return typeof data === 'object' && data !== null && (data as { type?: unknown }).type === PORTS_MESSAGE
}

/**
 * The `targetOrigin` for posting the ports to our own window.
 * A page loaded from file:// has the opaque origin "null", which `postMessage` cannot name (it would
 * throw), so only then we fall back to '*'. That is safe here because the target is the very window
 * the preload runs in, never another one, and the page cannot navigate away (main denies navigation);
 * targetOrigin only guards against the target window showing a different document at delivery time.
 */
export function portsTargetOrigin(origin: string): string {
  return origin === 'null' ? '*' : origin
}
