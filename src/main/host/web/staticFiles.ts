/**
 * Serves the built renderer: read-only, confined to one folder, with the app's CSP. Used by browser
 * mode's HTTP server and by the Electron shell's `app://` protocol, so both deliver the page alike.
 */
import type { IncomingMessage, ServerResponse } from 'node:http'
import { readFile, realpath } from 'node:fs/promises'
import { extname, join, normalize, sep } from 'node:path'
import { contentSecurityPolicy } from '../../../shared/csp'

const contentTypes: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
}

/** Resolves a request path inside `root`, or undefined when it would leave it. */
export function resolveInside(root: string, urlPath: string): string | undefined {
  let decoded: string
  try {
    decoded = decodeURIComponent(urlPath)
  } catch {
    return undefined
  }
  if (decoded.includes('\0')) return undefined
  const relative = normalize(decoded === '/' ? '/index.html' : decoded).replace(/^([/\\])+/, '')
  const full = join(root, relative)
  return full.startsWith(root.endsWith(sep) ? root : root + sep) ? full : undefined
}

/** Security headers for every renderer file (a file under /assets/ may be kept: cachingOf). */
export function rendererHeaders(connectSources: readonly string[] = [], frameSources: readonly string[] = []): Record<string, string> {
  return {
    'Content-Security-Policy': contentSecurityPolicy({ connectSources, frameSources }),
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'no-referrer',
    'Cache-Control': 'no-store',
  }
}

/**
 * The real path of a request path when it stays inside `root` after following symlinks (a link in
 * the served folder must not expose a file outside it), else undefined.
 */
async function realPathInside(root: string, urlPath: string): Promise<string | undefined> {
  const path = resolveInside(root, urlPath)
  if (!path) return undefined
  const [realRoot, real] = await Promise.all([realpath(root), realpath(path)]).catch(() => [undefined, undefined])
  if (!realRoot || !real) return undefined
  return real.startsWith(realRoot.endsWith(sep) ? realRoot : realRoot + sep) ? real : undefined
}

/** The file for a request path with its content type, or undefined when there is none inside `root`. */
export async function readRendererFile(root: string, urlPath: string): Promise<{ body: Buffer; contentType: string } | undefined> {
  const path = await realPathInside(root, urlPath)
  const body = path ? await readFile(path).catch(() => undefined) : undefined
  if (!path || !body) return undefined
  return { body, contentType: contentTypes[extname(path)] ?? 'application/octet-stream' }
}

/**
 * Files under /assets/ carry a hash of their contents in their name, so they never change under
 * one URL: the browser keeps them (and the compiled code of their scripts, its code cache) across
 * starts of the window. The page itself (index.html, which names the current files) is read anew.
 */
export function cachingOf(urlPath: string): Record<string, string> {
  return urlPath.startsWith('/assets/') ? { 'Cache-Control': 'public, max-age=31536000, immutable' } : {}
}

/**
 * `allowedHosts`: the `Host` values the server answers (its loopback host:port); any other gets 421,
 * so a page on a rebound DNS name cannot read the files through the person's browser.
 */
export function staticFileHandler(root: string, connectSources: string[], allowedHosts: readonly string[], frameSources: string[] = []) {
  const headers = rendererHeaders(connectSources, frameSources)
  return async (request: IncomingMessage, response: ServerResponse): Promise<void> => {
    if (!allowedHosts.includes(request.headers.host ?? '')) {
      response.writeHead(421, { ...headers, 'Content-Type': 'text/plain' }).end('Misdirected request: this server answers only its own loopback address.')
      return
    }
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      response.writeHead(405, headers).end()
      return
    }
    const path = new URL(request.url ?? '/', 'http://localhost').pathname
    const file = await readRendererFile(root, path)
    if (!file) {
      response.writeHead(404, { ...headers, 'Content-Type': 'text/plain' }).end('Not found')
      return
    }
    response.writeHead(200, { ...headers, ...cachingOf(path), 'Content-Type': file.contentType })
    response.end(request.method === 'HEAD' ? undefined : file.body)
  }
}
