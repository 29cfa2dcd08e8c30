/**
 * Lists a stdio MCP server's tools (every page) as the tool-search bench stores them: what
 * dumpToolCatalog.ts and dumpMoreTools.ts both do to refresh their fixtures.
 */
import { existsSync } from 'node:fs'
import { Client } from '@modelcontextprotocol/client'
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio'

export interface BenchTool {
  server: string
  name: string
  title?: string
  description: string
  inputSchema: Record<string, unknown>
}

/** A server to list: `args[0]` is its Node entry script. */
export interface ListedServer {
  id: string
  args: string[]
  env?: Record<string, string>
}

/** The server's tools; a server that does not answer within 30 s is closed (the call then fails). */
export async function listServerTools(server: ListedServer, clientName: string): Promise<BenchTool[]> {
  if (!existsSync(server.args[0]!)) throw new Error(`${server.id}: ${server.args[0]} is not installed`)
  const client = new Client({ name: clientName, version: '0' })
  const transport = new StdioClientTransport({ command: process.execPath, args: server.args, env: { ...(process.env as Record<string, string>), ...server.env }, stderr: 'ignore' })
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

/** Every server's tools in order; one that cannot be listed is skipped, saying why. */
export async function listAllServerTools(servers: readonly ListedServer[], clientName: string): Promise<BenchTool[]> {
  const catalog: BenchTool[] = []
  for (const server of servers) {
    try {
      const tools = await listServerTools(server, clientName)
      console.log(`${server.id}: ${tools.length} tools`)
      catalog.push(...tools)
    } catch (error) {
      console.log(`${server.id}: skipped (${error instanceof Error ? error.message : String(error)})`)
    }
  }
  return catalog
}
