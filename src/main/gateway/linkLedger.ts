/**
 * The resources each connected app was linked to by its tool results (an agent's progress and
 * history): the only resources it may read, or hand to an agent. Bounded per app; the oldest links go first.
 */
import { agentIdOfExtension } from '../../shared/agentsApi'

/** `host` for the host's own session resources, else the extension that linked it. */
export type LinkSource = 'host' | string

export const MAX_LINKS_PER_APP = 200

export interface LinkLedger {
  add(appId: string, uri: string, source: LinkSource): void
  source(appId: string, uri: string): LinkSource | undefined
  /**
   * Whether the app may read `uri` of the extension `extensionId` (to attach it for an agent): a
   * link from that extension, or a host session link, which the agent servers serve too.
   */
  mayRead(appId: string, extensionId: string, uri: string): boolean
  list(appId: string): string[]
  forget(appId: string): void
}

export function createLinkLedger(): LinkLedger {
  const byApp = new Map<string, Map<string, LinkSource>>()
  return {
    add(appId, uri, source) {
      const links = byApp.get(appId) ?? new Map<string, LinkSource>()
      byApp.set(appId, links)
      links.delete(uri)
      links.set(uri, source)
      if (links.size > MAX_LINKS_PER_APP) links.delete(links.keys().next().value!)
    },
    source: (appId, uri) => byApp.get(appId)?.get(uri),
    mayRead(appId, extensionId, uri) {
      const source = byApp.get(appId)?.get(uri)
      return source === extensionId || (source === 'host' && agentIdOfExtension(extensionId) !== undefined)
    },
    list: (appId) => [...(byApp.get(appId)?.keys() ?? [])],
    forget: (appId) => void byApp.delete(appId),
  }
}
