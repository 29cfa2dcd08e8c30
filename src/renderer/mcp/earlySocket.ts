/**
 * Browser mode: the page's access token, and the host WebSocket opened the moment the page's
 * script starts. main.tsx imports this module first, so the socket's handshake with the host runs
 * while the rest of the first chunk (React, the SDK, the contract's schemas) is still evaluating;
 * the host client's first connection adopts it (`takeEarlySocket`). No imports: it must evaluate
 * before everything else.
 */

const TOKEN_KEY = 'switchboard.token'
const SUBPROTOCOL = 'mcp'

export function isElectron(): boolean {
  return navigator.userAgent.includes('Electron')
}

/** Moves `?token=` from the address bar into sessionStorage, so that a reload still works. */
function takeToken(): string | null {
  const url = new URL(location.href)
  const fromAddress = url.searchParams.get('token')
  let stored: string | null = null
  try {
    if (fromAddress) sessionStorage.setItem(TOKEN_KEY, fromAddress)
    stored = sessionStorage.getItem(TOKEN_KEY)
  } catch {
    // Storage can be disabled; the token then lives only as long as this page.
  }
  if (fromAddress) {
    url.searchParams.delete('token')
    history.replaceState(history.state, '', url.pathname + url.search + url.hash)
  }
  return fromAddress ?? stored
}

/** The host session's address for this page, carrying the access token. */
export function hostSocketUrl(token: string): URL {
  const url = new URL('/mcp?token=' + encodeURIComponent(token), location.href)
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:'
  return url
}

const inPage = typeof window !== 'undefined'

/** The access token in browser mode (taken once per page load), null without one or in Electron. */
export const browserToken: string | null = inPage && !isElectron() ? takeToken() : null

let early: WebSocket | undefined = browserToken ? new WebSocket(hostSocketUrl(browserToken), SUBPROTOCOL) : undefined

/** The socket opened at page start, once (the first connection attempt); later attempts open their own. */
export function takeEarlySocket(): WebSocket | undefined {
  const socket = early
  early = undefined
  return socket
}
