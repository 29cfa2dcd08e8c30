/**
 * The session's extensions as `find_tools` lists them to the model: each one's id, name, tool
 * count and one line on what it does, so a request that shares no word with any tool ("draw me a
 * cat") can still reach the right extension, which the model then opens whole (as VS Code groups
 * tools past its limit). The catalog holds no description of an extension, only of its tools, so
 * the line is what its tools work with: the nouns its tool names use most ("issue, pull request,
 * repository").
 */
import type { CatalogTool } from '../../extensions'
import { visibleToModel } from '../../../shared/appMeta'

export interface ExtensionEntry {
  id: string
  name: string
  tools: CatalogTool[]
  /** What its tools work with, most used first. */
  topics: string[]
}

/** The most extensions listed in `find_tools`' description; the rest are counted. */
export const LISTED_EXTENSIONS = 30
const TOPICS = 3

/** Verbs and filler of tool names: what a tool does, not what it works with. */
const NOT_TOPICS = new Set([
  'get', 'list', 'create', 'update', 'delete', 'add', 'remove', 'set', 'read', 'write', 'search', 'find', 'run', 'make', 'post', 'put',
  'patch', 'retrieve', 'fetch', 'query', 'send', 'edit', 'move', 'open', 'close', 'start', 'stop', 'new', 'all', 'by', 'to', 'a', 'an', 'the',
  'of', 'for', 'in', 'on', 'with', 'and', 'or', 'api', 'mcp', 'tool', 'multiple', 'bulk', 'batch', 'info', 'details', 'status', 'check', 'manage',
  'use', 'do', 'is', 'it', 'me', 'my', 'describe', 'modify', 'toggle', 'suggest', 'call', 'trigger', 'simulate',
])

function nameWords(toolName: string): string[] {
  return toolName
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((word) => word.length > 1 && !/^\d+$/.test(word))
}

/** The catalog's extensions (tools an App keeps for itself left out), largest first. */
export function extensionsOf(catalog: readonly CatalogTool[]): ExtensionEntry[] {
  const byId = new Map<string, ExtensionEntry>()
  for (const tool of catalog) {
    if (!visibleToModel(tool.ui)) continue
    let entry = byId.get(tool.extensionId)
    if (!entry) {
      entry = { id: tool.extensionId, name: tool.extensionName, tools: [], topics: [] }
      byId.set(tool.extensionId, entry)
    }
    entry.tools.push(tool)
  }
  for (const entry of byId.values()) entry.topics = topicsOf(entry)
  return [...byId.values()].sort((a, b) => b.tools.length - a.tools.length || (a.id < b.id ? -1 : 1))
}

/** "issues" and "issue", "entities" and "entity" count as one topic; short words ("aws") stay. */
function singular(word: string): string {
  if (word.length <= 4) return word
  return word.endsWith('ies') ? `${word.slice(0, -3)}y` : word.replace(/(?<=[^su])s$/, '')
}

function topicsOf(entry: ExtensionEntry): string[] {
  const own = new Set([...nameWords(entry.id), ...nameWords(entry.name)])
  const counts = new Map<string, number>()
  const pairs = new Map<string, number>()
  for (const tool of entry.tools) {
    const topics = nameWords(tool.toolName)
      .map(singular)
      .filter((word) => !NOT_TOPICS.has(word) && !own.has(word))
    for (const word of new Set(topics)) counts.set(word, (counts.get(word) ?? 0) + 1)
    for (const pair of new Set(topics.slice(1).map((word, i) => `${topics[i]} ${word}`))) pairs.set(pair, (pairs.get(pair) ?? 0) + 1)
  }
  // Two words that mostly come together are one topic ("pull request").
  const topics: string[] = []
  const taken = new Set<string>()
  for (const [word] of [...counts].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))) {
    if (taken.has(word)) continue
    const pair = [...pairs].find(([key, count]) => key.split(' ').includes(word) && !key.split(' ').some((part) => taken.has(part)) && count >= 0.6 * counts.get(word)!)
    const topic = pair ? pair[0] : word
    for (const part of topic.split(' ')) taken.add(part)
    topics.push(topic)
    if (topics.length === TOPICS) break
  }
  return topics
}

/** Up to this many extensions, `find_tools`' description gives each one's topics too. */
export const DESCRIBED_EXTENSIONS = 8

/** The extension's name when it says more than its id ("ec2 (Amazon EC2)"; not "github (GitHub)"). */
function nameBeyondId(entry: ExtensionEntry): string {
  const id = entry.id.toLowerCase().replace(/[^a-z0-9]/g, '')
  return entry.name.toLowerCase().split(/[^a-z0-9]+/).every((word) => id.includes(word)) ? '' : ` (${entry.name})`
}

/** One line per extension: id, name, tool count and what its tools work with, at most LISTED_EXTENSIONS of them. */
export function extensionLines(extensions: readonly ExtensionEntry[]): string {
  const lines = extensions.slice(0, LISTED_EXTENSIONS).map((entry) => `- ${entry.id}${nameBeyondId(entry)}: ${entry.tools.length}${entry.topics.length > 0 ? `; ${entry.topics.join(', ')}` : ''}`)
  const more = extensions.length - LISTED_EXTENSIONS
  return lines.join('\n') + (more > 0 ? `\n- and ${more} more` : '')
}

/**
 * The extensions as `find_tools`' description lists them, sent with every request while search is
 * on: with their topics while there are few (DESCRIBED_EXTENSIONS), past that only ids, names and
 * tool counts on one line ("github 117, ec2 (Amazon EC2) 12, …"), so the list costs ~5 tokens an
 * extension, not ~17. The topics come with a search that finds nothing (findTools.ts), when the
 * model needs them to choose an extension to open.
 */
export function extensionSummary(extensions: readonly ExtensionEntry[]): string {
  if (extensions.length <= DESCRIBED_EXTENSIONS) return `The extensions (id (name): tools; what they work with):\n${extensionLines(extensions)}`
  const listed = extensions.slice(0, LISTED_EXTENSIONS).map((entry) => `${entry.id}${nameBeyondId(entry)} ${entry.tools.length}`)
  const more = extensions.length - LISTED_EXTENSIONS
  return `The extensions (id, tools): ${listed.join(', ')}${more > 0 ? ` and ${more} more` : ''}.`
}

/** The extension `wanted` names: its id, or its name, in any case. */
export function extensionNamed(extensions: readonly ExtensionEntry[], wanted: string): ExtensionEntry | undefined {
  const key = wanted.trim().toLowerCase()
  return extensions.find((entry) => entry.id === key) ?? extensions.find((entry) => entry.name.toLowerCase() === key)
}
