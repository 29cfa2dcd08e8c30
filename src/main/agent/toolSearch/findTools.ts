/**
 * `find_tools`: the builtin tool the model uses to look up the catalog's other tools. It reads the
 * catalog only (no extension is called, so it needs no approval); the tools it returns are added to
 * the request from the next model step on and stay offered for the rest of the session.
 */
import type { JSONSchema7, Tool } from 'ai'
import { aiSdk } from '../../aiSdk/aiSdk'
import { z } from 'zod'
import type { CatalogTool } from '../../extensions'
import { sentDefinition } from '../catalogForTurn'
import { toolIndexOf } from './toolIndex'
import { catalogToolTokens } from './tokenWeight'

export const FIND_TOOLS = 'find_tools'
/** Tools one search returns unless the model asks for more (Anthropic's search returns 3–5 too). */
export const FIND_TOOLS_DEFAULT_LIMIT = 5
const FIND_TOOLS_MAX_LIMIT = 10
/** Definition tokens (o200k) one search may add at most, beyond its best match. */
export const FIND_TOOLS_TOKEN_BUDGET = 1_500

const FIND_TOOLS_DESCRIPTION =
  'Finds tools for a task among all the tools of the installed extensions. Only some tools are offered at first; ' +
  'call this with a few words describing what you need (e.g. "create github issue", "read file") and the best ' +
  'matches are added to your tools with their full definitions, callable from your next step on.'

const FIND_TOOLS_SCHEMA: JSONSchema7 = {
  type: 'object',
  properties: {
    query: { type: 'string', description: 'Words describing the task or the tool, e.g. "list open pull requests".' },
    limit: { type: 'integer', minimum: 1, maximum: FIND_TOOLS_MAX_LIMIT, description: `How many tools to return (default ${FIND_TOOLS_DEFAULT_LIMIT}).` },
  },
  required: ['query'],
  additionalProperties: false,
}

const FindToolsInput = z.object({ query: z.string().trim().min(1).max(500), limit: z.number().int().min(1).max(FIND_TOOLS_MAX_LIMIT).optional() })

/** The definition offered to the model. */
export function findToolsDefinition(): Tool {
  const { tool, jsonSchema } = aiSdk()
  return tool({ description: FIND_TOOLS_DESCRIPTION, inputSchema: jsonSchema(FIND_TOOLS_SCHEMA) })
}

/** The same definition as sent, for token figures. */
export const FIND_TOOLS_SENT = { name: FIND_TOOLS, description: FIND_TOOLS_DESCRIPTION, inputSchema: FIND_TOOLS_SCHEMA }

export type FindToolsOutcome =
  | { ok: true; found: CatalogTool[]; text: string }
  | { ok: false; text: string }

/** Runs one search over `tools` (the catalog as it is now). */
export function runFindTools(input: unknown, tools: readonly CatalogTool[]): FindToolsOutcome {
  const parsed = FindToolsInput.safeParse(input)
  if (!parsed.success) return { ok: false, text: `Invalid arguments for ${FIND_TOOLS}: give {"query": "words describing the tool"} (and optionally "limit", 1–${FIND_TOOLS_MAX_LIMIT}).` }
  const matches = toolIndexOf(tools).search(parsed.data.query, parsed.data.limit ?? FIND_TOOLS_DEFAULT_LIMIT)
  const found = withinBudget(matches)
  if (found.length === 0) return { ok: true, found, text: `No tool matches "${parsed.data.query}". Try other words (what the tool does, or the service it works with).` }
  // Each definition reaches the model once, as a tool of its next step (like Anthropic's tool_reference
  // expansion); repeating the schemas here too would send every found definition twice.
  const lines = found.map((entry) => `- ${entry.name}: ${sentDefinition(entry).description}`)
  const left = matches.length - found.length
  const more = left > 0 ? `\n${left} more matched but were left out to keep your tools small; search with more specific words to get them.` : ''
  return { ok: true, found, text: `Found ${found.length} tool${found.length === 1 ? '' : 's'}, now in your tools with their full definitions; call them from your next step:\n${lines.join('\n')}${more}` }
}

/**
 * The best matches, best first, while their definitions together stay within
 * FIND_TOOLS_TOKEN_BUDGET (the best one always comes, however large): one search never adds more
 * than about that much to every following request.
 */
function withinBudget(matches: readonly CatalogTool[]): CatalogTool[] {
  const kept: CatalogTool[] = []
  let tokens = 0
  for (const match of matches) {
    const weight = catalogToolTokens(match)
    if (kept.length > 0 && tokens + weight > FIND_TOOLS_TOKEN_BUDGET) break
    kept.push(match)
    tokens += weight
  }
  return kept
}
