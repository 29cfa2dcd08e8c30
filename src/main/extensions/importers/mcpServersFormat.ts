/** Claude Desktop's and Cursor's shape: `{"mcpServers": {"name": {command, args, env} | {url, headers}}}`. */
import type { FormatReadResult, ServerDraft } from './importTypes'
import { isRecord, readServerEntry } from './serverEntry'

/** The most servers one import reads; a config with more is cut there and says so. */
export const MAX_IMPORTED_SERVERS = 200

/** Reads every entry of a server map, keeping its order; shared with the VS Code reader. */
export function readServerMap(servers: Record<string, unknown>, field: string, problems: string[]): ServerDraft[] {
  const entries = Object.entries(servers)
  if (entries.length > MAX_IMPORTED_SERVERS) {
    problems.push(`"${field}" lists ${entries.length} servers; only the first ${MAX_IMPORTED_SERVERS} are read. Import the rest separately.`)
  }
  return entries.slice(0, MAX_IMPORTED_SERVERS).map(([key, entry]) => readServerEntry(key, entry))
}

/** Reads a parsed `{mcpServers: …}` object. */
export function readMcpServersConfig(root: Record<string, unknown>): FormatReadResult {
  const problems: string[] = []
  const servers = root.mcpServers
  if (!isRecord(servers)) {
    problems.push('"mcpServers" must be an object of server names and their settings, e.g. {"mcpServers": {"github": {"command": "npx", …}}}.')
    return { format: 'mcp-servers', drafts: [], inputs: new Map(), problems }
  }
  return { format: 'mcp-servers', drafts: readServerMap(servers, 'mcpServers', problems), inputs: new Map(), problems }
}
