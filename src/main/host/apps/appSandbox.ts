/**
 * Serves the App sandbox proxy pages (appSandboxPage.ts) from an origin that is neither the window's
 * nor any extension's: a second HTTP server on loopback in browser mode, or the `switchboard-app:`
 * protocol in Electron. Main registers each prepared App (its CSP and allowed permissions) and hands
 * the window an unguessable page address; the window cannot choose or loosen what a page applies.
 * The answer is a pure function of the request URL (`sandboxResponse`), tested without Electron.
 */
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { randomBytes } from 'node:crypto'
import { SANDBOX_SCRIPT, sandboxPageHtml } from './appSandboxPage'

import { APP_SANDBOX_ELECTRON_ORIGIN } from '../../../shared/csp'

/** The Electron scheme of the sandbox origin (registered as standard and secure). */
export const APP_SANDBOX_SCHEME = 'switchboard-app'
export const APP_SANDBOX_ORIGIN_ELECTRON = APP_SANDBOX_ELECTRON_ORIGIN

/** One registered page: the CSP header and the inner frame's `allow`. */
export interface SandboxPage {
  policy: string
  allow: string
}

/** How main prepares an App's page: returns the page address for the window's outer iframe. */
export interface AppSandboxPages {
  register(page: SandboxPage): string
  /** The sandbox origin (for the window's `frame-src`). */
  readonly origin: string
}

/** Pages kept at once; the oldest is forgotten first (a reload re-prepares its Apps). */
const MAX_PAGES = 500

const baseHeaders = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'Cache-Control': 'no-store',
  'Cross-Origin-Resource-Policy': 'same-origin',
}

export interface SandboxRegistry extends AppSandboxPages {
  /** The answer for one request to the sandbox origin. */
  respond(requestUrl: string, method?: string): Response
  /** Whether some App page now registered was allowed this Permissions Policy feature (e.g. `camera`) by the person. */
  allowsFeature(feature: string): boolean
}

/** `hostOrigins`: the window's origins, the only ones that may frame the proxy and talk to it. */
export function createSandboxRegistry(origin: string, hostOrigins: readonly string[]): SandboxRegistry {
  const pages = new Map<string, SandboxPage>()
  return {
    origin,
    register(page) {
      const id = randomBytes(16).toString('base64url')
      pages.set(id, page)
      if (pages.size > MAX_PAGES) pages.delete(pages.keys().next().value!)
      return `${origin}/app/${id}`
    },
    respond(requestUrl, method = 'GET') {
      let url: URL
      try {
        url = new URL(requestUrl)
      } catch {
        return new Response('Not found', { status: 404, headers: baseHeaders })
      }
      if (method !== 'GET' && method !== 'HEAD') return new Response(null, { status: 405, headers: baseHeaders })
      if (url.pathname === '/sandbox.js') {
        return new Response(method === 'HEAD' ? null : SANDBOX_SCRIPT, { status: 200, headers: { ...baseHeaders, 'Content-Type': 'text/javascript; charset=utf-8' } })
      }
      const match = /^\/app\/([A-Za-z0-9_-]{22})$/.exec(url.pathname)
      const page = match ? pages.get(match[1]!) : undefined
      if (!page) return new Response('This App page is no longer available; reload the window.', { status: 404, headers: { ...baseHeaders, 'Content-Type': 'text/plain' } })
      const headers = {
        ...baseHeaders,
        'Content-Type': 'text/html; charset=utf-8',
        // The App's policy, plus: only the window may frame this page (and the inner frame sits in it).
        'Content-Security-Policy': `${page.policy}; frame-ancestors 'self' ${hostOrigins.join(' ')}`,
      }
      return new Response(method === 'HEAD' ? null : sandboxPageHtml({ hostOrigins, allow: page.allow }), { status: 200, headers })
    },
    allowsFeature(feature) {
      for (const page of pages.values()) if (page.allow.split(';').some((item) => item.trim() === feature)) return true
      return false
    },
  }
}

export interface AppSandboxServer {
  registry: SandboxRegistry
  close(): Promise<void>
}

/**
 * Browser mode: the sandbox origin is a second loopback port, named `localhost` while the window is
 * at 127.0.0.1: another *site*, so Chromium runs Apps in a process of their own (site isolation) and
 * an App's work never blocks the window's main thread.
 */
export async function startAppSandboxServer(hostOrigins: readonly string[]): Promise<AppSandboxServer> {
  const http: Server = createServer()
  await new Promise<void>((resolve, reject) => {
    http.once('error', reject)
    http.listen(0, '127.0.0.1', () => resolve())
  })
  const origin = `http://localhost:${(http.address() as AddressInfo).port}`
  const registry = createSandboxRegistry(origin, hostOrigins)
  http.on('request', (request, response) => {
    const answer = registry.respond(new URL(request.url ?? '/', origin).href, request.method)
    response.writeHead(answer.status, Object.fromEntries(answer.headers))
    void answer.text().then((body) => response.end(request.method === 'HEAD' ? undefined : body))
  })
  return {
    registry,
    async close() {
      http.closeAllConnections()
      await new Promise<void>((resolve) => http.close(() => resolve()))
    },
  }
}
