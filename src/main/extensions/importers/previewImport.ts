/**
 * Pasted or file text → what an import would do: which format it is, one candidate per server
 * with a unique extension id, and problems with the text as a whole. Pure: the caller passes the
 * ids already taken and does the reading, the keychain and the adding.
 */
import { ExtensionIdPattern, extensionIdFromName } from '../../../shared/toolNames'
import { buildCandidate } from './importCandidate'
import type { FormatReadResult, ImportPlan, ImportSource } from './importTypes'
import { parseJsonText } from './jsonText'
import { readMcpServersConfig } from './mcpServersFormat'
import { isRecord } from './serverEntry'
import { readVscodeConfig, vscodeRoot } from './vscodeFormat'

export interface PlanOptions {
  /** Ids of installed extensions: new ids avoid them. */
  takenIds: ReadonlySet<string>
  /** The app the text comes from, when known (shown; the format is told from the content). */
  source?: ImportSource
  /** The file it was read from. */
  path?: string
  /** Names the input in messages, e.g. "The pasted config" or "Claude Desktop's config". */
  what?: string
}

/** Text that is no config in a supported format: only the reasons. */
export interface Unreadable {
  format?: undefined
  problems: string[]
}

/** Tells the format from the parsed JSON and reads it. */
export function readImportJson(value: unknown, what: string): FormatReadResult | Unreadable {
  if (!isRecord(value)) return { problems: [`${what} must be a JSON object like {"mcpServers": {…}}, not ${Array.isArray(value) ? 'a list' : 'a single value'}.`] }
  if (value.mcpServers !== undefined) return readMcpServersConfig(value)
  if (vscodeRoot(value)) return readVscodeConfig(value)
  if (value.command !== undefined || value.url !== undefined) {
    return {
      problems: [`${what} looks like a single server. Wrap it with its name, e.g. {"mcpServers": {"my-server": {"command": …}}}, then paste it again.`],
    }
  }
  return { problems: [`${what} has neither "mcpServers" (Claude Desktop, Cursor) nor "servers" (VS Code); paste the whole config file.`] }
}

/** Gives each draft a unique id and builds its candidate. */
export function planFromRead(read: FormatReadResult, options: PlanOptions): ImportPlan {
  const taken = new Set(options.takenIds)
  const candidates = read.drafts.map((draft) => {
    const preferred = draft.preferredId
    const id = preferred && ExtensionIdPattern.test(preferred) && !taken.has(preferred) ? preferred : extensionIdFromName(preferred ?? draft.key, taken)
    taken.add(id)
    return buildCandidate(draft, id, read.inputs)
  })
  // An empty server list is not an error in the file, but the person should hear why nothing shows up.
  const problems = read.drafts.length === 0 && read.problems.length === 0 ? [`${options.what ?? 'The pasted config'} lists no servers; there is nothing to import.`] : read.problems
  return {
    preview: { format: read.format, source: options.source, path: options.path, servers: candidates.map((candidate) => candidate.preview), problems },
    candidates,
  }
}

/** Parses JSON/JSONC text in any supported format into a plan. Never throws. */
export function planImport(text: string, options: PlanOptions): ImportPlan {
  const what = options.what ?? 'The pasted config'
  const parsed = parseJsonText(text, what)
  const read: FormatReadResult | Unreadable = parsed.ok ? readImportJson(parsed.value, what) : { problems: [parsed.problem] }
  if (read.format === undefined) return { preview: { source: options.source, path: options.path, servers: [], problems: read.problems }, candidates: [] }
  return planFromRead(read, options)
}
