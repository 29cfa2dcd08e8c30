/**
 * Which tools one model step is offered. Found by search ("search", or "auto" over its budget): the tools the person marked "always
 * offer", the tools used recently in the session, the tools found by search in this session, and
 * `find_tools` to find the rest; with Anthropic's native search, every tool is sent but all others
 * are deferred. "Offer all tools" is the older way: every tool up to the limit (catalogForTurn.ts).
 */
import type { ToolSet } from 'ai'
import type { CatalogTool } from '../../extensions'
import { offersTools, type PermissionMode } from '../../permissions'
import { visibleToModel } from '../../../shared/appMeta'
import { catalogForTurn, sdkToolSet, type TurnWarning } from '../turn/catalogForTurn'
import { DEFERRED, NATIVE_TOOL_SEARCH, nativeToolSearchTool } from '../providers'
import { FIND_TOOLS, findToolsDefinition, findToolsSent } from './findTools'
import { catalogToolTokens, definitionTokens } from './tokenWeight'
import type { OfferedTools } from './autoOffer'
import type { StoredMessage } from '../session/storedMessage'

/** How many of the tools used last in a session stay offered. */
export const RECENT_TOOLS = 8

export interface ToolOfferInput {
  /** The turn's way ("auto" decided already, autoOffer.ts). */
  offer: OfferedTools
  /** The catalog as it is now. */
  catalog: readonly CatalogTool[]
  mode: PermissionMode
  /** Namespaced names the person marked "always offer". */
  alwaysOffer: ReadonlySet<string>
  /** Found by search in this session (persisted) and in this turn. */
  found: ReadonlySet<string>
  /** Used recently in this session, newest first. */
  recent: readonly string[]
  /** Use the provider's own tool search (Anthropic) instead of `find_tools`. */
  native: boolean
  /** For "all": tools per turn and the session's chosen extensions. */
  toolLimit?: number
  activeExtensions?: readonly string[]
}

export interface StepTools {
  toolSet: ToolSet | undefined
  /** The catalog tools the model may call this step. */
  byName: Map<string, CatalogTool>
  /** Tokens of the definitions the model's context holds (deferred ones are not in it). */
  definitionTokens: number
  /** Whether `find_tools` is offered (its calls are answered by the loop). */
  findTools: boolean
  /** "All tools" over the limit: which extensions were left out. */
  warning?: TurnWarning
}

export function toolsForStep(input: ToolOfferInput): StepTools {
  if (input.offer === 'all') {
    const turn = catalogForTurn({ tools: input.catalog, mode: input.mode, toolLimit: input.toolLimit, activeExtensions: input.activeExtensions })
    return { toolSet: sdkToolSet(turn.tools), byName: turn.byName, definitionTokens: sum(turn.tools), findTools: false, ...(turn.warning ? { warning: turn.warning } : {}) }
  }
  if (!offersTools(input.mode)) return { toolSet: undefined, byName: new Map(), definitionTokens: 0, findTools: false }
  const visible = input.catalog.filter((tool) => visibleToModel(tool.ui)).sort(byName)
  const recent = new Set(input.recent.slice(0, RECENT_TOOLS))
  const chosen = (tool: CatalogTool) => input.alwaysOffer.has(tool.name) || input.found.has(tool.name) || recent.has(tool.name)
  const loaded = visible.filter(chosen)

  if (input.native && visible.length > 0) {
    const toolSet = sdkToolSet(visible) ?? {}
    for (const tool of visible) if (!chosen(tool)) toolSet[tool.name] = { ...toolSet[tool.name], providerOptions: DEFERRED } as ToolSet[string]
    toolSet[NATIVE_TOOL_SEARCH] = nativeToolSearchTool()
    return { toolSet, byName: new Map(visible.map((tool) => [tool.name, tool])), definitionTokens: sum(loaded), findTools: false }
  }
  const toolSet = sdkToolSet(loaded) ?? {}
  const searchable = loaded.length < visible.length
  if (searchable) toolSet[FIND_TOOLS] = findToolsDefinition(input.catalog)
  return {
    toolSet: Object.keys(toolSet).length > 0 ? toolSet : undefined,
    byName: new Map(loaded.map((tool) => [tool.name, tool])),
    definitionTokens: sum(loaded) + (searchable ? definitionTokens(findToolsSent(input.catalog)) : 0),
    findTools: searchable,
  }
}

/** The session's tools used last, newest first, from its committed tool calls. */
export function recentToolNames(calls: readonly string[]): string[] {
  const names: string[] = []
  for (let index = calls.length - 1; index >= 0 && names.length < RECENT_TOOLS; index--) {
    const name = calls[index]
    if (name !== undefined && name !== FIND_TOOLS && !names.includes(name)) names.push(name)
  }
  return names
}

/**
 * The names of the calls in `history`, oldest first, as far back as recentToolNames looks: read from
 * the end, so a turn in a long conversation does not pass over all of it.
 */
export function calledToolNames(history: readonly StoredMessage[]): string[] {
  const names: string[] = []
  const distinct = new Set<string>()
  for (let index = history.length - 1; index >= 0 && distinct.size < RECENT_TOOLS; index--) {
    const message = history[index]!
    if (message.kind !== 'assistant') continue
    const calls = message.toolCalls.map((call) => call.name)
    names.unshift(...calls)
    for (const name of calls) if (name !== FIND_TOOLS) distinct.add(name)
  }
  return names
}

function sum(tools: readonly CatalogTool[]): number {
  return tools.reduce((total, tool) => total + catalogToolTokens(tool), 0)
}

function byName(a: CatalogTool, b: CatalogTool): number {
  return a.name < b.name ? -1 : a.name > b.name ? 1 : 0
}
