/** Tool search pieces: the index and its ranking, find_tools, which tools a step offers, token counts. */
import { describe, expect, it } from 'vitest'
import { countTokens } from 'gpt-tokenizer/encoding/o200k_base'
import type { CatalogTool } from '../../../src/main/extensions'
import { FIND_TOOLS_TOKEN_BUDGET, runFindTools, toolIndexOf, toolsForStep, tokensOf, definitionTokens, catalogToolTokens, requestFigures, recentToolNames, RECENT_TOOLS, type ToolOfferInput } from '../../../src/main/agent/toolSearch'
import { loadAiSdk } from '../../../src/main/aiSdk/aiSdk'

// What is tested here runs inside a turn in the app, after the turn has loaded the AI SDK (aiSdk.ts).
await loadAiSdk()

function tool(extensionId: string, toolName: string, description: string, properties: Record<string, unknown> = {}, extra: Partial<CatalogTool> = {}): CatalogTool {
  return {
    name: `${extensionId}__${toolName}`,
    extensionId,
    extensionName: extensionId,
    toolName,
    description,
    inputSchema: { type: 'object', properties } as CatalogTool['inputSchema'],
    annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: true },
    trust: 'untrusted',
    definitionHash: `${extensionId}-${toolName}`,
    ...extra,
  }
}

const catalog: CatalogTool[] = [
  tool('github', 'create_issue', 'Create a new issue in a GitHub repository.', { owner: { type: 'string' }, repo: { type: 'string' }, title: { type: 'string' } }),
  tool('github', 'list_pull_requests', 'List pull requests in a repository.', { state: { type: 'string', description: 'open, closed or all' } }),
  tool('files', 'readTextFile', 'Read the complete contents of a file as text.', { path: { type: 'string' } }),
  tool('files', 'write_file', 'Create a new file or overwrite an existing one.', { path: { type: 'string' }, content: { type: 'string' } }),
  tool('maps', 'geocode', 'Convert an address into geographic coordinates.', { address: { type: 'string', description: 'The street address to look up' } }),
  tool('math', 'sum', 'Returns the sum of two numbers.', { a: { type: 'number' }, b: { type: 'number' } }),
  // An App keeps this one for itself: never offered, never found.
  tool('app', 'refresh_issue_view', 'Refresh the issue view.', {}, { ui: { resourceUri: 'ui://app/view', visibility: ['app'] } as CatalogTool['ui'] }),
]
const names = (tools: readonly CatalogTool[]) => tools.map((entry) => entry.name)

describe('the tool index (MiniSearch, BM25+)', () => {
  it('ranks by name words, description and parameters, with camelCase and snake_case split and words stemmed', () => {
    const index = toolIndexOf(catalog)
    expect(names(index.search('create github issue', 3))[0]).toBe('github__create_issue')
    expect(names(index.search('read text file', 3))[0]).toBe('files__readTextFile')
    // "numbers" finds "number" (stemmed), "street address" a parameter's description.
    expect(names(index.search('add numbers', 3))[0]).toBe('math__sum')
    expect(names(index.search('street address', 3))[0]).toBe('maps__geocode')
    expect(names(index.search('open pull requests', 1))).toEqual(['github__list_pull_requests'])
    expect(index.search('zebra', 5)).toEqual([])
  })

  it('never finds a tool an App keeps for itself', () => {
    expect(names(toolIndexOf(catalog).search('refresh issue view', 5))).not.toContain('app__refresh_issue_view')
  })

  it('is built once per catalog version: a new catalog (list_changed) is a new index', () => {
    expect(toolIndexOf(catalog)).toBe(toolIndexOf(catalog))
    const changed = [...catalog, tool('weather', 'forecast', 'Weather forecast for a city.')]
    expect(toolIndexOf(changed)).not.toBe(toolIndexOf(catalog))
    expect(names(toolIndexOf(changed).search('weather forecast', 1))).toEqual(['weather__forecast'])
    expect(toolIndexOf(catalog).search('weather forecast', 1)).toEqual([])
  })
})

describe('find_tools', () => {
  it('returns the best matches and names them for the model', () => {
    const outcome = runFindTools({ query: 'write a file', limit: 2 }, catalog)
    expect(outcome.ok).toBe(true)
    if (!outcome.ok) return
    expect(names(outcome.found)[0]).toBe('files__write_file')
    expect(outcome.found.length).toBeLessThanOrEqual(2)
    expect(outcome.text).toMatch(/^Found \d tools?, now in your tools with their full definitions/)
    expect(outcome.text).toContain('- files__write_file: Create a new file or overwrite an existing one.')
  })

  it('keeps one search within its token budget: the best match always, then others while they fit', () => {
    // Five "report" tools whose schemas weigh about 600 tokens each: all five would add ~3,000.
    const heavy = (i: number) =>
      tool('reports', `make_report_${i}`, `Make report number ${i}.`, Object.fromEntries(Array.from({ length: 40 }, (_, k) => [`field_${k}_${i}`, { type: 'string', description: `Column ${k} of the report, as text` }])))
    const reports = [1, 2, 3, 4, 5].map(heavy)
    const weight = catalogToolTokens(reports[0]!)
    expect(weight).toBeGreaterThan(FIND_TOOLS_TOKEN_BUDGET / 4)
    const outcome = runFindTools({ query: 'make report', limit: 5 }, reports)
    if (!outcome.ok) throw new Error(outcome.text)
    const sum = outcome.found.reduce((total, entry) => total + catalogToolTokens(entry), 0)
    expect(outcome.found.length).toBeGreaterThan(0)
    expect(outcome.found.length).toBeLessThan(5)
    expect(sum).toBeLessThanOrEqual(FIND_TOOLS_TOKEN_BUDGET)
    expect(outcome.text).toMatch(new RegExp(`${5 - outcome.found.length} more matched but were left out to keep your tools small`))
    // A single match heavier than the budget still comes: the model needs it.
    const giant = tool('reports', 'giant', 'Make the giant report.', Object.fromEntries(Array.from({ length: 300 }, (_, k) => [`column_${k}`, { type: 'string', description: `Column ${k}` }])))
    expect(catalogToolTokens(giant)).toBeGreaterThan(FIND_TOOLS_TOKEN_BUDGET)
    expect(runFindTools({ query: 'giant report' }, [giant])).toMatchObject({ ok: true, found: [giant] })
  })

  it('says so when nothing matches, and refuses arguments it cannot use', () => {
    expect(runFindTools({ query: 'zebra' }, catalog)).toMatchObject({ ok: true, found: [], text: expect.stringMatching(/^No tool matches "zebra"/) })
    expect(runFindTools({ query: '' }, catalog)).toMatchObject({ ok: false, text: expect.stringMatching(/give \{"query"/) })
    expect(runFindTools({ query: 'file', limit: 50 }, catalog)).toMatchObject({ ok: false })
    expect(runFindTools('file', catalog)).toMatchObject({ ok: false })
  })
})

describe('the tools a step offers', () => {
  const base: ToolOfferInput = { offer: 'search', catalog, mode: 'smart', alwaysOffer: new Set(), found: new Set(), recent: [], native: false }
  const sent = (input: Partial<ToolOfferInput>) => Object.keys(toolsForStep({ ...base, ...input }).toolSet ?? {}).sort()

  it('search: "always offer", found and recent tools, plus find_tools while others remain', () => {
    expect(sent({})).toEqual(['find_tools'])
    expect(sent({ alwaysOffer: new Set(['math__sum']), found: new Set(['maps__geocode']), recent: ['files__write_file'] })).toEqual(['files__write_file', 'find_tools', 'maps__geocode', 'math__sum'])
    // Only the offered tools may be called.
    expect([...toolsForStep({ ...base, found: new Set(['maps__geocode']) }).byName.keys()]).toEqual(['maps__geocode'])
    // Everything visible is offered already: no find_tools.
    const visible = catalog.filter((entry) => entry.extensionId !== 'app').map((entry) => entry.name)
    expect(sent({ found: new Set(visible) })).toEqual(visible.sort())
    expect(toolsForStep({ ...base, mode: 'chat-only', alwaysOffer: new Set(['math__sum']) }).toolSet).toBeUndefined()
  })

  it('native (Anthropic): every visible tool sent, the rest deferred, and the provider\'s search tool', () => {
    const step = toolsForStep({ ...base, native: true, alwaysOffer: new Set(['math__sum']) })
    const set = step.toolSet ?? {}
    expect(Object.keys(set)).toContain('tool_search_tool_bm25')
    expect(Object.keys(set)).not.toContain('find_tools')
    expect(Object.keys(set)).not.toContain('app__refresh_issue_view')
    expect(set['math__sum']?.providerOptions).toBeUndefined()
    expect(set['github__create_issue']?.providerOptions).toEqual({ anthropic: { deferLoading: true } })
    // The context holds only what is not deferred.
    expect(step.definitionTokens).toBe(catalogToolTokens(catalog.find((entry) => entry.name === 'math__sum')!))
  })

  it('all: the old cap, no find_tools', () => {
    expect(sent({ offer: 'all' })).toEqual(catalog.filter((entry) => entry.extensionId !== 'app').map((entry) => entry.name).sort())
    expect(toolsForStep({ ...base, offer: 'all', toolLimit: 2 }).warning).toMatchObject({ kind: 'too-many-tools', limit: 2 })
  })

  it('recently used: the last distinct tools, newest first, find_tools left out', () => {
    expect(recentToolNames(['a', 'b', 'find_tools', 'a', 'c'])).toEqual(['c', 'a', 'b'])
    const long = Array.from({ length: RECENT_TOOLS + 5 }, (_, i) => `t${i}`)
    expect(recentToolNames(long)).toHaveLength(RECENT_TOOLS)
  })
})

describe('token counts (o200k)', () => {
  it('counts with the real tokenizer, special-token text as plain text', () => {
    expect(tokensOf('')).toBe(0)
    expect(tokensOf('hello world')).toBe(2)
    expect(tokensOf('<|endoftext|>')).toBeGreaterThan(1)
    expect(definitionTokens({ name: 'a', description: 'b', inputSchema: {} })).toBe(tokensOf('{"name":"a","description":"b","input_schema":{}}'))
  })

  it('a long text is counted in slices, within 1 % of the whole count, and a long run without spaces stays cheap', () => {
    const prose = 'The quick brown fox jumps over the lazy dog; it was not amused. '.repeat(2000)
    const whole = countTokens(prose)
    expect(Math.abs(tokensOf(prose) - whole) / whole).toBeLessThan(0.01)
    // Whole, this run takes seconds of BPE merging (quadratic); sliced it is counted at once.
    expect(tokensOf('h'.repeat(300_000))).toBeGreaterThan(50_000)
  })

  it('a request weighs its definitions plus instructions and messages', () => {
    const messages = [{ role: 'user', content: 'hello world' }]
    const figures = requestFigures({ definitions: 100, system: 'Be brief.', messages })
    expect(figures).toEqual({ tokenizer: 'o200k', toolDefinitions: 100, request: 100 + tokensOf('Be brief.') + tokensOf(JSON.stringify(messages[0])) })
  })

  it('a message built anew for the next turn weighs what it weighed, and a different one what it weighs', () => {
    const turn = (reply: string) => [{ role: 'user', content: 'hello world' }, { role: 'assistant', content: [{ type: 'text', text: reply }] }]
    const first = requestFigures({ definitions: 0, messages: turn('The fox jumps.') }).request
    // New objects with the same content (as every turn builds them), then other content of the same shape.
    expect(requestFigures({ definitions: 0, messages: turn('The fox jumps.') }).request).toBe(first)
    const other = turn('The quick brown fox jumps over the lazy dog, twice.')
    expect(requestFigures({ definitions: 0, messages: other }).request).toBe(other.reduce((total, message) => total + tokensOf(JSON.stringify(message)), 0))
    expect(requestFigures({ definitions: 0, messages: other }).request).toBeGreaterThan(first)
  })
})
