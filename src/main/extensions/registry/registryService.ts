/**
 * The MCP Registry as the host serves it: search pages and server details (cached, validated,
 * `deleted` hidden, `deprecated` flagged) and installing a package or remote. Installing stores the
 * secrets in the keychain, then adds the config through the extension service, which keeps a launch
 * stopped until the person approved the exact command in the consent dialog.
 */
import { join } from 'node:path'
import type { RegistryEntry, RegistryPage, RegistryServerDetails } from '../../../shared/registryApi'
import { extensionIdFromName } from '../../../shared/toolNames'
import type { ExtensionView } from '../../../shared/extensionApi'
import type { InstalledFrom } from '../../../shared/policyApi'
import { log } from '../../log/log'
import { buildInstall, type ChoiceRef } from './choiceBuild'
import { describeChoices } from './choiceForm'
import { openRegistryCache, type CachedAnswer, type RegistryCache } from './registryCache'
import { downloadBundle, removeDownload } from './registryBundle'
import { fetchRegistryJson, REGISTRY_ADDRESS, searchUrl, serverVersionUrl, type FetchLike } from './registryClient'
import { inlineIcon, pickIcon } from './registryIcons'
import { ServerListSchema, readEntry, statusOf, type RegistryPackage, type ServerJson, type ServerResponse } from './registrySchemas'

/** A cached answer younger than this is used without asking the registry. */
export const FRESH_MS = 10 * 60 * 1000

export interface RegistryServiceOptions {
  dataDir: string
  /** The registry base URL from settings, read on every request. */
  registryUrl: () => string
  /** `from`: kept in the config, so the managed policy knows the registry name (policyApi.ts). */
  extensions: { views(): ExtensionView[]; add(config: Record<string, unknown>, source?: 'install', from?: InstalledFrom): Promise<ExtensionView> }
  secrets: { set(name: string, value: string): Promise<void>; delete(name: string): Promise<unknown> }
  fetch?: FetchLike
  now?: () => Date
  /** Installs a downloaded, checked .mcpb file (the bundle installer); without it mcpb packages are not offered. */
  installBundle?: (path: string) => Promise<{ extension: ExtensionView; missing: string[] }>
}

export interface RegistryService {
  search(request: { query?: string; cursor?: string; refresh?: boolean }): Promise<RegistryPage>
  server(request: { name: string; version?: string; refresh?: boolean }): Promise<RegistryServerDetails>
  install(request: { name: string; version: string; choice: ChoiceRef; inputs: Record<string, string> }): Promise<{ extension: ExtensionView; storedSecrets: string[]; missingSettings?: string[] }>
  /** Resolves when the cache's last change is on disk. */
  flush(): Promise<void>
}

type Fetched = CachedAnswer & { fromCache: boolean; warning?: string }

function entryOf(server: ServerJson, response: ServerResponse): RegistryEntry {
  const kinds = [...new Set([...(server.packages ?? []).map((pkg) => pkg.registryType), ...((server.remotes ?? []).length > 0 ? ['remote'] : [])])]
  return { name: server.name, title: server.title, description: server.description, version: server.version, status: statusOf(response), icon: pickIcon(server.icons), kinds }
}

/** Only http(s) links are offered to open. */
function webLink(url: string | undefined): string | undefined {
  if (!url) return undefined
  try {
    const parsed = new URL(url)
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.href : undefined
  } catch {
    return undefined
  }
}

/** The display name for an installed server: its title, else the part of its name after "/". */
const displayName = (server: ServerJson) => (server.title?.trim() || server.name.slice(server.name.indexOf('/') + 1)).slice(0, 80)

export function createRegistryService(options: RegistryServiceOptions): RegistryService {
  // Read on first use, not when the host starts: the cache file can be large and most starts never search.
  let opened: RegistryCache | undefined
  const cache = () => (opened ??= openRegistryCache(options.dataDir))
  const now = options.now ?? (() => new Date())

  const fetchCached = async (url: string, refresh: boolean): Promise<Fetched> => {
    const cached = cache().get(url)
    if (cached && !refresh && now().getTime() - Date.parse(cached.fetchedAt) < FRESH_MS) return { ...cached, fromCache: true }
    try {
      const answer = { body: await fetchRegistryJson(url, options.fetch), fetchedAt: now().toISOString() }
      cache().set(url, answer)
      return { ...answer, fromCache: false }
    } catch (error) {
      if (!cached) throw error
      // Offline or the registry is down: the last answer is better than nothing, marked with its age.
      log('info', 'registry', `Using the cached answer for ${url}: ${(error as Error).message}`)
      return { ...cached, fromCache: true, warning: `${(error as Error).message} Showing the answer from ${cached.fetchedAt}.` }
    }
  }

  const details = async (name: string, version: string | undefined, refresh: boolean) => {
    const fetched = await fetchCached(serverVersionUrl(options.registryUrl(), name, version), refresh)
    const read = readEntry(fetched.body)
    if (!read.ok) throw new Error(`The registry's entry for ${name} cannot be read (${read.reason}); it cannot be installed.`)
    const { server } = read.response
    if (server.name !== name) throw new Error(`The registry answered with ${server.name} when asked for ${name}; check ${REGISTRY_ADDRESS}.`)
    if (statusOf(read.response) === 'deleted') throw new Error(`${name} was removed from the registry; it can no longer be installed.`)
    return { fetched, response: read.response, server }
  }

  /** Download, check the SHA-256, hand the file to the bundle installer (consent and settings are its job), delete the download. */
  const installBundlePackage = async (pkg: RegistryPackage, installBundle: NonNullable<RegistryServiceOptions['installBundle']>) => {
    const path = await downloadBundle(pkg, join(options.dataDir, 'registry-downloads'), options.fetch)
    try {
      const { extension, missing } = await installBundle(path)
      return { extension, storedSecrets: [], missingSettings: missing }
    } finally {
      await removeDownload(path)
    }
  }

  return {
    flush: async () => opened?.flush(),
    async search({ query, cursor, refresh = false }) {
      const registryUrl = options.registryUrl()
      const fetched = await fetchCached(searchUrl(registryUrl, { query: query?.trim(), cursor }), refresh)
      const list = ServerListSchema.safeParse(fetched.body)
      if (!list.success) throw new Error(`The MCP Registry at ${new URL(registryUrl).origin} answered in an unknown format; check ${REGISTRY_ADDRESS}.`)
      const entries: RegistryEntry[] = []
      const dropped: RegistryPage['dropped'] = []
      const seen = new Set<string>()
      for (const raw of list.data.servers) {
        const read = readEntry(raw)
        if (!read.ok) {
          dropped.push({ name: read.name, reason: read.reason })
          continue
        }
        const { server } = read.response
        if (statusOf(read.response) === 'deleted' || seen.has(server.name)) continue
        seen.add(server.name)
        entries.push(entryOf(server, read.response))
      }
      if (dropped.length > 0) log('warn', 'registry', `Left out ${dropped.length} unreadable registry entries: ${dropped.map((item) => `${item.name ?? '?'} (${item.reason})`).join('; ')}`)
      const nextCursor = list.data.metadata?.nextCursor ?? undefined
      return { registryUrl, entries, nextCursor: nextCursor || undefined, lastUpdated: fetched.fetchedAt, fromCache: fetched.fromCache, warning: fetched.warning, dropped }
    },
    async server({ name, version, refresh = false }) {
      const { fetched, response, server } = await details(name, version, refresh)
      const entry = entryOf(server, response)
      return {
        ...entry,
        icon: await inlineIcon(entry.icon, options.fetch),
        websiteUrl: webLink(server.websiteUrl),
        repositoryUrl: webLink(server.repository?.url),
        choices: describeChoices(server, { bundles: options.installBundle !== undefined }),
        lastUpdated: fetched.fetchedAt,
        fromCache: fetched.fromCache,
      }
    },
    async install({ name, version, choice, inputs }) {
      const { server } = await details(name, version, false)
      const pkg = choice.kind === 'package' ? server.packages?.[choice.index] : undefined
      if (pkg?.registryType === 'mcpb' && options.installBundle) return installBundlePackage(pkg, options.installBundle)
      const taken = new Set(options.extensions.views().map((view) => view.id))
      const identity = { id: extensionIdFromName(displayName(server), taken), name: displayName(server) }
      const built = buildInstall(server, choice, inputs, identity)
      if (!built.ok) throw new Error(built.errors.join('\n'))
      const stored: string[] = []
      try {
        for (const secret of built.secrets) {
          await options.secrets.set(secret.name, secret.value)
          stored.push(secret.name)
        }
        // The extension service stores a launch that needs consent disabled and asks the person first.
        return { extension: await options.extensions.add(built.config, 'install', { source: 'registry', registryName: name }), storedSecrets: stored }
      } catch (error) {
        // Secrets of an extension that was not added would belong to nothing.
        await Promise.all(stored.map((secretName) => options.secrets.delete(secretName).catch(() => false)))
        throw error
      }
    },
  }
}
