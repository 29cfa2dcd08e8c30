/**
 * The tools offered to the model for one turn. Deterministic (sorted by namespaced name), so the
 * same catalog always gives the same request and provider prompt caches keep working. Above the
 * limit a model chooses worse and every request costs more, so only whole extensions are offered:
 * the ones the person chose for the session, or, until they choose, as many as fit in id order,
 * with a warning that says which were left out. Slots still free after that are filled with the
 * first tools (by name) of the extensions that did not fit, so one extension bigger than the limit
 * still gets something done; the warning names those as partly offered.
 */
import type { JSONSchema7, ToolSet } from 'ai'
import { aiSdk } from '../../aiSdk/aiSdk'
import type { CatalogTool } from '../../extensions'
import { offersTools, type PermissionMode } from '../../permissions'
import { visibleToModel } from '../../../shared/appMeta'
import { stripInvisible, stripInvisibleProse } from '../../../shared/invisibleText'
import { slimSchema } from '../slimSchema'

export const DEFAULT_TOOL_LIMIT = 40

/** Shown in the progress: the person should choose the session's extensions. */
export type TurnWarning = {
  kind: 'too-many-tools'
  message: string
  available: number
  limit: number
  /** Extension ids whose tools were all offered. */
  used: string[]
  /** Extension ids of which only some tools were offered. */
  partly: string[]
  /** Extension ids whose tools were not offered at all. */
  leftOut: string[]
}

export interface TurnCatalog {
  tools: CatalogTool[]
  byName: Map<string, CatalogTool>
  warning?: TurnWarning
}

export interface CatalogForTurnInput {
  tools: readonly CatalogTool[]
  mode: PermissionMode
  /** Tools per turn; default 40. */
  toolLimit?: number
  /** The extensions the person chose for this session; when given, only their tools are offered. */
  activeExtensions?: readonly string[]
}

export function catalogForTurn(input: CatalogForTurnInput): TurnCatalog {
  if (!offersTools(input.mode)) return build([])
  const limit = input.toolLimit ?? DEFAULT_TOOL_LIMIT
  const chosen = input.activeExtensions ? new Set(input.activeExtensions) : undefined
  // Tools an App keeps for itself (`_meta.ui.visibility` without "model") are never offered.
  const candidates = [...input.tools].filter((entry) => visibleToModel(entry.ui) && (!chosen || chosen.has(entry.extensionId))).sort(byName)
  if (candidates.length <= limit) return build(candidates)

  const perExtension = new Map<string, CatalogTool[]>()
  for (const entry of candidates) perExtension.set(entry.extensionId, [...(perExtension.get(entry.extensionId) ?? []), entry])
  const used: string[] = []
  const leftOut: string[] = []
  let count = 0
  for (const id of [...perExtension.keys()].sort()) {
    const size = perExtension.get(id)?.length ?? 0
    if (count + size <= limit) {
      used.push(id)
      count += size
    } else {
      leftOut.push(id)
    }
  }
  const whole = new Set(used)
  const fill = new Set(candidates.filter((entry) => !whole.has(entry.extensionId)).slice(0, limit - count))
  const offered = candidates.filter((entry) => whole.has(entry.extensionId) || fill.has(entry))
  const partly = [...new Set([...fill].map((entry) => entry.extensionId))]
  const none = leftOut.filter((id) => !partly.includes(id))
  const why = chosen ? 'The extensions chosen for this session have' : 'The extensions have'
  const parts = [
    used.length > 0 ? `all tools of ${used.join(', ')}` : '',
    partly.length > 0 ? `some tools of ${partly.join(', ')}` : '',
    none.length > 0 ? `none of ${none.join(', ')}` : '',
  ].filter(Boolean)
  const message = `${why} ${candidates.length} tools, more than the ${limit} a model is offered at once. This turn offers ${parts.join('; ')}. Choose the active extensions for this session to decide which.`
  return build(offered, { kind: 'too-many-tools', message, available: candidates.length, limit, used, partly, leftOut: none })
}

/** The tool set for streamText: definitions only, no `execute`, so the agent loop runs every call itself. */
export function sdkToolSet(tools: readonly CatalogTool[]): ToolSet | undefined {
  if (tools.length === 0) return undefined
  const set: ToolSet = {}
  const { tool, jsonSchema } = aiSdk()
  for (const entry of tools) {
    // No validation here: the loop validates with ajv and turns a mismatch into an error the model can fix.
    // Hidden characters in an extension's prose never reach the model (invisibleText.ts); names and values stay as they are.
    const sent = sentDefinition(entry)
    set[entry.name] = tool({ description: sent.description, inputSchema: jsonSchema(sent.inputSchema as JSONSchema7) })
  }
  return set
}

/**
 * Catalog entries are snapshots (a changed tool is a new entry), so each is made ready for the model
 * once, not again at every step of every turn (issue 33: about 0.4 ms a step on the bench's one tool).
 */
const sentDefinitions = new WeakMap<CatalogTool, { name: string; description: string; inputSchema: unknown }>()

/** A catalog tool as the model receives it (also what its token weight is measured on); its schema slimmed, same meaning (slimSchema.ts). */
export function sentDefinition(entry: CatalogTool): { name: string; description: string; inputSchema: unknown } {
  let sent = sentDefinitions.get(entry)
  if (!sent) {
    sent = { name: entry.name, description: stripInvisible(describe(entry)), inputSchema: slimSchema(stripInvisibleProse(entry.inputSchema)) }
    sentDefinitions.set(entry, sent)
  }
  return sent
}

function describe(entry: CatalogTool): string {
  const title = entry.title && !entry.description.startsWith(entry.title) ? `${entry.title}. ` : ''
  return `${title}${entry.description}`.trim() || `${entry.toolName} (from ${entry.extensionName})`
}

function byName(a: CatalogTool, b: CatalogTool): number {
  return a.name < b.name ? -1 : a.name > b.name ? 1 : 0
}

function build(tools: CatalogTool[], warning?: TurnWarning): TurnCatalog {
  return { tools, byName: new Map(tools.map((entry) => [entry.name, entry])), ...(warning ? { warning } : {}) }
}
