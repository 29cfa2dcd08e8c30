/** What the host shows of the permission layer: the settings resource and the policy of each catalog tool. */
import type { PermissionsResource, ToolsResource } from '../../shared/hostApi'
import { hashToolDefinition, type PermissionService } from '../permissions'
import type { ExtensionService } from './extensionService'

type CatalogTool = ReturnType<ExtensionService['tools']>['tools'][number]

const definitionOf = (tool: CatalogTool) => ({
  name: tool.toolName,
  title: tool.title,
  description: tool.description,
  inputSchema: tool.inputSchema,
  annotations: tool.annotations,
})

/** `switchboard://tools`: the catalog with the policy in force for each tool. */
export function toolsView(extensions: ExtensionService, permissions: PermissionService): ToolsResource {
  const catalog = extensions.tools()
  return { ...catalog, tools: catalog.tools.map((tool) => ({ ...tool, policy: permissions.policyView(tool.name, tool.extensionId, definitionOf(tool)) })) }
}

/** `switchboard://permissions`. An "always" has lapsed when the tool's current definition is not the one it was given for. */
export function permissionsView(extensions: ExtensionService, permissions: PermissionService): PermissionsResource {
  const file = permissions.store.snapshot()
  const current = new Map(extensions.tools().tools.map((tool) => [tool.name, hashToolDefinition(definitionOf(tool))]))
  return {
    mode: file.mode,
    toolPolicies: Object.fromEntries(
      Object.entries(file.toolPolicies).map(([tool, policy]) => {
        const hash = current.get(tool)
        const lapsed = policy.policy === 'always' && hash !== undefined && hash !== policy.hash
        return [tool, { policy: policy.policy, grantedAt: policy.policy === 'always' ? policy.grantedAt : undefined, lapsed }]
      }),
    ),
    extensionPolicies: file.extensionPolicies,
    rules: permissions.store.rules().slice(),
    pins: Object.fromEntries(
      Object.entries(file.pins).map(([tool, pin]) => [tool, { hash: pin.hash, firstSeen: pin.firstSeen, acceptedAt: pin.acceptedAt, changed: pin.pending !== undefined }]),
    ),
  }
}

/**
 * Tells the permission layer about every catalog rebuild: new tools are pinned, changed ones marked
 * (F15). The returned stop resolves once the last observation has been recorded.
 */
export function observeCatalog(extensions: ExtensionService, permissions: PermissionService): () => Promise<void> {
  let observing: Promise<unknown> = Promise.resolve()
  const observe = () => {
    const tools = extensions.tools().tools.map((tool) => ({ toolName: tool.name, tool: definitionOf(tool) }))
    observing = observing.then(() => permissions.observeTools(tools)).catch(() => undefined)
  }
  const off = extensions.core.cache.onChange(observe)
  return async () => {
    off()
    await observing
  }
}
