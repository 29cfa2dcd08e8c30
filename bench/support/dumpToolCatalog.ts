/**
 * Writes bench/fixtures/toolCatalog.json: real tool definitions for the tool search benchmark,
 * listed with tools/list from real MCP servers. Re-run only to refresh the fixture:
 *
 *   npx tsx bench/support/dumpToolCatalog.ts [EXTRA_NODE_MODULES] [GITHUB_TOOLSNAPS_DIR]
 *
 * Always listed: server-everything, -filesystem and -memory (dev dependencies) and the test fixture
 * servers. EXTRA_NODE_MODULES: a node_modules folder where more servers were installed for the dump
 * (not dependencies of this project; see bench/fixtures/README.md for the list). GITHUB_TOOLSNAPS_DIR:
 * the GitHub MCP server's own snapshots of its tool definitions (pkg/github/__toolsnaps__).
 */
import { readdir, readFile, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { listAllServerTools, type BenchTool } from './listServerTools'

export type { BenchTool } from './listServerTools'

const root = fileURLToPath(new URL('../..', import.meta.url))
const modules = join(root, 'node_modules/@modelcontextprotocol')
const [extraModules, toolsnaps] = process.argv.slice(2)

/** server id → how to start it. Dummy credentials: tools/list needs none, but some servers refuse to start without one. */
const servers: { id: string; args: string[]; env?: Record<string, string> }[] = [
  { id: 'everything', args: [join(modules, 'server-everything/dist/index.js'), 'stdio'] },
  { id: 'filesystem', args: [join(modules, 'server-filesystem/dist/index.js'), tmpdir()] },
  { id: 'memory', args: [join(modules, 'server-memory/dist/index.js')] },
  { id: 'fixture', args: [join(root, 'test/fixtures/servers/fixtureServer.mjs')] },
]
if (extraModules) {
  const extra: [string, string, Record<string, string>?][] = [
    ['github-legacy', '@modelcontextprotocol/server-github/dist/index.js', { GITHUB_PERSONAL_ACCESS_TOKEN: 'dummy' }],
    ['gitlab', '@modelcontextprotocol/server-gitlab/dist/index.js', { GITLAB_PERSONAL_ACCESS_TOKEN: 'dummy' }],
    ['slack', '@modelcontextprotocol/server-slack/dist/index.js', { SLACK_BOT_TOKEN: 'dummy', SLACK_TEAM_ID: 'dummy' }],
    ['google-maps', '@modelcontextprotocol/server-google-maps/dist/index.js', { GOOGLE_MAPS_API_KEY: 'dummy' }],
    ['brave-search', '@modelcontextprotocol/server-brave-search/dist/index.js', { BRAVE_API_KEY: 'dummy' }],
    ['sequential-thinking', '@modelcontextprotocol/server-sequential-thinking/dist/index.js'],
    ['notion', '@notionhq/notion-mcp-server/bin/cli.mjs', { NOTION_TOKEN: 'dummy' }],
    ['playwright', '@playwright/mcp/cli.js'],
    ['kubernetes', 'mcp-server-kubernetes/dist/index.js'],
    ['firecrawl', 'firecrawl-mcp/dist/index.js', { FIRECRAWL_API_KEY: 'fc-dummy' }],
    ['exa', 'exa-mcp-server/dist/stdio.cjs', { EXA_API_KEY: 'dummy' }],
    ['tavily', 'tavily-mcp/build/index.js', { TAVILY_API_KEY: 'dummy' }],
  ]
  for (const [id, path, env] of extra) servers.push({ id, args: [join(extraModules, path)], ...(env ? { env } : {}) })
}


async function githubSnapshots(dir: string): Promise<BenchTool[]> {
  const files = (await readdir(dir)).filter((file) => file.endsWith('.snap')).sort()
  return Promise.all(
    files.map(async (file) => {
      const snap = JSON.parse(await readFile(join(dir, file), 'utf8')) as { name: string; description?: string; inputSchema: Record<string, unknown>; annotations?: { title?: string } }
      return { server: 'github', name: snap.name, ...(snap.annotations?.title ? { title: snap.annotations.title } : {}), description: snap.description ?? '', inputSchema: snap.inputSchema }
    }),
  )
}

const catalog = await listAllServerTools(servers, 'dump-tool-catalog')
if (toolsnaps) {
  const tools = await githubSnapshots(toolsnaps)
  console.log(`github: ${tools.length} tools`)
  catalog.push(...tools)
}
const out = join(root, 'bench/fixtures/toolCatalog.json')
await writeFile(out, `${JSON.stringify(catalog, null, 1)}\n`)
console.log(`${catalog.length} tools → ${out}`)
