/**
 * The sandboxed preload. It hands the two MessagePorts from main to the page and does nothing else:
 * no contextBridge API, so the page's only way to reach main is the MCP sessions on those ports.
 */
import { ipcRenderer } from 'electron'
import { PORTS_MESSAGE, PORTS_REQUEST, portsTargetOrigin } from '../shared/portHandshake'

/**
 * The slice of the page's DOM used here. The preload is compiled with the Node project (no DOM lib),
 * and pulling the DOM lib into that project would let main code use browser globals unnoticed.
 */
interface PreloadGlobals {
  location: { origin: string }
  document: { readyState: string }
  postMessage(message: unknown, targetOrigin: string, transfer: readonly unknown[]): void
  addEventListener(type: 'DOMContentLoaded', listener: () => void, options: { once: true }): void
}
const page = globalThis as unknown as PreloadGlobals

// Posted to our own window from the isolated world, the ports arrive in the page's world with
// `event.source === window`; see portsTargetOrigin for the file:// origin.
ipcRenderer.on(PORTS_MESSAGE, (event) => {
  page.postMessage({ type: PORTS_MESSAGE }, portsTargetOrigin(page.location.origin), event.ports)
})

// Ask only once the DOM is ready: the page's scripts (module scripts run before DOMContentLoaded)
// have registered their `message` listener by then, so the ports are not posted into the void.
const requestPorts = () => ipcRenderer.send(PORTS_REQUEST)
if (page.document.readyState === 'loading') page.addEventListener('DOMContentLoaded', requestPorts, { once: true })
else requestPorts()
