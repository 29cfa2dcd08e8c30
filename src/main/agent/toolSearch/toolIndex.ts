/**
 * Full-text ranking over the catalog for `find_tools`: MiniSearch (BM25+) over each tool's name
 * words, title, description, parameter names and descriptions, and its extension's name; words are
 * lower-cased and Porter-stemmed ("numbers" finds "number", "listing" finds "list"). One index
 * per catalog version (the catalog array is replaced whenever a list changes), built on first use.
 */
import MiniSearch from 'minisearch'
import { stemmer } from 'stemmer'
import type { CatalogTool } from '../../extensions'
import { visibleToModel } from '../../../shared/appMeta'

/** Words that match nearly every description and say nothing about which tool is meant. */
const STOP_WORDS = new Set(['a', 'an', 'the', 'to', 'of', 'in', 'on', 'for', 'and', 'or', 'with', 'by', 'from', 'at', 'is', 'it', 'this', 'that', 'be', 'as', 'me', 'my', 'your', 'about', 'into'])

interface ToolDocument {
  id: string
  name: string
  title: string
  description: string
  parameters: string
  extension: string
}

/** Names are often snake_case or camelCase: "createIssue" and "create_issue" both give "create issue". */
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

function documentOf(tool: CatalogTool): ToolDocument {
  return {
    id: tool.name,
    name: tool.toolName,
    title: tool.title ?? '',
    description: tool.description,
    parameters: parameterText(tool.inputSchema),
    extension: tool.extensionName,
  }
}

export interface ToolIndex {
  /** The best matches for `query`, best first, at most `limit`. */
  search(query: string, limit: number): CatalogTool[]
}

const indexes = new WeakMap<readonly CatalogTool[], ToolIndex>()

/** The index of `tools` (cached for this very array). App-only tools are never indexed. */
export function toolIndexOf(tools: readonly CatalogTool[]): ToolIndex {
  let index = indexes.get(tools)
  if (!index) {
    index = buildIndex(tools.filter((tool) => visibleToModel(tool.ui)))
    indexes.set(tools, index)
  }
  return index
}

function buildIndex(tools: readonly CatalogTool[]): ToolIndex {
  const byName = new Map(tools.map((tool) => [tool.name, tool]))
  const search = new MiniSearch<ToolDocument>({
    fields: ['name', 'title', 'description', 'parameters', 'extension'],
    tokenize: words,
    processTerm: (term) => {
      const word = term.toLowerCase()
      return STOP_WORDS.has(word) ? null : stemmer(word)
    },
    searchOptions: {
      boost: { name: 3, title: 2, extension: 1.5, description: 1, parameters: 0.7 },
      // "file" finds "files", "issue" finds "issues"; small typos still match.
      prefix: (term) => term.length >= 3,
      fuzzy: (term) => (term.length >= 5 ? 0.2 : false),
      combineWith: 'OR',
    },
  })
  search.addAll(tools.map(documentOf))
  return {
    search(query, limit) {
      return search
        .search(query)
        .slice(0, limit)
        .flatMap((result) => {
          const tool = byName.get(String(result.id))
          return tool ? [tool] : []
        })
    },
  }
}
