/**
 * Where a plugin comes from, staged into a private folder before anything reads it: a folder
 * (copied, refusing links), a `.zip` (the bundle unzipper with its zip-bomb and entry-name guards),
 * or an entry of a marketplace (`marketplace.json` by URL) whose source is a relative path inside the
 * marketplace or the URL of a `.zip`. `github`/`git`/`npm` sources are listed as not supported yet;
 * a relative source that leaves the marketplace is refused.
 */
import { copyFile, lstat, mkdir, readdir, readFile, rm } from 'node:fs/promises'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { formatBytes } from '../../../shared/format'
import type { MarketplaceListing, PluginSource } from '../../../shared/pluginsApi'
import { DEFAULT_ARCHIVE_LIMITS, type ArchiveLimits } from '../../extensions/bundles/archiveLimits'
import { MarketplaceSchema, parseJsonFile, PluginError, type Marketplace, type MarketplaceEntry } from './pluginFormat'
import { listPluginFiles, MANIFEST_PATH } from './pluginReader'

/** Plugins are small; a larger download or archive is refused before it is unzipped. */
export const PLUGIN_ARCHIVE_LIMITS: ArchiveLimits = { ...DEFAULT_ARCHIVE_LIMITS, maxEntries: 5_000, maxTotalBytes: 256 * 1024 * 1024, maxEntryBytes: 64 * 1024 * 1024 }
const MAX_ZIP_BYTES = 128 * 1024 * 1024
const MAX_MARKETPLACE_BYTES = 2 * 1024 * 1024
const DOWNLOAD_TIMEOUT_MS = 60_000

/** A staged plugin: the folder holding it (inside `dir`, which the caller removes) and where it came from. */
export interface Staged {
  root: string
  source: PluginSource
  /** The name to use when the plugin has no manifest. */
  fallbackName?: string
}

/** Copies a plugin folder into `target`, refusing links (checked whole before the first file is copied). */
export async function stageFolder(path: string, target: string): Promise<void> {
  const info = await lstat(path).catch(() => undefined)
  if (!info) throw new PluginError(`Nothing is at ${path}; choose a plugin folder or a .zip.`)
  if (info.isSymbolicLink()) throw new PluginError(`${path} is a link; choose the plugin folder itself.`)
  if (!info.isDirectory()) throw new PluginError(`${path} is not a folder; choose a plugin folder or a .zip.`)
  const files = await listPluginFiles(path)
  for (const rel of files) {
    const to = join(target, ...rel.split('/'))
    await mkdir(join(to, '..'), { recursive: true })
    await copyFile(join(path, ...rel.split('/')), to)
  }
}

/** Unzips a plugin archive into `target`; the plugin is the archive's top or its one top-level folder. */
export async function stageZip(zip: Buffer, target: string, limits: ArchiveLimits = PLUGIN_ARCHIVE_LIMITS): Promise<string> {
  // The unzipper (yauzl) loads on first use, never on the start path (test/lint/startPath.test.ts).
  const { unzipBundle, BundleArchiveError } = await import('../../extensions/bundles/unzipBundle')
  try {
    await unzipBundle(zip, target, limits)
  } catch (error) {
    if (error instanceof BundleArchiveError) throw new PluginError(error.message.replace(/\bbundle\b/g, 'plugin archive').replace(/choose an \.mcpb plugin archive/, 'choose a plugin .zip'))
    throw error
  }
  return pluginRootIn(target)
}

async function pluginRootIn(dir: string): Promise<string> {
  if (await exists(join(dir, ...MANIFEST_PATH.split('/')))) return dir
  const entries = (await readdir(dir, { withFileTypes: true })).filter((entry) => entry.name !== '__MACOSX')
  if (entries.length === 1 && entries[0]!.isDirectory()) return join(dir, entries[0]!.name)
  return dir
}

const exists = (path: string) =>
  lstat(path).then(
    () => true,
    () => false,
  )

/** Reads a file or downloads a URL (http, https, file), at most `limit` bytes. */
export async function fetchBytes(url: URL, limit: number, what: string): Promise<Buffer> {
  if (url.protocol === 'file:') {
    const path = fileURLToPath(url)
    const info = await lstat(path).catch(() => undefined)
    if (!info?.isFile()) throw new PluginError(`${what} ${url.href} is not a file; check the address.`)
    if (info.size > limit) throw new PluginError(`${what} is ${formatBytes(info.size)}, more than the ${formatBytes(limit)} allowed.`)
    return readFile(path)
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new PluginError(`${what} must be an https:, http: or file: address, not ${url.protocol}`)
  let response: Response
  try {
    response = await fetch(url, { redirect: 'follow', signal: AbortSignal.timeout(DOWNLOAD_TIMEOUT_MS) })
  } catch (error) {
    throw new PluginError(`Cannot reach ${url.href} (${(error as Error).message}); check the address and your connection.`)
  }
  if (!response.ok) throw new PluginError(`${url.href} answered ${response.status} ${response.statusText}; check the address.`)
  const declared = Number(response.headers.get('content-length') ?? 0)
  if (declared > limit) throw new PluginError(`${what} is ${formatBytes(declared)}, more than the ${formatBytes(limit)} allowed.`)
  const chunks: Buffer[] = []
  let total = 0
  for await (const chunk of response.body ?? []) {
    total += (chunk as Uint8Array).length
    if (total > limit) throw new PluginError(`${what} is more than the ${formatBytes(limit)} allowed; it was not downloaded further.`)
    chunks.push(Buffer.from(chunk as Uint8Array))
  }
  return Buffer.concat(chunks)
}

export interface OpenedMarketplace {
  url: URL
  /** The folder holding `.claude-plugin/` (relative sources resolve from it). */
  root: URL
  marketplace: Marketplace
}

export async function openMarketplace(address: string): Promise<OpenedMarketplace> {
  let url: URL
  try {
    url = new URL(address)
  } catch {
    throw new PluginError(`"${address}" is not a URL; give the address of a marketplace.json (https://…/.claude-plugin/marketplace.json).`)
  }
  const text = (await fetchBytes(url, MAX_MARKETPLACE_BYTES, 'The marketplace file')).toString('utf8')
  const marketplace = parseJsonFile('marketplace.json', text, MarketplaceSchema)
  const root = new URL(url.pathname.endsWith('/.claude-plugin/marketplace.json') ? '../' : './', url)
  return { url, root, marketplace }
}

type Resolved = { kind: 'folder'; path: string } | { kind: 'zip'; url: URL } | { kind: 'unsupported'; reason: string }

/** Where an entry's plugin is, or why it cannot be installed from here; throws for an entry pointing outside the marketplace. */
export function resolveEntry(opened: OpenedMarketplace, entry: MarketplaceEntry): Resolved {
  const { source } = entry
  if (typeof source === 'object') {
    if (source.source === 'url' && source.url && /\.zip$/i.test(new URL(source.url, opened.root).pathname) && !source.path) return zipAt(opened, new URL(source.url, opened.root), entry)
    return { kind: 'unsupported', reason: `"${source.source}" sources (git repositories, packages) are not supported yet; only relative paths and .zip URLs are` }
  }
  if (/^[a-z][a-z0-9+.-]*:/i.test(source)) {
    const url = new URL(source)
    if (/\.zip$/i.test(url.pathname)) return zipAt(opened, url, entry)
    return { kind: 'unsupported', reason: 'a URL source must be a .zip (git repositories are not supported yet)' }
  }
  const pluginRoot = opened.marketplace.metadata?.pluginRoot
  const base = pluginRoot && !source.startsWith('./') ? new URL(`${pluginRoot.replace(/\/?$/, '/')}`, opened.root) : opened.root
  const resolved = new URL(source, base)
  if (resolved.origin !== opened.root.origin || !resolved.href.startsWith(opened.root.href)) {
    throw new PluginError(`The marketplace entry "${entry.name}" points outside the marketplace (${source}); a relative source must stay inside the marketplace's folder. Ask its owner to fix the entry.`)
  }
  if (/\.zip$/i.test(resolved.pathname)) return { kind: 'zip', url: resolved }
  if (resolved.protocol === 'file:') return { kind: 'folder', path: fileURLToPath(resolved) }
  return { kind: 'unsupported', reason: 'a folder cannot be downloaded over HTTP; the marketplace must point at a .zip of the plugin' }
}

function zipAt(opened: OpenedMarketplace, url: URL, entry: MarketplaceEntry): Resolved {
  // Plain http only from the marketplace's own origin (a local server); anything else must be https.
  if (url.protocol === 'https:' || (url.protocol === 'http:' && url.origin === opened.root.origin) || (url.protocol === 'file:' && opened.root.protocol === 'file:')) return { kind: 'zip', url }
  throw new PluginError(`The marketplace entry "${entry.name}" points elsewhere (${url.href}); a .zip outside the marketplace's own server must be https. Ask its owner to fix the entry.`)
}

export function listingOf(opened: OpenedMarketplace): MarketplaceListing {
  return {
    name: opened.marketplace.name,
    url: opened.url.href,
    owner: opened.marketplace.owner.name,
    plugins: opened.marketplace.plugins.map((entry) => {
      let resolved: Resolved
      try {
        resolved = resolveEntry(opened, entry)
      } catch (error) {
        resolved = { kind: 'unsupported', reason: (error as Error).message }
      }
      return {
        name: entry.name,
        ...(entry.description !== undefined ? { description: entry.description } : {}),
        ...(entry.version !== undefined ? { version: entry.version } : {}),
        supported: resolved.kind !== 'unsupported',
        ...(resolved.kind === 'unsupported' ? { reason: resolved.reason } : {}),
      }
    }),
  }
}

/** Stages one entry of a marketplace into `target`. */
export async function stageEntry(opened: OpenedMarketplace, name: string, target: string): Promise<Staged> {
  const entry = opened.marketplace.plugins.find((candidate) => candidate.name === name)
  if (!entry) throw new PluginError(`The marketplace "${opened.marketplace.name}" has no plugin named "${name}"; pick one from its list.`)
  const resolved = resolveEntry(opened, entry)
  const source: PluginSource = { kind: 'marketplace', location: opened.url.href, entry: name }
  if (resolved.kind === 'unsupported') throw new PluginError(`"${name}" cannot be installed from here: ${resolved.reason}.`)
  if (resolved.kind === 'folder') {
    await stageFolder(resolved.path, target)
    return { root: target, source, fallbackName: name }
  }
  const zip = await fetchBytes(resolved.url, MAX_ZIP_BYTES, `The plugin archive of "${name}"`)
  return { root: await stageZip(zip, target), source, fallbackName: name }
}

/** Stages a folder or a .zip on this computer into `target`. */
export async function stagePath(path: string, target: string): Promise<Staged> {
  const info = await lstat(path).catch(() => undefined)
  if (info?.isFile() && path.toLowerCase().endsWith('.zip')) {
    if (info.size > MAX_ZIP_BYTES) throw new PluginError(`The .zip is ${formatBytes(info.size)}, more than the ${formatBytes(MAX_ZIP_BYTES)} a plugin may be.`)
    return { root: await stageZip(await readFile(path), target), source: { kind: 'zip', location: path } }
  }
  if (info?.isFile()) throw new PluginError(`${path} is neither a folder nor a .zip; choose a plugin folder or a .zip of one.`)
  await stageFolder(path, target)
  const base = path.replace(/[\\/]+$/, '').split(/[\\/]/).at(-1)
  return { root: target, source: { kind: 'folder', location: path }, ...(base ? { fallbackName: base } : {}) }
}

export const removeQuietly = (path: string) => rm(path, { recursive: true, force: true }).catch(() => undefined)
