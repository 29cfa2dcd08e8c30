/**
 * `find_tools`: the builtin tool the model uses to look up the catalog's other tools. It reads the
 * catalog only (no extension is called, so it needs no approval); the tools it returns are added to
 * the request from the next model step on and stay offered for the rest of the session.
 */
import type { JSONSchema7, Tool } from 'ai'
import { aiSdk } from '../../aiSdk/aiSdk'
import { z } from 'zod'
import type { CatalogTool } from '../../extensions'
import { sentDefinition } from '../turn/catalogForTurn'
import { toolIndexOf } from './toolIndex'
import { catalogToolTokens } from './tokenWeight'
import { extensionLines, extensionNamed, extensionsOf, extensionSummary, type ExtensionEntry } from './extensionList'

export const FIND_TOOLS = 'find_tools'
/** Tools one search returns unless the model asks for more (Anthropic's search returns 3–5 too). */
export const FIND_TOOLS_DEFAULT_LIMIT = 5
const FIND_TOOLS_MAX_LIMIT = 10
/**
 * Definition tokens (o200k) one search may add at most; its best match comes even when heavier.
 * With find_tools' own definition (~450 tokens with 27 extensions listed compactly) and the result
 * text (a short line a tool) one search costs at most ~2,000 tokens unless a single tool is heavier.
 */
export const FIND_TOOLS_TOKEN_BUDGET = 1_300
/** The most characters of a found tool's description repeated in the result (its definition has it all). */
const RESULT_LINE_CHARS = 100

/** Phrasings one call may add beside `query`. */
const MAX_PHRASINGS = 5

// Sent with every request while search is on: every word here costs on each step.
const FIND_TOOLS_DESCRIPTION =
  "Finds tools among the installed extensions' tools; the matches join your tools from your next step on. " +
  "Name the action and the object in a tool's words, and the product if any " +
  '(e.g. "create pull request github" for "ship my branch as a PR", "list ec2 instances" for "which VMs are running"); ' +
  'give other phrasings in "queries". If no search finds it, open a whole extension with "extension".'

function schemaOf(extensions: readonly ExtensionEntry[]): JSONSchema7 {
  return {
    type: 'object',
    properties: {
      query: { type: 'string', description: 'Words describing the tool: action, object and product, e.g. "list open pull requests github".' },
      queries: { type: 'array', items: { type: 'string' }, maxItems: MAX_PHRASINGS, description: 'More phrasings of the same need, searched with "query" (e.g. ["aws cost and usage", "billing this month"]).' },
      extension: {
        type: 'string',
        description: `Open a whole extension by id: all its tools are offered for the session. ${extensionSummary(extensions)}`,
      },
      limit: { type: 'integer', minimum: 1, maximum: FIND_TOOLS_MAX_LIMIT, description: `How many tools to return (default ${FIND_TOOLS_DEFAULT_LIMIT}).` },
    },
    additionalProperties: false,
  }
}

const Phrase = z.string().trim().min(1).max(500)
const FindToolsInput = z
  .object({ query: Phrase.optional(), queries: z.array(Phrase).max(MAX_PHRASINGS).optional(), extension: z.string().trim().min(1).max(200).optional(), limit: z.number().int().min(1).max(FIND_TOOLS_MAX_LIMIT).optional() })
  .refine((input) => input.query !== undefined || (input.queries?.length ?? 0) > 0 || input.extension !== undefined)

interface Sent {
  name: string
  description: string
  inputSchema: JSONSchema7
}
// The definition changes only with the catalog (a new array whenever a list changes): built once per catalog.
const sentByCatalog = new WeakMap<readonly CatalogTool[], Sent>()

/** `find_tools` as sent for this catalog: its input schema lists the catalog's extensions. */
export function findToolsSent(catalog: readonly CatalogTool[]): Sent {
  let sent = sentByCatalog.get(catalog)
  if (!sent) {
    sent = { name: FIND_TOOLS, description: FIND_TOOLS_DESCRIPTION, inputSchema: schemaOf(extensionsOf(catalog)) }
    sentByCatalog.set(catalog, sent)
  }
  return sent
}

/** The definition offered to the model. */
export function findToolsDefinition(catalog: readonly CatalogTool[]): Tool {
  const { tool, jsonSchema } = aiSdk()
  const sent = findToolsSent(catalog)
  return tool({ description: sent.description, inputSchema: jsonSchema(sent.inputSchema) })
}

export type FindToolsOutcome =
  | { ok: true; found: CatalogTool[]; text: string }
  | { ok: false; text: string }

/** Runs one search, or opens one extension, over `tools` (the catalog as it is now). */
export function runFindTools(input: unknown, tools: readonly CatalogTool[]): FindToolsOutcome {
  const parsed = FindToolsInput.safeParse(input)
  if (!parsed.success) {
    return { ok: false, text: `Invalid arguments for ${FIND_TOOLS}: give {"query": "words describing the tool"} (optionally "queries": more phrasings, and "limit", 1–${FIND_TOOLS_MAX_LIMIT}), or {"extension": "<id>"} to open a whole extension.` }
  }
  const { query, queries = [], extension, limit } = parsed.data
  const parts: string[] = []
  const found: CatalogTool[] = []
  if (extension !== undefined) {
    const extensions = extensionsOf(tools)
    const opened = extensionNamed(extensions, extension)
    if (!opened) return { ok: false, text: `No extension "${extension}" in this session. Its extensions: ${extensions.map((entry) => entry.id).join(', ') || 'none'}.` }
    found.push(...opened.tools)
    const tokens = opened.tools.reduce((total, tool) => total + catalogToolTokens(tool), 0)
    parts.push(`Opened the extension ${opened.id}${opened.name !== opened.id ? ` (${opened.name})` : ''}: its ${opened.tools.length} tool${opened.tools.length === 1 ? '' : 's'} (≈ ${tokens.toLocaleString('en-US')} tokens of definitions) are now in your tools for the rest of the session; call them from your next step: ${opened.tools.map((tool) => tool.name).join(', ')}.`)
  }
  const phrasings = [...(query !== undefined ? [query] : []), ...queries]
  if (phrasings.length > 0) {
    const matches = toolIndexOf(tools).searchAll(phrasings, limit ?? FIND_TOOLS_DEFAULT_LIMIT).filter((tool) => !found.includes(tool))
    const kept = withinBudget(matches)
    found.push(...kept)
    const said = phrasings.map((phrasing) => `"${phrasing}"`).join(' or ')
    if (kept.length === 0) {
      // Only now the extensions' topics: find_tools' description lists just their ids when there are many.
      if (extension === undefined) parts.push(`No tool matches ${said}. Try other words (what the tool does, or the service it works with), or open a whole extension with "extension". The extensions (id (name): tools; what they work with):\n${extensionLines(extensionsOf(tools))}`)
    } else {
      // Each definition reaches the model once, as a tool of its next step (like Anthropic's tool_reference
      // expansion); repeating the schemas here too would send every found definition twice.
      // Here only a short line on each, to choose by: its first sentence.
      const lines = kept.map((entry) => `- ${entry.name}: ${firstSentence(sentDefinition(entry).description)}`)
      const left = matches.length - kept.length
      const more = left > 0 ? `\n${left} more matched but were left out to keep your tools small; search with more specific words to get them.` : ''
      parts.push(`Found ${kept.length} tool${kept.length === 1 ? '' : 's'}, now in your tools with their full definitions; call them from your next step:\n${lines.join('\n')}${more}`)
    }
  }
  return { ok: true, found, text: parts.join('\n') }
}

/** The first sentence of `text` (at most RESULT_LINE_CHARS characters, cut at a word with "…"). */
export function firstSentence(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim()
  const end = flat.search(/[.!?](\s|$)/)
  const sentence = end >= 0 ? flat.slice(0, end + 1) : flat
  if (sentence.length <= RESULT_LINE_CHARS) return sentence
  const cut = sentence.slice(0, RESULT_LINE_CHARS)
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), RESULT_LINE_CHARS / 2)).replace(/[\s,;:]+$/, '')}…`
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
