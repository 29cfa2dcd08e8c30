/**
 * The tool ranking as it was before issue 32's work on finding (commit 42033c4,
 * src/main/agent/toolSearch/toolIndex.ts), kept only so bench/toolSearch.ts can measure today's
 * ranking against it in the same run. Not used by the app.
 */
import MiniSearch from 'minisearch'
import { stemmer } from 'stemmer'
import type { CatalogTool } from '../../src/main/extensions'

const STOP_WORDS = new Set(['a', 'an', 'the', 'to', 'of', 'in', 'on', 'for', 'and', 'or', 'with', 'by', 'from', 'at', 'is', 'it', 'this', 'that', 'be', 'as', 'me', 'my', 'your', 'about', 'into'])

function words(text: string): string[] {
  return text
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length > 0)
}

function parameterText(schema: unknown): string {
  if (typeof schema !== 'object' || schema === null) return ''
  const properties = (schema as { properties?: unknown }).properties
  if (typeof properties !== 'object' || properties === null) return ''
  return Object.entries(properties as Record<string, unknown>)
    .map(([name, value]) => {
      const description = typeof value === 'object' && value !== null ? (value as { description?: unknown }).description : undefined
      return `${name} ${typeof description === 'string' ? description : ''}`
    })
    .join(' ')
}

/** search(query, limit) as the old index answered it. */
export function beforeIndex(tools: readonly CatalogTool[]): (query: string, limit: number) => CatalogTool[] {
  const byName = new Map(tools.map((tool) => [tool.name, tool]))
  const search = new MiniSearch<{ id: string; name: string; title: string; description: string; parameters: string; extension: string }>({
    fields: ['name', 'title', 'description', 'parameters', 'extension'],
    tokenize: words,
    processTerm: (term) => {
      const word = term.toLowerCase()
      return STOP_WORDS.has(word) ? null : stemmer(word)
    },
    searchOptions: {
      boost: { name: 3, title: 2, extension: 1.5, description: 1, parameters: 0.7 },
      prefix: (term) => term.length >= 3,
      fuzzy: (term) => (term.length >= 5 ? 0.2 : false),
      combineWith: 'OR',
    },
  })
  search.addAll(tools.map((tool) => ({ id: tool.name, name: tool.toolName, title: tool.title ?? '', description: tool.description, parameters: parameterText(tool.inputSchema), extension: tool.extensionName })))
  return (query, limit) =>
    search
      .search(query)
      .slice(0, limit)
      .flatMap((result) => {
        const tool = byName.get(String(result.id))
        return tool ? [tool] : []
      })
}
