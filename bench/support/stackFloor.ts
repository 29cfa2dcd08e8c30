/**
 * The floor of this stack (issue 20 items 2 and 3): a Node process that does only what any MCP host
 * on it must — load the MCP SDK's server and zod, make one McpServer with one tool, listen on
 * loopback and print a line — bundled into one file with the compile cache on, as the host is.
 * bench/startup.ts times it and measures its idle memory like the host's, so the host's figures can
 * be read against what no host on Node + the MCP TypeScript SDK can go below.
 */
import { build } from 'esbuild'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { root } from './browserBench'

const ENTRY = `
import { enableCompileCache } from 'node:module'
enableCompileCache()
const { McpServer } = await import('@modelcontextprotocol/server')
const { z } = await import('zod')
const server = new McpServer({ name: 'floor', version: '1.0.0' })
server.registerTool('echo', { inputSchema: z.object({ text: z.string() }) }, async ({ text }) => ({ content: [{ type: 'text', text }] }))
const http = process.getBuiltinModule('node:http')
const listening = http.createServer().listen(0, '127.0.0.1', () => process.stdout.write(JSON.stringify({ port: listening.address().port }) + '\\n'))
`

/** Bundles the floor process into a temporary folder; returns its entry file and a way to remove it. */
export async function buildStackFloor(): Promise<{ entry: string; remove: () => Promise<void> }> {
  const dir = await mkdtemp(join(tmpdir(), 'switchboard-bench-floor-'))
  const source = join(dir, 'floor-source.mjs')
  const entry = join(dir, 'floor.mjs')
  await writeFile(source, ENTRY)
  // nodePaths: the entry lives outside the repo, its packages are the repo's.
  await build({ entryPoints: [source], outfile: entry, bundle: true, platform: 'node', format: 'esm', target: 'node22', nodePaths: [join(root, 'node_modules')], logLevel: 'error' })
  return { entry, remove: () => rm(dir, { recursive: true, force: true }) }
}
