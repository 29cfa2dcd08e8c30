/**
 * The tool search fixtures as catalog tools: every real tool definition of bench/fixtures
 * (toolCatalog.json, toolCatalogMore.json, toolCatalogWritten.json; sources in
 * bench/fixtures/README.md) and the query sets. Shared by bench/toolSearch.ts and the ranking test.
 */
import { readFileSync } from 'node:fs'
import type { CatalogTool } from '../../src/main/extensions'
import { namespacedToolName } from '../../src/shared/toolNames'

export interface FixtureTool {
  server: string
  name: string
  title?: string
  description: string
  inputSchema: Record<string, unknown>
}
export interface Query {
  query: string
  expected: string[]
}

const read = <T>(file: string): T => JSON.parse(readFileSync(new URL(`../fixtures/${file}`, import.meta.url), 'utf8')) as T

/** The name a person gives each server when adding it (what the app shows and the ranking reads). */
const EXTENSION_NAMES: Record<string, string> = {
  everything: 'Everything (MCP reference server)',
  filesystem: 'Filesystem',
  memory: 'Memory (knowledge graph)',
  fixture: 'Test fixture',
  'github-legacy': 'GitHub (legacy)',
  github: 'GitHub',
  gitlab: 'GitLab',
  slack: 'Slack',
  'google-maps': 'Google Maps',
  'brave-search': 'Brave Search',
  'sequential-thinking': 'Sequential Thinking',
  notion: 'Notion',
  playwright: 'Playwright',
  kubernetes: 'Kubernetes',
  firecrawl: 'Firecrawl',
  exa: 'Exa',
  tavily: 'Tavily',
  'google-calendar': 'Google Calendar',
  linear: 'Linear',
  postgres: 'PostgreSQL',
  jira: 'Jira',
  cloudflare: 'Cloudflare',
  'aws-cost-explorer': 'AWS Cost Explorer',
  'aws-api': 'AWS API',
  ec2: 'Amazon EC2',
  stripe: 'Stripe',
  gmail: 'Gmail',
}

/** Every fixture tool definition, in the three files' order. */
export function fixtureTools(): FixtureTool[] {
  const written = read<{ servers: Record<string, { tools: Omit<FixtureTool, 'server'>[] }> }>('toolCatalogWritten.json')
  return [
    ...read<FixtureTool[]>('toolCatalog.json'),
    ...read<FixtureTool[]>('toolCatalogMore.json'),
    ...Object.entries(written.servers).flatMap(([server, entry]) => entry.tools.map((tool) => ({ server, ...tool }))),
  ]
}

/** The fixture tools as the catalog holds them. */
export function fixtureCatalog(tools: readonly FixtureTool[] = fixtureTools()): CatalogTool[] {
  return tools.map((entry) => ({
    name: namespacedToolName(entry.server, entry.name),
    extensionId: entry.server,
    extensionName: EXTENSION_NAMES[entry.server] ?? entry.server,
    toolName: entry.name,
    ...(entry.title ? { title: entry.title } : {}),
    description: entry.description,
    inputSchema: entry.inputSchema as CatalogTool['inputSchema'],
    annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: true },
    trust: 'untrusted',
    definitionHash: entry.server + entry.name,
  }))
}

/** The query sets by name: the 60 first queries and the three dev sets (tuned on), and the two held-out sets (never tuned on). */
export const QUERY_SETS = {
  first: 'toolSearchQueries.json',
  dev: 'toolSearchDev.json',
  devPeople: 'toolSearchDevPeople.json',
  devPeople2: 'toolSearchDevPeople2.json',
  heldOutModel: 'toolSearchHeldOutModel.json',
  heldOutPeople: 'toolSearchHeldOutPeople.json',
} as const

export function querySet(name: keyof typeof QUERY_SETS): Query[] {
  const data = read<Query[] | { queries: Query[] }>(QUERY_SETS[name])
  return Array.isArray(data) ? data : data.queries
}

/** recall@k of `search` on `queries`, and the misses (query → what came instead). */
export function recall(queries: readonly Query[], search: (query: string, limit: number) => readonly CatalogTool[], k: number): { recall: number; misses: string[] } {
  const misses: string[] = []
  for (const { query, expected } of queries) {
    const names = search(query, k).map((tool) => tool.name)
    if (!expected.some((name) => names.includes(name))) misses.push(`"${query}" → ${names.join(', ') || 'nothing'} (wanted ${expected.join(' or ')})`)
  }
  return { recall: (queries.length - misses.length) / queries.length, misses }
}
