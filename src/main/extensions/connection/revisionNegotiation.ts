/**
 * The protocol-revision side of a connection: which revisions we offer a server, what we remember
 * about the one it chose, and what a 2026-07-28 session asks for after connecting.
 *
 * stdio and streamable HTTP servers are negotiated (SDK v2 `versionNegotiation: 'auto'`): a
 * `server/discover` probe, 2026-07-28 when the server answers it, 2025-11-25 `initialize`
 * otherwise. Our stdio transport is a subclass of the SDK's, so the probe runs in place on the one
 * child (no throwaway sibling process); a remembered verdict skips it altogether. Legacy SSE,
 * builtins and the window stay on 2025-11-25 (SSE is an old-revision transport; the in-process
 * pairs are 2025-era by construction).
 */
import type { Client, ClientOptions, PriorDiscovery, ServerCapabilities, SubscriptionFilter } from '@modelcontextprotocol/client'
import type { ExtensionConfig } from '../config/extensionConfig'
import { revisionFingerprint } from './revisionCache'

/** The latest revision we speak; the one a modern session runs on. */
export const MODERN_REVISION = '2026-07-28'
/** Rounds of `input_required` one tool call, prompt or read may take before it fails (spec: bound them yourself). */
export const MAX_INPUT_ROUNDS = 8

/** Whether this kind of extension is negotiated at all (the others always speak 2025-11-25). */
export function negotiates(config: ExtensionConfig): boolean {
  return revisionFingerprint(config) !== undefined
}

/**
 * Client options for the revision: negotiation for stdio and streamable HTTP. A silent legacy
 * stdio server costs the probe timeout once (then the verdict is remembered), so it is kept short,
 * and well inside the init timeout so `initialize` still fits after it.
 */
export function revisionOptions(config: ExtensionConfig): Pick<ClientOptions, 'versionNegotiation' | 'inputRequired'> {
  const inputRequired = { maxRounds: MAX_INPUT_ROUNDS }
  if (!negotiates(config)) return { inputRequired }
  const timeoutMs = Math.max(200, Math.min(3000, Math.floor(config.timeouts.initMs / 3)))
  return { inputRequired, versionNegotiation: { mode: 'auto', probe: { timeoutMs } } }
}

/** What to remember about a connected server, or undefined when its kind is not negotiated. */
export function verdictOf(client: Client, config: ExtensionConfig): PriorDiscovery | undefined {
  if (!negotiates(config)) return undefined
  const discover = client.getProtocolEra() === 'modern' ? client.getDiscoverResult() : undefined
  return discover ? { kind: 'modern', discover } : { kind: 'legacy' }
}

/** On a 2026-07-28 session, change notifications come only on a listen stream: ask for the lists the server says change. */
export function listenFilter(capabilities: ServerCapabilities): SubscriptionFilter | undefined {
  const filter: SubscriptionFilter = {}
  if (capabilities.tools?.listChanged) filter.toolsListChanged = true
  if (capabilities.prompts?.listChanged) filter.promptsListChanged = true
  if (capabilities.resources?.listChanged) filter.resourcesListChanged = true
  return Object.keys(filter).length > 0 ? filter : undefined
}
