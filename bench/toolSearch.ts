/**
 * Tool search vs. offering every tool, on a fixed catalog of real tool definitions
 * (bench/fixtures/toolCatalog.json: 300+ tools of real MCP servers, see bench/fixtures/README.md)
 * and a fixed list of queries with their known right tools (bench/fixtures/toolSearchQueries.json).
 *
 * 1. Definition tokens per request (o200k), all in the same run: every tool offered (the baseline)
 *    vs. tool search after one find_tools call (find_tools itself, the found tools' definitions now
 *    in the request, and the search result the model read). Goal: ratio ≤ 0.15 and ≤ 2,000 tokens.
 *    Also what slimming the schemas (same meaning, slimSchema.ts) saves over all definitions.
 * 2. Search quality: recall@5, the share of queries with a right tool among the first five results.
 *    Goal ≥ 0.9.
 * 3. Time of one search, as a ratio to serialising the whole catalog once (a baseline in this run).
 * It prints, it does not judge: only a benchmark that cannot run exits non-zero.
 * Run: npx tsx bench/toolSearch.ts
 */
import { readFileSync } from 'node:fs'
import type { CatalogTool } from '../src/main/extensions'
import { DEFAULT_TOOL_LIMIT } from '../src/main/agent/catalogForTurn'
import { loadAiSdk } from '../src/main/aiSdk/aiSdk'
import { FIND_TOOLS, definitionTokens, runFindTools, toolsForStep, tokensOf } from '../src/main/agent/toolSearch'
import { sentDefinition } from '../src/main/agent/catalogForTurn'
import { stripInvisibleProse } from '../src/shared/invisibleText'
import { namespacedToolName } from '../src/shared/toolNames'

interface FixtureTool {
  server: string
  name: string
  title?: string
  description: string
  inputSchema: Record<string, unknown>
}
interface Query {
  query: string
  expected: string[]
}

const read = <T>(file: string): T => JSON.parse(readFileSync(new URL(`fixtures/${file}`, import.meta.url), 'utf8')) as T
const fixture = read<FixtureTool[]>('toolCatalog.json')
const queries = read<Query[]>('toolSearchQueries.json')

const tools: CatalogTool[] = fixture.map((entry) => ({
  name: namespacedToolName(entry.server, entry.name),
  extensionId: entry.server,
  extensionName: entry.server,
  toolName: entry.name,
  ...(entry.title ? { title: entry.title } : {}),
  description: entry.description,
  inputSchema: entry.inputSchema as CatalogTool['inputSchema'],
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: true },
  trust: 'untrusted',
  definitionHash: entry.server + entry.name,
}))
const servers = new Set(tools.map((tool) => tool.extensionId)).size
// The AI SDK loads on first use (as in the host, before a turn's first step builds its tool set).
await loadAiSdk()
const none = new Set<string>()
const step = (offer: 'all' | 'search', found: ReadonlySet<string>) =>
  toolsForStep({ offer, catalog: tools, mode: 'smart', alwaysOffer: none, found, recent: [], native: false, toolLimit: Number.MAX_SAFE_INTEGER })

// 1. Tokens.
const all = step('all', none).definitionTokens
const capped = toolsForStep({ offer: 'all', catalog: tools, mode: 'smart', alwaysOffer: none, found: none, recent: [], native: false, toolLimit: DEFAULT_TOOL_LIMIT }).definitionTokens
const before = step('search', none).definitionTokens
const perQuery = queries.map(({ query }) => {
  const search = runFindTools({ query }, tools)
  if (!search.ok) throw new Error(`bench: ${FIND_TOOLS} refused "${query}": ${search.text}`)
  const found = new Set(search.found.map((tool) => tool.name))
  return step('search', found).definitionTokens + tokensOf(search.text)
})
// What slimming the schemas saves (slimSchema.ts): every definition as sent vs. with the server's schema as listed.
const unslimmed = tools.reduce((sum, tool) => sum + definitionTokens({ ...sentDefinition(tool), inputSchema: stripInvisibleProse(tool.inputSchema) }), 0)
const slimmed = tools.reduce((sum, tool) => sum + definitionTokens(sentDefinition(tool)), 0)
const mean = perQuery.reduce((sum, value) => sum + value, 0) / perQuery.length
const worst = Math.max(...perQuery)

// 2. Recall@5.
const misses: string[] = []
for (const { query, expected } of queries) {
  const search = runFindTools({ query, limit: 5 }, tools)
  const names = search.ok ? search.found.map((tool) => tool.name) : []
  if (!expected.some((name) => names.includes(name))) misses.push(`"${query}" → ${names.join(', ') || 'nothing'} (wanted ${expected.join(' or ')})`)
}
const recall = (queries.length - misses.length) / queries.length

// 3. Time, against serialising the catalog once.
const time = (run: () => unknown, rounds: number) => {
  for (let i = 0; i < Math.min(rounds, 50); i++) run()
  const start = performance.now()
  for (let i = 0; i < rounds; i++) run()
  return (performance.now() - start) / rounds
}
const serialise = time(() => JSON.stringify(fixture), 200)
const search = time(() => runFindTools({ query: queries[Math.floor(Math.random() * queries.length)]!.query }, tools), 500)

const fmt = (value: number) => Math.round(value).toLocaleString('en-US')
console.log(`tool search benchmark: ${tools.length} real tool definitions from ${servers} servers, ${queries.length} queries`)
console.log(`definition tokens per request (o200k):`)
console.log(`  all ${tools.length} tools offered (baseline):        ${fmt(all)}`)
console.log(`  the old cap (first ${DEFAULT_TOOL_LIMIT} tools):               ${fmt(capped)}`)
console.log(`  search, before any find_tools call:     ${fmt(before)}`)
console.log(`  search, after one find_tools call:      ${fmt(mean)} mean, ${fmt(worst)} worst (tools sent + the result read)`)
console.log(`  slim schemas, all ${tools.length} definitions:      ${fmt(slimmed)} instead of ${fmt(unslimmed)} (${fmt(unslimmed - slimmed)} fewer, ${(((unslimmed - slimmed) / unslimmed) * 100).toFixed(1)} %)`)
console.log(`  ratio search / all:                     ${(mean / all).toFixed(3)} mean, ${(worst / all).toFixed(3)} worst   (goal ≤ 0.15 and ≤ 2,000 tokens)`)
console.log(`recall@5: ${recall.toFixed(3)} (${queries.length - misses.length} of ${queries.length})   (goal ≥ 0.9)`)
for (const miss of misses) console.log(`  missed: ${miss}`)
console.log(`one search: ${(search / serialise).toFixed(2)}× the time of serialising the catalog once`)
