/**
 * The MCP Apps sandbox proxy (the spec's double iframe): a page on an origin of its own (a second
 * loopback port in browser mode, the `switchboard-app:` scheme in Electron) that the window frames.
 * It announces itself, receives the App's HTML once, and loads it into an inner iframe that is
 * sandboxed WITHOUT `allow-same-origin` (an opaque origin: no storage, no access to this page, the
 * window, or other Apps). The App's CSP is this page's response header, which the inner `srcdoc`
 * document inherits, so the App's own HTML cannot loosen it. The proxy relays every message except
 * the `ui/notifications/sandbox-*` ones, only between the window (checked by origin and source) and
 * its own inner frame (checked by source); it makes no requests itself. The App's HTML gets the
 * WebRTC guard (appFrameGuard.ts) as its first script, and its declarative shadow roots become
 * plain templates (the guard could not see frames inside a closed one).
 *
 * It also bounds what an App can make the window do, before anything reaches the window's main
 * thread: a message larger than APP_MESSAGE_LIMITS.maxChars (as JSON) is dropped, and each App's
 * messages are rate-limited (a token bucket: a burst, then a steady rate; a large message costs
 * more). A dropped request is answered here with an error saying why; of the notifications held
 * back, the latest of each kind is delivered once the bucket has room (the App's last size change
 * is never lost). The proxy runs in the Apps' process, not the window's (another site).
 *
 * Hand-written: ext-apps ships the host bridge but no proxy page (its basic-host example is not
 * meant for production and writes the HTML into a same-origin inner frame).
 */

import { APP_FRAME_GUARD } from './appFrameGuard'

/** The inner frame's sandbox; fixed here, a `sandbox` sent by the window is ignored (never loosened). */
export const APP_INNER_SANDBOX = 'allow-scripts allow-forms'

/** What an App may send the window through its proxy. */
export const APP_MESSAGE_LIMITS = {
  /** The largest message, in characters of its JSON (a file an App saves travels in it as base64). */
  maxChars: 2 * 1024 * 1024,
  /** Messages an App may send at once… */
  burst: 40,
  /** …and per second after that. */
  perSecond: 40,
  /** A message counts once more for each this many characters, so large ones are fewer (the largest counts 33, within a burst). */
  charsPerMessage: 64 * 1024,
} as const

/** JSON-RPC "server error": the proxy did not deliver the request. */
export const NOT_DELIVERED = -32000

/** What the proxy page needs to know, baked in by the server (never taken from the window at run time). */
export interface SandboxPageConfig {
  /** Origins of the window allowed to talk to this proxy. */
  hostOrigins: readonly string[]
  /** The inner frame's `allow` attribute (only the permissions the person allowed). */
  allow: string
}

/** The proxy's script, served from the proxy origin as `/sandbox.js` (the page's CSP allows 'self' scripts). */
export const SANDBOX_SCRIPT = `(() => {
  'use strict'
  const config = JSON.parse(document.getElementById('sandbox-config').textContent)
  const hosts = config.hostOrigins
  const SANDBOX_PREFIX = 'ui/notifications/sandbox-'
  let inner = null
  const toHost = (message) => { for (const origin of hosts) window.parent.postMessage(message, origin) }
  const GUARD = ${JSON.stringify(`<script>${APP_FRAME_GUARD}</script>`)}
  const withoutDeclarativeShadowRoots = (html) => {
    if (!/shadowrootmode/i.test(html)) return html
    // DOMParser makes no shadow roots: each declarative one is still a <template shadowrootmode> there.
    const parsed = new DOMParser().parseFromString(html, 'text/html')
    let found = false
    const visit = (root) => {
      for (const template of root.querySelectorAll('template')) {
        if (template.hasAttribute('shadowrootmode')) {
          template.removeAttribute('shadowrootmode')
          found = true
        }
        visit(template.content)
      }
    }
    visit(parsed)
    if (!found) return html
    return (parsed.doctype ? new XMLSerializer().serializeToString(parsed.doctype) : '') + parsed.documentElement.outerHTML
  }
  /** The guard goes first, after the doctype (before it, the App would render in quirks mode). */
  const guarded = (html) => {
    const safe = withoutDeclarativeShadowRoots(html)
    const doctype = /^\\uFEFF?(?:\\s|<!--[\\s\\S]*?-->)*<!doctype[^>]*>/i.exec(safe)
    const at = doctype ? doctype[0].length : 0
    return safe.slice(0, at) + GUARD + safe.slice(at)
  }
  const LIMITS = ${JSON.stringify(APP_MESSAGE_LIMITS)}
  const megabytes = (chars) => (chars / 1048576).toFixed(1) + ' MB'
  let tokens = LIMITS.burst
  let refilled = performance.now()
  /** Takes a message's cost from the bucket (refilled at the steady rate), or says it does not fit. */
  const take = (cost) => {
    const now = performance.now()
    tokens = Math.min(LIMITS.burst, tokens + ((now - refilled) / 1000) * LIMITS.perSecond)
    refilled = now
    if (tokens < cost) return false
    tokens -= cost
    return true
  }
  const sizeOf = (data) => {
    try {
      return typeof data === 'string' ? data.length : JSON.stringify(data).length
    } catch {
      return Infinity
    }
  }
  let warned = false
  const isRequest = (data) => data && typeof data === 'object' && typeof data.method === 'string' && (typeof data.id === 'string' || typeof data.id === 'number')
  /** Why the App's message was not delivered: an error answer to a request, a console warning for anything else. */
  const notDelivered = (data, message) => {
    if (isRequest(data)) {
      inner.contentWindow.postMessage({ jsonrpc: '2.0', id: data.id, error: { code: ${NOT_DELIVERED}, message } }, '*')
    } else if (!warned) {
      warned = true
      console.warn('Switchboard: ' + message)
    }
  }
  /** Notifications held back for lack of room, the latest of each method (a few methods at most); they may arrive after later requests. */
  const heldBack = new Map()
  let flushing = null
  const flushLater = () => {
    if (flushing) return
    flushing = setTimeout(() => {
      flushing = null
      for (const [method, { data, cost }] of heldBack) {
        if (!take(cost)) return flushLater()
        heldBack.delete(method)
        toHost(data)
      }
    }, 1000 / LIMITS.perSecond)
  }
  /** The App's message goes to the window only within the limits (the window's main thread never sees the rest). */
  const fromApp = (data) => {
    const size = sizeOf(data)
    if (size > LIMITS.maxChars) {
      return notDelivered(data, 'The message was not delivered: it is ' + (size === Infinity ? 'not JSON' : megabytes(size)) + ', more than the ' + megabytes(LIMITS.maxChars) + ' an App may send at once. Send less at a time.')
    }
    const cost = 1 + Math.floor(size / LIMITS.charsPerMessage)
    const method = methodOf(data)
    const notification = method !== '' && !isRequest(data)
    // A notification behind one of its kind that waits for room takes its place: only the latest counts.
    if (notification && heldBack.has(method)) return void heldBack.set(method, { data, cost })
    if (take(cost)) return toHost(data)
    if (notification && heldBack.size < 8) {
      heldBack.set(method, { data, cost })
      return flushLater()
    }
    notDelivered(data, 'The message was not delivered: the App sent more than its window takes (' + LIMITS.burst + ' messages at once, then ' + LIMITS.perSecond + ' a second; large ones count more). Wait a moment and send it again.')
  }
  const methodOf = (data) => (data && typeof data === 'object' && typeof data.method === 'string' ? data.method : '')
  const load = (params) => {
    if (inner || !params || typeof params.html !== 'string') return
    inner = document.createElement('iframe')
    inner.setAttribute('sandbox', ${JSON.stringify(APP_INNER_SANDBOX)})
    if (config.allow) inner.setAttribute('allow', config.allow)
    inner.setAttribute('title', 'App')
    inner.srcdoc = guarded(params.html)
    document.body.appendChild(inner)
  }
  window.addEventListener('message', (event) => {
    const method = methodOf(event.data)
    if (event.source === window.parent) {
      if (!hosts.includes(event.origin)) return
      if (method === SANDBOX_PREFIX + 'resource-ready') return load(event.data.params)
      if (method.startsWith(SANDBOX_PREFIX)) return
      if (inner && inner.contentWindow) inner.contentWindow.postMessage(event.data, '*')
      return
    }
    if (inner && event.source === inner.contentWindow && !method.startsWith(SANDBOX_PREFIX)) fromApp(event.data)
  })
  toHost({ jsonrpc: '2.0', method: SANDBOX_PREFIX + 'proxy-ready', params: {} })
})()
`

const escapeJsonForScript = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c')

/** The proxy page; its configuration travels as inert JSON, read by the script. */
export function sandboxPageHtml(config: SandboxPageConfig): string {
  return `<!doctype html>
<html><head><meta charset="utf-8"><title>App sandbox</title>
<style>html,body{margin:0;padding:0;height:100%;overflow:hidden;background:transparent}iframe{border:0;width:100%;height:100%;display:block}</style>
<script id="sandbox-config" type="application/json">${escapeJsonForScript({ hostOrigins: config.hostOrigins, allow: config.allow })}</script>
<script src="/sandbox.js"></script>
</head><body></body></html>`
}
