/**
 * The MCP Registry app tools: `registry_search`, `registry_server` and `registry_install`. The
 * registry service is the host's (shared by every window, and so is its cache). Installs go
 * through the extension service's add path: the consent dialog still comes before the first start.
 */
import type { HostServices } from '../hostServices'
import type { ToolRegistrar } from './resourceTools'

export function registerRegistryTools(tool: ToolRegistrar, { registry }: HostServices): void {
  tool('registry_search', 'Search the MCP Registry (cached; deleted servers are left out).', (args) => registry.search(args))
  tool('registry_server', "A registry server's details and the ways to install it, each with its form.", (args) => registry.server(args))
  tool('registry_install', 'Install a package or remote of a registry server; it waits for approval before it starts.', (args) => registry.install(args))
}
