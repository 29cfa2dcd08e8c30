/**
 * Reading a bundle into staging: split off and verify the signature block, unzip with the archive guards into
 * `<extensionsDir>/.staging/<token>/`, and validate its manifest. A staged bundle is named by a
 * random token (what `bundle_preview` returns) until it is installed or expires.
 */
import { randomBytes } from 'node:crypto'
import { readFile, rm, stat } from 'node:fs/promises'
import { makePrivateDir } from '../../storage/privateFiles'
import { join } from 'node:path'
import { MAX_BUNDLE_BYTES, type SignatureInfo } from '../../../shared/bundleApi'
import { log } from '../../log/log'
import type { ArchiveLimits } from './archiveLimits'
import { parseManifest, type Manifest } from './manifestSchema'
import { formatBytes } from '../../../shared/format'

/** Unused staging folders are removed after this long. */
const STAGING_TTL_MS = 60 * 60 * 1000

export interface StagedBundle {
  token: string
  dir: string
  manifest: Manifest
  signature: SignatureInfo
  stagedAt: number
}

export class BundleError extends Error {
  override name = 'BundleError'
}

/** Reads a bundle file from disk, refusing folders and oversized files before reading them. */
export async function readBundleFile(path: string): Promise<Buffer> {
  let size: number
  try {
    const info = await stat(path)
    if (!info.isFile()) throw new BundleError(`"${path}" is not a file; choose an .mcpb bundle.`)
    size = info.size
  } catch (error) {
    if (error instanceof BundleError) throw error
    throw new BundleError(`"${path}" cannot be read (${(error as NodeJS.ErrnoException).code ?? (error as Error).message}); check the path.`)
  }
  if (size > MAX_BUNDLE_BYTES) throw new BundleError(`"${path}" is ${formatBytes(size)}; bundles up to ${formatBytes(MAX_BUNDLE_BYTES)} are accepted.`)
  return readFile(path)
}

export interface Staging {
  stage(file: Buffer): Promise<StagedBundle>
  get(token: string): StagedBundle | undefined
  /** Forgets a staged bundle whose folder was moved to its install place. */
  release(token: string): void
  discard(token: string): Promise<void>
  close(): Promise<void>
}

export function createStaging(extensionsDir: string, limits?: ArchiveLimits): Staging {
  const root = join(extensionsDir, '.staging')
  const staged = new Map<string, StagedBundle>()
  // Leftovers of an earlier run (a crash mid-install) hold nothing anyone can name any more.
  const cleared = rm(root, { recursive: true, force: true }).catch((error: Error) => log('warn', 'bundles', `Could not clear old staging: ${error.message}`))

  const discard = async (token: string) => {
    const entry = staged.get(token)
    staged.delete(token)
    if (entry) await rm(entry.dir, { recursive: true, force: true })
  }
  const expire = async () => {
    const now = Date.now()
    for (const entry of staged.values()) if (now - entry.stagedAt > STAGING_TTL_MS) await discard(entry.token)
  }

  return {
    async stage(file) {
      await cleared
      await expire()
      // Signature checking (pkijs) and unzipping (yauzl) load on the first install, not at start.
      const [{ readSignature }, archive] = await Promise.all([import('./signatureVerify'), import('./unzipBundle')])
      const { zip, signature } = await readSignature(file)
      const token = randomBytes(18).toString('base64url')
      const dir = join(root, token)
      await makePrivateDir(dir)
      try {
        await archive.unzipBundle(zip, dir, limits)
        let manifestText: string
        try {
          manifestText = await readFile(join(dir, 'manifest.json'), 'utf8')
        } catch {
          throw new BundleError('The bundle has no manifest.json at its root; it is not an MCP bundle (.mcpb).')
        }
        const parsed = parseManifest(manifestText)
        if (!parsed.ok) throw new BundleError(`The bundle's manifest.json is not valid:\n${parsed.errors.map((error) => `• ${error}`).join('\n')}`)
        const entry: StagedBundle = { token, dir, manifest: parsed.manifest, signature, stagedAt: Date.now() }
        staged.set(token, entry)
        return entry
      } catch (error) {
        await rm(dir, { recursive: true, force: true })
        if (error instanceof archive.BundleArchiveError) throw new BundleError(error.message)
        throw error
      }
    },
    get: (token) => staged.get(token),
    release: (token) => void staged.delete(token),
    discard,
    async close() {
      staged.clear()
      await rm(root, { recursive: true, force: true })
    },
  }
}
