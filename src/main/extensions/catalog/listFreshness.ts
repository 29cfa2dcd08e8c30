/**
 * How long each cached list stays fresh (2026-07-28 `ttlMs`, SEP-2549). A list without a ttl (every
 * 2025-11-25 server, and `ttlMs: 0`) is refreshed only by list_changed or a new session, as before;
 * a list with one is fetched again the first time the catalog is read after it expired (reads
 * still never wait for the network: they get the previous list meanwhile).
 *
 * `cacheScope` needs nothing here: each list is cached for one extension connection with one set of
 * credentials and never shared, so "public" and "private" lists are both used only where allowed.
 */
import { clientSdk } from '../mcpClient/clientSdk'

export class ListFreshness<K extends string> {
  private readonly expiry = new Map<string, { id: string; kind: K; at: number }>()
  private earliest = Number.POSITIVE_INFINITY

  constructor(private readonly now: () => number = Date.now) {}

  /** Records the ttl a fresh list came with (undefined or ≤ 0: no expiry). */
  note(id: string, kind: K, ttlMs: number | undefined): void {
    const key = `${id}\u0000${kind}`
    if (ttlMs === undefined || !(ttlMs > 0)) {
      this.expiry.delete(key)
      return
    }
    const at = this.now() + Math.min(ttlMs, clientSdk().MAX_CACHE_TTL_MS)
    this.expiry.set(key, { id, kind, at })
    this.earliest = Math.min(this.earliest, at)
  }

  forget(id: string): void {
    for (const [key, entry] of this.expiry) if (entry.id === id) this.expiry.delete(key)
  }

  /** The lists that expired since they were noted; each is reported once (noting it again re-arms it). */
  takeExpired(): { id: string; kind: K }[] {
    const now = this.now()
    if (now < this.earliest) return []
    const due: { id: string; kind: K }[] = []
    this.earliest = Number.POSITIVE_INFINITY
    for (const [key, entry] of this.expiry) {
      if (entry.at <= now) {
        due.push({ id: entry.id, kind: entry.kind })
        this.expiry.delete(key)
      } else this.earliest = Math.min(this.earliest, entry.at)
    }
    return due
  }
}
