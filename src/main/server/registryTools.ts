/**
 * The MCP Registry app tools: `registry_search`, `registry_server` and `registry_install`. One
 * registry service per host (shared by every window), so the cache is shared too. Installs go
 * through the extension service's add path: the consent dialog still comes before the first start.
 */
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js'
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js'
import { DEFAULT_REGISTRY_URL, HostToolInput, HostToolOutput, type HostToolArgs, type HostToolResult } from '../../shared/hostApi'
import { createRegistryService, type RegistryService } from '../extensions/registry/registryService'
import type { HostServices } from './hostServer'

type RegistryToolName = 'registry_search' | 'registry_server' | 'registry_install'

const services = new WeakMap<HostServices, RegistryService>()

/** The host's registry service, created on first use. */
export function registryServiceOf(host: HostServices): RegistryService {
  let service = services.get(host)
  if (!service) {
    service = createRegistryService({
      dataDir: host.dataDir,
      registryUrl: () => host.settings.get('registryUrl') ?? DEFAULT_REGISTRY_URL,
      extensions: host.extensions,
      secrets: host.secrets,
      // mcpb packages: the verified download goes through the bundle installer, consent dialog included.
      installBundle: (path) => host.bundles.install({ path }),
    })
    services.set(host, service)
  }
  return service
}

export function registerRegistryTools(server: McpServer, host: HostServices): void {
  const tool = <N extends RegistryToolName>(name: N, description: string, run: (args: HostToolArgs<N>) => Promise<HostToolResult<N>>) => {
    server.registerTool(
      name,
      { description, inputSchema: HostToolInput[name], outputSchema: HostToolOutput[name] },
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
  const registry = () => registryServiceOf(host)
  tool('registry_search', 'Search the MCP Registry (cached; deleted servers are left out).', (args) => registry().search(args))
  tool('registry_server', "A registry server's details and the ways to install it, each with its form.", (args) => registry().server(args))
  tool('registry_install', 'Install a package or remote of a registry server; it waits for approval before it starts.', (args) => registry().install(args))
}
