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
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { listAllServerTools } from './listServerTools'

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


const catalog = await listAllServerTools(
  servers.map(({ id, path, args, env }) => ({ id, args: [join(modules, path), ...(args ?? [])], ...(env ? { env } : {}) })),
  'dump-more-tools',
)
const out = join(root, 'bench/fixtures/toolCatalogMore.json')
await writeFile(out, `${JSON.stringify(catalog, null, 1)}\n`)
console.log(`${catalog.length} tools → ${out}`)
