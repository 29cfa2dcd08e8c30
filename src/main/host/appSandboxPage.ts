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
 * Hand-written: ext-apps ships the host bridge but no proxy page (its basic-host example is not
 * meant for production and writes the HTML into a same-origin inner frame).
 */

import { APP_FRAME_GUARD } from './appFrameGuard'

/** The inner frame's sandbox; fixed here, a `sandbox` sent by the window is ignored (never loosened). */
export const APP_INNER_SANDBOX = 'allow-scripts allow-forms'

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
    if (inner && event.source === inner.contentWindow && !method.startsWith(SANDBOX_PREFIX)) toHost(event.data)
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
