/** What the host shows of the permission layer: the settings resource and the policy of each catalog tool. */
import type { PermissionsResource, ToolsResource } from '../../shared/hostApi'
import { hashToolDefinition, type PermissionService } from '../permissions'
import type { ExtensionService } from '../services/extensions/extensionService'
import type { CallRater } from '../services/review/callRater'

import { catalogToolTokens, toolDefinitionOf, TOKENIZER } from '../agent'

/** The definition the permission layer pins, exactly as the agent loop passes it to authorize(). */
function definitionOf(extensions: ExtensionService, name: string) {
  const tool = extensions.core.cache.lookup(name)
  if (!tool) throw new Error(`tool ${name} left the catalog`)
  return toolDefinitionOf(tool)
}

/** `switchboard://tools`: the catalog with the policy in force for each tool, its "always offer" mark and its token weight. */
export function toolsView(extensions: ExtensionService, permissions: PermissionService, alwaysOffer: readonly string[]): ToolsResource {
  const catalog = extensions.tools()
  const marked = new Set(alwaysOffer)
  return {
    ...catalog,
    tokenizer: TOKENIZER,
    tools: catalog.tools.map((tool) => {
      const entry = extensions.core.cache.lookup(tool.name)
      const definition = definitionOf(extensions, tool.name)
      const call = { toolName: tool.name, extensionId: tool.extensionId, extensionName: tool.extensionName, extensionTrust: tool.trust, tool: definition }
      return {
        ...tool,
        policy: { ...permissions.policyView(tool.name, tool.extensionId, definition), effective: permissions.effectiveDecision(call) },
        alwaysOffer: marked.has(tool.name),
        tokens: entry ? catalogToolTokens(entry) : 0,
      }
    }),
  }
}

/** `switchboard://permissions`. An "always" has lapsed when the tool's current definition is not the one it was given for. */
export function permissionsView(extensions: ExtensionService, permissions: PermissionService, review?: Pick<CallRater, 'status'>): PermissionsResource {
  const file = permissions.store.snapshot()
  const current = new Map(extensions.core.cache.catalog().tools.map((tool) => [tool.name, hashToolDefinition(toolDefinitionOf(tool))]))
  return {
    // The mode in force (raised to a managed policy's least strict mode), not only the person's choice.
    mode: permissions.store.mode(),
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
    suggestions: permissions.suggestions.list(),
    ...(review ? { assistedReview: review.status() } : {}),
  }
}

/**
 * Tells the permission layer about every catalog rebuild: new tools are pinned, changed ones marked
 * (F15). The returned stop resolves once the last observation has been recorded.
 */
export function observeCatalog(extensions: ExtensionService, permissions: PermissionService): () => Promise<void> {
  let observing: Promise<unknown> = Promise.resolve()
  const observe = () => {
    const tools = extensions.core.cache.catalog().tools.map((tool) => ({ toolName: tool.name, tool: toolDefinitionOf(tool) }))
    observing = observing.then(() => permissions.observeTools(tools)).catch(() => undefined)
  }
  const off = extensions.core.cache.onChange(observe)
  return async () => {
    off()
    await observing
  }
}
