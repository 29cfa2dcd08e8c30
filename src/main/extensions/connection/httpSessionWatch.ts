/**
 * What an HTTP status means for a streamable-HTTP session, decided where the request is known.
 * A 404 ends the session only when it answers a POST that carried the session id the server
 * issued (the spec's "session terminated"). The standalone GET event stream is optional: a server
 * that answers only POST may reply 404 (or anything else) there, and the session is fine — the SDK
 * reports that failure and carries on, and so do we, with one warning.
 */
import type { FetchLike } from '@modelcontextprotocol/client'

export interface SessionWatch {
  /** A POST carrying the server's session id was answered 404: the server forgot the session. */
  onSessionExpired: () => void
  /** The optional GET event stream was refused with this status (405 is the SDK's "not offered" and stays quiet). */
  onStreamRefused: (status: number) => void
}

/** The fetch the streamable-HTTP transport uses, reporting what its answers mean for the session. */
export function sessionWatchingFetch(watch: SessionWatch, base: FetchLike = fetch): FetchLike {
  return async (url, init) => {
    const response = await base(url, init)
    if (response.status < 400) return response // redirects are the SDK's to follow
    const method = (init?.method ?? 'GET').toUpperCase()
    if (method === 'GET' && response.status !== 405) watch.onStreamRefused(response.status)
    if (method === 'POST' && response.status === 404 && new Headers(init?.headers).has('mcp-session-id')) watch.onSessionExpired()
    return response
  }
}
