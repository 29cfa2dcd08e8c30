/**
 * Builds the catalog the model sees from the cached lists of each ready extension: namespaced names,
 * allow/deny filters, annotation defaults, definition hashes. Pure: no requests, no state.
 */
import type { Prompt, Resource, ResourceTemplateType, Tool } from '@modelcontextprotocol/client'
import { namespacedToolName } from '../../../shared/toolNames'
import { toolUiOf, type ToolUi } from '../../../shared/appMeta'
import { definitionHash } from './catalogValidation'
import { preApprovalOf } from '../../builtins/preApproved'
import type { ExtensionConfig } from '../config/extensionConfig'

/** Tool annotations with the spec's defaults applied. Hints only: they never skip an approval. */
export interface EffectiveAnnotations {
  title?: string
  readOnlyHint: boolean
  destructiveHint: boolean
  idempotentHint: boolean
  openWorldHint: boolean
}

/** One tool as the model and the permission layer see it. */
export interface CatalogTool {
  /** `<extension>__<tool>`, matching ^[a-zA-Z0-9_-]{1,64}$. */
  name: string
  extensionId: string
  extensionName: string
  /** The name the server knows it by. */
  toolName: string
  title?: string
  description: string
  inputSchema: Tool['inputSchema']
  outputSchema?: Tool['outputSchema']
  annotations: EffectiveAnnotations
  trust: 'trusted' | 'untrusted'
  /** sha256 of {name, description, inputSchema}; approvals bind to it (F15). */
  definitionHash: string
  /** The tool's MCP App (`_meta.ui`): its `ui://` resource and who may call it. */
  ui?: ToolUi
  /** A builtin's tool the person approved in advance (builtins/preApproved.ts): why. Never set for other extensions. */
  preApproved?: string
  /**
   * The server said `openWorldHint: true` itself (the default in `annotations` does not count): its
   * results are outside content (permissions/outsideContent.ts). Absent otherwise.
   */
  openWorldDeclared?: true
}

export interface CatalogResource extends Resource {
  extensionId: string
}

export interface CatalogResourceTemplate extends ResourceTemplateType {
  extensionId: string
}

export interface CatalogPrompt {
  /** `<extension>__<prompt>`. */
  name: string
  extensionId: string
  promptName: string
  title?: string
  description?: string
  arguments?: Prompt['arguments']
}

/** The whole catalog; `version` changes whenever its content does. */
export interface Catalog {
  version: number
  tools: CatalogTool[]
  resources: CatalogResource[]
  resourceTemplates: CatalogResourceTemplate[]
  prompts: CatalogPrompt[]
}

/** The validated lists of one ready extension. */
export interface ExtensionLists {
  tools: Tool[]
  resources: Resource[]
  resourceTemplates: ResourceTemplateType[]
  prompts: Prompt[]
}

export function effectiveAnnotations(tool: Tool): EffectiveAnnotations {
  const hints = tool.annotations ?? {}
  return {
    title: hints.title,
    readOnlyHint: hints.readOnlyHint ?? false,
    destructiveHint: hints.destructiveHint ?? true,
    idempotentHint: hints.idempotentHint ?? false,
    openWorldHint: hints.openWorldHint ?? true,
  }
}

const appPart = (tool: Tool): { ui?: ToolUi } => {
  const ui = toolUiOf(tool._meta)
  return ui ? { ui } : {}
}

/**
 * Whether the config's allow/deny lists let this tool into the catalog: whether it is *on*. An off
 * tool is never offered to, found or called by the model, a connected app or a hook; only its own
 * server's MCP Apps may still call it (ToolCache.lookupOwn).
 */
export function toolAllowed(config: ExtensionConfig, toolName: string): boolean {
  const { allow, deny } = config.tools
  if (allow && !allow.includes(toolName)) return false
  return !deny?.includes(toolName)
}

/** The part of the catalog one extension contributes, plus warnings for names that collided. */
export function buildExtensionPart(
  config: ExtensionConfig,
  lists: ExtensionLists,
  hashes: WeakMap<Tool, string>,
): { part: Omit<Catalog, 'version'>; switchedOff: CatalogTool[]; warnings: string[] } {
  const warnings: string[] = []
  const taken = new Set<string>()
  const tools: CatalogTool[] = []
  const switchedOff: CatalogTool[] = []
  for (const tool of lists.tools) {
    const name = namespacedToolName(config.id, tool.name)
    // Only possible inside one extension (ids are unique and contain no "_"), e.g. a server listing
    // both "a.b" and a tool literally named like its sanitized form; the first one keeps the name.
    if (taken.has(name)) {
      warnings.push(`dropped tool "${tool.name}": its catalog name ${name} is already used by another tool of this extension`)
      continue
    }
    taken.add(name)
    const title = tool.title ?? tool.annotations?.title
    const annotations = effectiveAnnotations(tool)
    let hash = hashes.get(tool)
    if (hash === undefined) {
      // Over the title and annotations as listed here: what the permission layer pins (toolDefinitionOf).
      hash = definitionHash({ name: tool.name, title, description: tool.description, inputSchema: tool.inputSchema, annotations })
      hashes.set(tool, hash)
    }
    const entry: CatalogTool = {
      name,
      extensionId: config.id,
      extensionName: config.name,
      toolName: tool.name,
      title,
      description: tool.description ?? '',
      inputSchema: tool.inputSchema,
      outputSchema: tool.outputSchema,
      annotations,
      trust: config.trust,
      definitionHash: hash,
      ...appPart(tool),
      ...preApprovedPart(config, tool),
      ...(tool.annotations?.openWorldHint === true ? { openWorldDeclared: true as const } : {}),
    }
    // An off tool is built the same way, outside the catalog: the extension's page lists it, its Apps may call it.
    if (toolAllowed(config, tool.name)) tools.push(entry)
    else switchedOff.push(entry)
  }
  const promptNames = new Set<string>()
  const prompts: CatalogPrompt[] = []
  for (const prompt of lists.prompts) {
    const name = namespacedToolName(config.id, prompt.name)
    if (promptNames.has(name)) continue
    promptNames.add(name)
    prompts.push({ name, extensionId: config.id, promptName: prompt.name, title: prompt.title, description: prompt.description, arguments: prompt.arguments })
  }
  return {
    part: {
      tools,
      prompts,
      resources: lists.resources.map((resource) => ({ ...resource, extensionId: config.id })),
      resourceTemplates: lists.resourceTemplates.map((template) => ({ ...template, extensionId: config.id })),
    },
    switchedOff,
    warnings,
  }
}

/** The pre-approval mark, honoured only on a builtin extension's tool: an outside server cannot claim it. */
function preApprovedPart(config: Pick<ExtensionConfig, 'type'>, tool: Tool): Pick<CatalogTool, 'preApproved'> {
  const why = config.type === 'builtin' ? preApprovalOf(tool._meta) : undefined
  return why ? { preApproved: why } : {}
}
