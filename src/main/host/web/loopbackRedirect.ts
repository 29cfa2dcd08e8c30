/**
 * The loopback redirect of a sign-in (RFC 8252 §7.3): a listener on 127.0.0.1 at a port the OS
 * picks, answering exactly one request to /callback with a page that says the tab can be closed,
 * then closing. Other paths get 404 and leave it open (a browser asks for /favicon.ico). It never
 * logs the query (it carries the authorization code).
 */
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { LoopbackRedirect } from '../../extensions/auth/authTypes'

const CALLBACK_PATH = '/callback'

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`)

function page(serverName: string): string {
  const name = escapeHtml(serverName)
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Switchboard: back to the app</title>
<style>body{font:16px system-ui,sans-serif;max-width:32rem;margin:4rem auto;padding:0 1rem;color:#18181b}h1{font-size:1.25rem}</style></head>
<body><h1>Switchboard received the answer from ${name}.</h1><p>You can close this tab and go back to Switchboard, which shows whether the sign-in worked.</p></body></html>`
}

/** Opens a one-shot listener; `callback` settles with the query of the first request to /callback. */
export async function openLoopbackRedirect(serverName: string): Promise<LoopbackRedirect> {
  let deliver!: (params: URLSearchParams) => void
  const callback = new Promise<URLSearchParams>((resolve) => (deliver = resolve))
  let answered = false
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1')
    if (request.method !== 'GET' || url.pathname !== CALLBACK_PATH || answered) {
      response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found.')
      return
    }
    answered = true
    response.writeHead(200, {
      'content-type': 'text/html; charset=utf-8',
      'cache-control': 'no-store',
      'referrer-policy': 'no-referrer',
      'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'",
      connection: 'close',
    })
    response.end(page(serverName), () => void close())
    deliver(url.searchParams)
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => resolve())
  })
  const { port } = server.address() as AddressInfo
  let closing: Promise<void> | undefined
  const close = () => {
    closing ??= new Promise<void>((resolve) => {
      server.close(() => resolve())
      server.closeIdleConnections()
      // A browser that keeps its connection open must not keep the port open.
      setTimeout(() => server.closeAllConnections(), 1000).unref()
    })
    return closing
  }
  return { redirectUrl: `http://127.0.0.1:${port}${CALLBACK_PATH}`, callback, close }
}
