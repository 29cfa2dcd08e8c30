/**
 * "Found 3 servers in Claude Desktop — import?": looks for the other apps' configs in their usual
 * places. A missing file is simply not offered; a file that cannot be read or parsed becomes one
 * clear line, never an exception.
 */
import type { DiscoveredConfig } from '../../../shared/extensionApi'
import { configLocations, type ConfigLocation, type ImportEnvironment } from './configLocations'
import { parseJsonText } from './jsonText'
import { readImportJson } from './previewImport'
import { isRecord } from './serverEntry'

/** Reads a config file as text; rejects with a Node error (its `code` says why) when it cannot. */
export type ConfigFileReader = (path: string) => Promise<string>

/** Codes that mean "there is no such file": the app is not installed or has no MCP config. */
const ABSENT = new Set(['ENOENT', 'ENOTDIR'])

/** One line naming the file, what went wrong and what to do. */
export function describeReadError(error: unknown, location: ConfigLocation): string {
  const code = (error as NodeJS.ErrnoException).code
  const where = `${location.label}'s config at ${location.path}`
  switch (code) {
    case 'EACCES':
    case 'EPERM':
      return `Could not read ${where}: permission denied. Allow Switchboard to read it, or open it yourself and paste its contents.`
    case 'EISDIR':
      return `${where} is a folder, not a file; nothing to import there.`
    default:
      return `Could not read ${where} (${(error as Error).message}); open it yourself and paste its contents.`
  }
}

/** Whether reading failed because the file does not exist. */
export function isAbsent(error: unknown): boolean {
  return ABSENT.has((error as NodeJS.ErrnoException).code ?? '')
}

async function inspect(location: ConfigLocation, read: ConfigFileReader): Promise<DiscoveredConfig | undefined> {
  const found = (serverNames: string[], problem?: string): DiscoveredConfig => ({
    source: location.source,
    label: location.label,
    path: location.path,
    serverCount: serverNames.length,
    serverNames,
    summary: problem ? `${location.label}'s config could not be read.` : `Found ${serverNames.length} server${serverNames.length === 1 ? '' : 's'} in ${location.label}.`,
    problem,
  })
  let text: string
  try {
    text = await read(location.path)
  } catch (error) {
    return isAbsent(error) ? undefined : found([], describeReadError(error, location))
  }
  const what = `${location.label}'s config (${location.path})`
  const parsed = parseJsonText(text, what)
  if (!parsed.ok) return found([], parsed.problem)
  const content = readImportJson(parsed.value, what)
  if (!isRecord(parsed.value)) return found([], content.problems.join(' '))
  // A file without an MCP section (Claude Desktop keeps other settings there too), or with an empty one, has nothing to offer.
  if (content.format === undefined) return undefined
  if (content.drafts.length > 0) return found(content.drafts.map((draft) => draft.key))
  return content.problems.length > 0 ? found([], content.problems.join(' ')) : undefined
}

/** The configs found in the usual places of `environment`, in a fixed order; never throws. */
export async function discoverConfigs(environment: ImportEnvironment, read: ConfigFileReader): Promise<DiscoveredConfig[]> {
  const results = await Promise.all(configLocations(environment).map((location) => inspect(location, read)))
  return results.filter((result): result is DiscoveredConfig => result !== undefined)
}
