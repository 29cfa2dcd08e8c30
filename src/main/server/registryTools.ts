/**
 * The MCP Registry app tools: `registry_search`, `registry_server` and `registry_install`. One
 * registry service per host (shared by every window), so the cache is shared too. Installs go
 * through the extension service's add path: the consent dialog still comes before the first start.
 */
import { DEFAULT_REGISTRY_URL } from '../../shared/hostApi'
import { createRegistryService, type RegistryService } from '../extensions/registry/registryService'
import type { HostServices } from './hostServer'
import type { ToolRegistrar } from './resourceTools'

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

export function registerRegistryTools(tool: ToolRegistrar, host: HostServices): void {
  const registry = () => registryServiceOf(host)
  tool('registry_search', 'Search the MCP Registry (cached; deleted servers are left out).', (args) => registry().search(args))
  tool('registry_server', "A registry server's details and the ways to install it, each with its form.", (args) => registry().server(args))
  tool('registry_install', 'Install a package or remote of a registry server; it waits for approval before it starts.', (args) => registry().install(args))
}
