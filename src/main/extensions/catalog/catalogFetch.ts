/**
 * Reads a whole list (tools, resources, templates, prompts) page by page, with bounds (F16): at most
 * `maxPages` pages and `maxItems` items, and a cursor seen before ends the loop.
 */
import { catalogLimits } from './catalogValidation'
import type { CatalogKind, ExtensionConnection } from '../connection/extensionConnection'

export interface FetchedList {
  items: unknown[]
  warnings: string[]
  /** The shortest `ttlMs` of its pages (2026-07-28); undefined when a page had none. */
  ttlMs?: number
}

export interface FetchLimits {
  maxPages?: number
  maxItems?: number
}

const kindLabel: Record<CatalogKind, string> = { tools: 'tools', resources: 'resources', resourceTemplates: 'resource templates', prompts: 'prompts' }

export async function fetchWholeList(connection: Pick<ExtensionConnection, 'listPage'>, kind: CatalogKind, limits: FetchLimits = {}): Promise<FetchedList> {
  const maxPages = limits.maxPages ?? 100
  const maxItems = limits.maxItems ?? catalogLimits.maxItemsPerList
  const items: unknown[] = []
  const warnings: string[] = []
  const seenCursors = new Set<string>()
  let cursor: string | undefined
  let ttlMs: number | undefined = Number.POSITIVE_INFINITY
  for (let page = 1; ; page++) {
    const { items: pageItems, nextCursor, ttlMs: pageTtl } = await connection.listPage(kind, cursor)
    ttlMs = pageTtl === undefined || ttlMs === undefined ? undefined : Math.min(ttlMs, pageTtl)
    const room = maxItems - items.length
    if (pageItems.length > room) {
      items.push(...pageItems.slice(0, room))
      warnings.push(`listed more than ${maxItems} ${kindLabel[kind]}; kept the first ${maxItems}`)
      break
    }
    items.push(...pageItems)
    if (nextCursor === undefined || nextCursor === null) break
    if (typeof nextCursor !== 'string') {
      warnings.push(`sent a ${kindLabel[kind]} page cursor that is not a string; stopped after page ${page}`)
      break
    }
    if (seenCursors.has(nextCursor)) {
      warnings.push(`repeated a ${kindLabel[kind]} page cursor; stopped after page ${page}`)
      break
    }
    if (page >= maxPages) {
      warnings.push(`offered more than ${maxPages} pages of ${kindLabel[kind]}; stopped there`)
      break
    }
    seenCursors.add(nextCursor)
    cursor = nextCursor
  }
  return { items, warnings, ttlMs: ttlMs === Number.POSITIVE_INFINITY ? undefined : ttlMs }
}
