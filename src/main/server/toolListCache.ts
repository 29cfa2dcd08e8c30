/**
 * The host's `tools/list` answer, built once and shared by every connection. The SDK builds it on
 * every call, converting each app tool's zod schemas to JSON Schema (17–45 ms for the host's
 * tools), so a client repeating `tools/list` could hold the event loop — and every other client —
 * for seconds. The host's tools are registered identically on each connection's server and never
 * change afterwards, so the first answer stays right for the host's lifetime.
 */
import type { McpServer } from '@modelcontextprotocol/server'

/** One per host: the list once built, and how many times it was (1 after the first request). */
export interface ToolListCache {
  list?: Promise<unknown>
  builds: number
}

export function createToolListCache(): ToolListCache {
  return { builds: 0 }
}

/**
 * Makes `server` answer `tools/list` from `cache`, built by the SDK's own handler the first time.
 * Call before registering the first tool: McpServer installs its handler then, and this wraps it
 * (the SDK offers no other way to reuse its answer).
 */
export function answerToolListFrom(server: McpServer, cache: ToolListCache): void {
  const inner = server.server
  const install = inner.setRequestHandler.bind(inner)
  // The SDK types setRequestHandler per method (two overloads); one wrapper serves every method and passes the others through unchanged.
  const installAny = install as (method: string, ...rest: unknown[]) => void
  inner.setRequestHandler = ((method: string, ...rest: unknown[]) => {
    if (method !== 'tools/list' || rest.length !== 1) return installAny(method, ...rest)
    const handler = rest[0] as (...args: unknown[]) => unknown
    return installAny(method, (...args: unknown[]) => {
      if (!cache.list) {
        cache.builds++
        cache.list = Promise.resolve(handler(...args))
        // A failed build is not kept: the next request tries again.
        cache.list.catch(() => (cache.list = undefined))
      }
      return cache.list
    })
  }) as typeof inner.setRequestHandler
}
