/**
 * Importing servers other apps configured (Claude Desktop, Cursor, VS Code) and install links, as
 * the host tools serve it. The importers (extensions/importers) do the pure reading; this file adds
 * the I/O around them: reading the apps' files, the launch warnings the consent dialog also shows,
 * storing secrets in the keychain, and adding each chosen server through the extension service —
 * which stores it disabled until the person approves its launch, so an import never starts anything.
 */
import { readFile, stat } from 'node:fs/promises'
import { homedir } from 'node:os'
import {
  MAX_IMPORT_TEXT_LENGTH,
  type DiscoveredConfig,
  type ExtensionImportResult,
  type HostToolArgs,
  type ImportPreview,
  type ImportServerResult,
} from '../../../shared/hostApi'
import { configLocation, type ImportEnvironment } from '../../extensions/importers/configLocations'
import { describeReadError, discoverConfigs, isAbsent, type ConfigFileReader } from '../../extensions/importers/discoverConfigs'
import { applyChoice, matchChoices, type ServerToAdd } from '../../extensions/importers/importChoices'
import type { ImportPlan } from '../../extensions/importers/importTypes'
import { planImport } from '../../extensions/importers/previewImport'
import type { SecretStore } from '../../secrets/secretStore'
import type { ExtensionService } from './extensionService'
import type { InstalledFrom } from '../../../shared/policyApi'
import type { ExtensionConfig } from '../../extensions'
import { installLinkPlan } from './installLink'
import { launchWarnings } from './launchReview'

export interface ConfigImportOptions {
  extensions: Pick<ExtensionService, 'views' | 'add'>
  secrets: Pick<SecretStore, 'set' | 'delete'>
  /** Home, environment and platform to look for the apps' files in; the real ones by default. */
  environment?: () => ImportEnvironment
  /** Reads an app's config file; from disk with a size cap by default. */
  readConfigFile?: ConfigFileReader
  /** Why the managed policy refuses a server (the extension service asks again when it is added); shown in the preview as a problem. */
  policyRefusal?: (config: ExtensionConfig) => string | undefined
}

export interface ConfigImport {
  preview(request: HostToolArgs<'extension_import_preview'>): Promise<ImportPreview>
  previewLink(link: string): ImportPreview
  /** Adds the chosen servers (each then waits for the consent dialog); per-server results. */
  run(request: HostToolArgs<'extension_import'>): Promise<ExtensionImportResult>
  discover(): Promise<DiscoveredConfig[]>
}

const realEnvironment = (): ImportEnvironment => ({ home: homedir(), env: process.env, platform: process.platform })

/** Reads a config file, refusing folders and files far larger than any MCP config before reading them. */
export const readConfigFileFromDisk: ConfigFileReader = async (path) => {
  const info = await stat(path)
  if (info.isDirectory()) throw Object.assign(new Error('it is a folder'), { code: 'EISDIR' })
  if (info.size > MAX_IMPORT_TEXT_LENGTH) throw new Error(`it is ${info.size} bytes, far more than an MCP config; it was not read`)
  return readFile(path, 'utf8')
}

/** Puts the launch warnings first, the same ones the consent dialog will show (unusual launcher, inline code). */
function withLaunchWarnings(plan: ImportPlan): ImportPlan {
  for (const { preview } of plan.candidates) {
    if (preview.type === 'stdio' && preview.command !== undefined) preview.warnings.unshift(...launchWarnings(preview.command, preview.args ?? []))
  }
  return plan
}

export function createConfigImport(options: ConfigImportOptions): ConfigImport {
  const environment = options.environment ?? realEnvironment
  const read = options.readConfigFile ?? readConfigFileFromDisk
  const takenIds = () => new Set(options.extensions.views().map((view) => view.id))
  /** A server the managed policy refuses cannot be chosen: the preview says so before anything is stored. */
  const withPolicy = (plan: ImportPlan, from: InstalledFrom): ImportPlan => {
    for (const candidate of plan.candidates) {
      const refused = candidate.config && options.policyRefusal?.({ ...candidate.config, installedFrom: from })
      if (!refused) continue
      candidate.preview.importable = false
      candidate.preview.problems.unshift(refused)
    }
    return plan
  }

  const planFor = async (request: { json?: string; source?: HostToolArgs<'extension_import'>['source']; link?: string }): Promise<ImportPlan> => {
    if (request.link !== undefined) return withPolicy(withLaunchWarnings(installLinkPlan(request.link, takenIds())), { source: 'link' })
    if (request.json !== undefined) return withPolicy(withLaunchWarnings(planImport(request.json, { takenIds: takenIds(), source: request.source })), { source: 'import' })
    if (request.source === undefined) return { preview: { servers: [], problems: ['Give the config to import: paste its JSON, pick an app, or paste an install link.'] }, candidates: [] }
    const location = configLocation(request.source, environment())
    let text: string
    try {
      text = await read(location.path)
    } catch (error) {
      const problem = isAbsent(error)
        ? `There is no ${location.label} config at ${location.path}: ${location.label} has no MCP servers set up for this user. If it keeps them elsewhere, paste the file's contents instead.`
        : describeReadError(error, location)
      return { preview: { source: request.source, path: location.path, servers: [], problems: [problem] }, candidates: [] }
    }
    return withPolicy(withLaunchWarnings(planImport(text, { takenIds: takenIds(), source: request.source, path: location.path, what: `${location.label}'s config (${location.path})` })), { source: 'import' })
  }

  /** Stores the secrets, then adds the server; if adding fails the secrets are removed again (they would belong to nothing). */
  const addServer = async (server: ServerToAdd, base: Pick<ImportServerResult, 'id' | 'key' | 'name'>, from: InstalledFrom): Promise<ImportServerResult> => {
    const stored: string[] = []
    try {
      for (const { name, value } of server.secrets) {
        await options.secrets.set(name, value)
        stored.push(name)
      }
      const extension = await options.extensions.add(server.config, 'install', from)
      return { ...base, outcome: 'added', errors: [], storedSecrets: stored, missingSecrets: server.missing, extension }
    } catch (error) {
      await Promise.all(stored.map((name) => options.secrets.delete(name).catch(() => false)))
      return { ...base, outcome: 'failed', errors: [(error as Error).message], storedSecrets: [], missingSecrets: [] }
    }
  }

  return {
    preview: async (request) => (await planFor(request)).preview,
    previewLink: (link) => withPolicy(withLaunchWarnings(installLinkPlan(link, takenIds())), { source: 'link' }).preview,
    async run(request) {
      const plan = await planFor(request)
      if (plan.candidates.length === 0) return { results: [], problems: plan.preview.problems }
      const { matched, unmatched } = matchChoices(plan.candidates, request.servers)
      const failure = (id: string, key: string, name: string, errors: string[]): ImportServerResult => ({ id, key, name, outcome: 'failed', errors, storedSecrets: [], missingSecrets: [] })
      if (unmatched.length > 0) {
        // Choices made on a preview that no longer matches could add the wrong server; add none.
        return {
          results: unmatched.map(({ choice, error }) => failure(choice.id, choice.key ?? '', choice.key ?? choice.id, [error])),
          problems: ['Nothing was imported: the choices do not match this config any more. Preview it again and choose again.'],
        }
      }
      const results: ImportServerResult[] = []
      // One at a time, in the file's order: ids were assigned in that order, and the keychain gets one write at a time.
      for (const { candidate, choice } of matched) {
        const base = { id: candidate.preview.id, key: candidate.preview.key, name: candidate.preview.name }
        if (!choice?.include) {
          results.push({ ...base, outcome: 'skipped', errors: [], storedSecrets: [], missingSecrets: [] })
          continue
        }
        const applied = applyChoice(candidate, choice, request.inputs ?? {})
        results.push(applied.ok ? await addServer(applied.server, base, { source: request.link !== undefined ? 'link' : 'import' }) : failure(base.id, base.key, base.name, applied.errors))
      }
      return { results, problems: plan.preview.problems }
    },
    discover: () => discoverConfigs(environment(), read),
  }
}
