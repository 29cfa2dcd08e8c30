/**
 * Writes bench/fixtures/toolCatalogMore.json: more real tool definitions for the tool search
 * benchmark (payments, calendars, issue trackers, databases, clouds — products the first catalog
 * lacks), listed with tools/list from the servers themselves. Re-run only to refresh the fixture:
 *
 *   npx tsx bench/support/dumpMoreTools.ts <NODE_MODULES>
 *
 * NODE_MODULES: a scratch node_modules where the servers below were installed with
 * `npm install --ignore-scripts` (not dependencies of this project; versions and licences in
 * bench/fixtures/README.md). Dummy credentials: tools/list needs none, but some servers refuse to
 * start without one.
 */
import { existsSync } from 'node:fs'
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { Client } from '@modelcontextprotocol/client'
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio'
import type { BenchTool } from './dumpToolCatalog'

const root = fileURLToPath(new URL('../..', import.meta.url))
const modules = process.argv[2]
if (!modules) throw new Error('usage: npx tsx bench/support/dumpMoreTools.ts <node_modules with the servers installed>')
const scratch = await mkdtemp(join(tmpdir(), 'dump-more-tools-'))
await writeFile(join(scratch, 'gcp.json'), JSON.stringify({ installed: { client_id: 'dummy.apps.googleusercontent.com', client_secret: 'dummy', redirect_uris: ['http://localhost'] } }))
await writeFile(join(scratch, 'tokens.json'), JSON.stringify({ access_token: 'dummy', refresh_token: 'dummy', expiry_date: 4_000_000_000_000 }))
await mkdir(join(scratch, 'home/.config/.wrangler/config'), { recursive: true })
await writeFile(join(scratch, 'home/.config/.wrangler/config/default.toml'), 'oauth_token = "dummy"\nexpiration_time = "2099-01-01T00:00:00.000Z"\n')

const servers: { id: string; path: string; args?: string[]; env?: Record<string, string> }[] = [
  // Refuses to start without OAuth client keys and a token file: dummy ones written to a scratch folder.
  { id: 'google-calendar', path: '@cocal/google-calendar-mcp/build/index.js', env: { GOOGLE_OAUTH_CREDENTIALS: join(scratch, 'gcp.json'), GOOGLE_CALENDAR_MCP_TOKEN_PATH: join(scratch, 'tokens.json') } },
  { id: 'linear', path: 'linear-mcp-server/build/index.js', env: { LINEAR_API_KEY: 'dummy' } },
  { id: 'postgres', path: '@modelcontextprotocol/server-postgres/dist/index.js', args: ['postgresql://localhost/dummy'] },
  { id: 'jira', path: '@aashari/mcp-server-atlassian-jira/dist/index.js', env: { ATLASSIAN_SITE_NAME: 'dummy', ATLASSIAN_USER_EMAIL: 'dummy@example.com', ATLASSIAN_API_TOKEN: 'dummy' } },
  // Reads a wrangler login from $HOME: a dummy one in the scratch folder.
  { id: 'cloudflare', path: '@cloudflare/mcp-server-cloudflare/dist/index.js', args: ['run', 'dummy-account'], env: { HOME: join(scratch, 'home') } },
]

async function listTools(server: (typeof servers)[number]): Promise<BenchTool[]> {
  const script = join(modules!, server.path)
  if (!existsSync(script)) throw new Error(`${script} is not installed`)
  const client = new Client({ name: 'dump-more-tools', version: '0' })
  const transport = new StdioClientTransport({ command: process.execPath, args: [script, ...(server.args ?? [])], env: { ...(process.env as Record<string, string>), ...server.env }, stderr: 'ignore' })
  const timeout = setTimeout(() => void client.close(), 30_000)
  await client.connect(transport)
  try {
    const tools: BenchTool[] = []
    let cursor: string | undefined
    do {
      const page = await client.listTools(cursor ? { cursor } : {})
      for (const tool of page.tools) tools.push({ server: server.id, name: tool.name, ...(tool.title ? { title: tool.title } : {}), description: tool.description ?? '', inputSchema: tool.inputSchema as Record<string, unknown> })
      cursor = page.nextCursor
    } while (cursor)
    return tools
  } finally {
    clearTimeout(timeout)
    await client.close()
  }
}

const catalog: BenchTool[] = []
for (const server of servers) {
  try {
    const tools = await listTools(server)
    console.log(`${server.id}: ${tools.length} tools`)
    catalog.push(...tools)
  } catch (error) {
    console.log(`${server.id}: skipped (${error instanceof Error ? error.message : String(error)})`)
  }
}
const out = join(root, 'bench/fixtures/toolCatalogMore.json')
await writeFile(out, `${JSON.stringify(catalog, null, 1)}\n`)
console.log(`${catalog.length} tools → ${out}`)
