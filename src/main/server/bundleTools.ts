/**
 * The .mcpb bundle app tools: `bundle_upload` (chunks from the window), `bundle_preview` (the
 * install sheet), `extension_install_bundle` and `pick_path` (the system dialog in Electron).
 * Installs add through the extension service, so the consent dialog comes before the first start.
 */
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js'
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js'
import type { z } from 'zod'
import { HostToolInput, HostToolOutput, type HostToolArgs, type HostToolResult } from '../../shared/hostApi'
import type { HostServices } from './hostServer'

type BundleToolName = 'bundle_upload' | 'bundle_preview' | 'extension_install_bundle' | 'pick_path'

export function registerBundleTools(server: McpServer, { bundles }: HostServices): void {
  const tool = <N extends BundleToolName>(name: N, description: string, run: (args: HostToolArgs<N>) => Promise<HostToolResult<N>>) => {
    server.registerTool(
      name,
      // pick_path answers one of three shapes (a union); MCP output schemas must be objects, so it has none.
      { description, inputSchema: HostToolInput[name], outputSchema: name === 'pick_path' ? undefined : (HostToolOutput[name] as z.ZodObject) },
      // The SDK types the callback from the schema generics; the cast keeps one typed wrapper (as in hostTools.ts).
      (async (args: HostToolArgs<N>): Promise<CallToolResult> => {
        try {
          const result = await run(args)
          return { content: [{ type: 'text', text: JSON.stringify(result) }], structuredContent: result as Record<string, unknown> }
        } catch (error) {
          return { isError: true, content: [{ type: 'text', text: (error as Error).message }] }
        }
      }) as never,
    )
  }
  tool('bundle_upload', 'Append a chunk of an .mcpb file the person chose (base64; a new upload without uploadId).', (args) => bundles.upload(args))
  tool('bundle_preview', 'Check and stage an .mcpb bundle; returns its install sheet.', (args) => bundles.preview(args))
  tool('extension_install_bundle', 'Install or update an .mcpb bundle; it waits for approval before it first starts, or in needs-config while required settings are missing.', (args) =>
    bundles.install(args),
  )
  tool('pick_path', 'Open the system dialog to choose a file or folder (app window only).', (args) => bundles.pickPath(args))
}
