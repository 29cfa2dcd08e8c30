/**
 * `mcpb` packages of the registry: the bundle file is downloaded (https, or http on this computer),
 * its SHA-256 checked against the registry's `fileSha256` before anything else reads it, and the
 * verified file handed to the bundle installer. A file that does not match is deleted, never opened.
 */
import { createHash, randomUUID } from 'node:crypto'
import { rm, writeFile } from 'node:fs/promises'
import { PRIVATE_FILE_MODE, makePrivateDir } from '../../storage/privateFiles'
import { join } from 'node:path'
import { MAX_BUNDLE_BYTES } from '../../../shared/bundleApi'
import type { FetchLike } from './registryClient'
import type { RegistryPackage } from './registrySchemas'

const loopbackHosts = new Set(['localhost', '127.0.0.1', '[::1]'])
const TIMEOUT_MS = 120_000

/** Why an mcpb package cannot be downloaded and checked, or undefined when it can. */
export function bundlePackageProblem(pkg: RegistryPackage): string | undefined {
  if (!pkg.fileSha256) return 'This bundle has no fileSha256 in the registry, so its download cannot be checked; it is not installed. Download it from its author and install the file instead.'
  let url: URL
  try {
    url = new URL(pkg.identifier)
  } catch {
    return `The bundle's address "${pkg.identifier.slice(0, 100)}" is not a URL; download it from its author and install the file instead.`
  }
  const local = url.protocol === 'http:' && loopbackHosts.has(url.hostname)
  if (url.protocol !== 'https:' && !local) return 'The bundle is not offered over https://, so it is not downloaded; download it from its author and install the file instead.'
  if (url.username || url.password) return 'The bundle address holds a user name or password; it is not downloaded.'
  return undefined
}

/** Downloads the bundle into `dir`, checks its SHA-256, and returns the file's path (the caller removes it). */
export async function downloadBundle(pkg: RegistryPackage, dir: string, fetchImpl: FetchLike = fetch): Promise<string> {
  const problem = bundlePackageProblem(pkg)
  if (problem) throw new Error(problem)
  const where = new URL(pkg.identifier).origin
  let response: Response
  try {
    response = await fetchImpl(pkg.identifier, { signal: AbortSignal.timeout(TIMEOUT_MS), headers: { accept: 'application/octet-stream' } })
  } catch (error) {
    throw new Error(`Could not download the bundle from ${where} (${(error as Error).message}). Check your connection and try again.`, { cause: error })
  }
  if (!response.ok || !response.body) {
    await response.body?.cancel()
    throw new Error(`Downloading the bundle from ${where} failed with ${response.status} ${response.statusText}; try again later.`)
  }
  // Read with a running total, so a server that sends endless bytes is cut off at the cap.
  const chunks: Uint8Array[] = []
  let total = 0
  const hash = createHash('sha256')
  for await (const chunk of response.body as AsyncIterable<Uint8Array>) {
    total += chunk.byteLength
    if (total > MAX_BUNDLE_BYTES) throw new Error(`The bundle from ${where} is larger than ${MAX_BUNDLE_BYTES / (1024 * 1024)} MB; it was not installed.`)
    hash.update(chunk)
    chunks.push(chunk)
  }
  const actual = hash.digest('hex')
  if (actual !== pkg.fileSha256!.toLowerCase()) {
    throw new Error(
      `The downloaded bundle does not match the registry's fileSha256 (expected ${pkg.fileSha256!.toLowerCase()}, got ${actual}); it was not installed. The file changed after it was published — tell the server's author.`,
    )
  }
  await makePrivateDir(dir)
  const path = join(dir, `${randomUUID()}.mcpb`)
  await writeFile(path, Buffer.concat(chunks), { mode: PRIVATE_FILE_MODE })
  return path
}

/** Removes a downloaded bundle file; a file already gone is fine. */
export const removeDownload = (path: string) => rm(path, { force: true })
