/**
 * Unzips a bundle's ZIP (signature already split off) into a staging folder, refusing anything that
 * could escape it or exhaust the disk: unsafe names (zip slip), symbolic links, too many entries,
 * too many bytes in total or in one file, and compression ratios typical of zip bombs. Sizes are
 * checked against the central directory first and counted again while writing, since the declared
 * sizes are the archive's claim, not a fact. Each refusal names the entry and the limit.
 */
import { createWriteStream } from 'node:fs'
import { chmod } from 'node:fs/promises'
import { PRIVATE_EXECUTABLE_MODE, PRIVATE_FILE_MODE, makePrivateDir } from '../../storage/privateFiles'
import { join } from 'node:path'
import { Transform, type TransformCallback } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import yauzl, { type Entry, type ZipFile } from 'yauzl'
import { DEFAULT_ARCHIVE_LIMITS, type ArchiveLimits } from './archiveLimits'
import { entryNameProblem, entrySegments } from './entryNames'
import { formatBytes } from '../../../shared/format'

export class BundleArchiveError extends Error {
  override name = 'BundleArchiveError'
}

const S_IFMT = 0o170000
const S_IFLNK = 0o120000

function openZip(zip: Buffer): Promise<ZipFile> {
  return new Promise((resolve, reject) => {
    // decodeStrings false: we check names ourselves, so a refusal names the entry and the reason.
    yauzl.fromBuffer(zip, { lazyEntries: true, decodeStrings: false, validateEntrySizes: true }, (error, zipFile) => {
      if (error || !zipFile) reject(new BundleArchiveError(`The file is not a readable ZIP archive (${error?.message ?? 'unknown error'}); choose an .mcpb bundle.`))
      else resolve(zipFile)
    })
  })
}

function openEntry(zipFile: ZipFile, entry: Entry): Promise<NodeJS.ReadableStream> {
  return new Promise((resolve, reject) => {
    zipFile.openReadStream(entry, (error, stream) => (error || !stream ? reject(error ?? new Error('no stream')) : resolve(stream)))
  })
}

/** Counts bytes as they pass and fails once a file or the whole archive grows past its limit. */
function byteCounter(entryName: string, limits: ArchiveLimits, total: { bytes: number }): Transform {
  let written = 0
  return new Transform({
    transform(chunk: Buffer, _encoding, callback: TransformCallback) {
      written += chunk.length
      total.bytes += chunk.length
      if (written > limits.maxEntryBytes) return callback(new BundleArchiveError(`"${entryName}" unzips to more than the ${formatBytes(limits.maxEntryBytes)} allowed for one file.`))
      if (total.bytes > limits.maxTotalBytes) return callback(new BundleArchiveError(`The bundle unzips to more than ${formatBytes(limits.maxTotalBytes)} in total (limit reached at "${entryName}").`))
      callback(null, chunk)
    },
  })
}

/** Refuses an entry from its central-directory record alone (before reading any data). */
function checkEntry(name: string, entry: Entry, index: number, limits: ArchiveLimits, declaredTotal: number): void {
  const problem = entryNameProblem(name)
  if (problem) throw new BundleArchiveError(`The bundle entry "${name}" was refused: ${problem}. A bundle may only contain files inside itself.`)
  if (index >= limits.maxEntries) throw new BundleArchiveError(`The bundle has more than ${limits.maxEntries} entries (limit reached at "${name}").`)
  const mode = (entry.externalFileAttributes >>> 16) & 0xffff
  if ((mode & S_IFMT) === S_IFLNK) throw new BundleArchiveError(`The bundle entry "${name}" is a symbolic link; bundles may not contain links (they can point outside the bundle).`)
  if (entry.uncompressedSize > limits.maxEntryBytes) {
    throw new BundleArchiveError(`The bundle entry "${name}" unzips to ${formatBytes(entry.uncompressedSize)}, more than the ${formatBytes(limits.maxEntryBytes)} allowed for one file.`)
  }
  if (declaredTotal > limits.maxTotalBytes) throw new BundleArchiveError(`The bundle unzips to more than ${formatBytes(limits.maxTotalBytes)} in total (limit reached at "${name}").`)
  const ratio = entry.uncompressedSize / Math.max(1, entry.compressedSize)
  if (entry.uncompressedSize > limits.ratioFloorBytes && ratio > limits.maxRatio) {
    throw new BundleArchiveError(`The bundle entry "${name}" is compressed ${Math.round(ratio)}:1, more than the ${limits.maxRatio}:1 allowed (a sign of a zip bomb).`)
  }
}

export interface UnzipResult {
  files: number
  bytes: number
}

/** Unzips every entry into `targetDir` (which must exist and be empty); rejects with a BundleArchiveError. */
export async function unzipBundle(zip: Buffer, targetDir: string, limits: ArchiveLimits = DEFAULT_ARCHIVE_LIMITS): Promise<UnzipResult> {
  const zipFile = await openZip(zip)
  const total = { bytes: 0 }
  let declaredTotal = 0
  let index = 0
  let files = 0
  try {
    for (;;) {
      const entry = await new Promise<Entry | undefined>((resolve, reject) => {
        const onEntry = (next: Entry) => settle(() => resolve(next))
        const onEnd = () => settle(() => resolve(undefined))
        const onError = (error: Error) => settle(() => reject(new BundleArchiveError(`The bundle's ZIP is damaged (${error.message}).`)))
        const settle = (action: () => void) => {
          zipFile.off('entry', onEntry).off('end', onEnd).off('error', onError)
          action()
        }
        zipFile.on('entry', onEntry).once('end', onEnd).once('error', onError)
        zipFile.readEntry()
      })
      if (!entry) break
      const raw = entry.fileName as unknown as Buffer
      const name = raw.toString('utf8')
      declaredTotal += entry.uncompressedSize
      checkEntry(name, entry, index++, limits, declaredTotal)
      const segments = entrySegments(name)
      if (segments.length === 0) continue
      const target = join(targetDir, ...segments)
      if (name.endsWith('/')) {
        await makePrivateDir(target)
        continue
      }
      await makePrivateDir(join(targetDir, ...segments.slice(0, -1)))
      const stream = await openEntry(zipFile, entry)
      // 'wx': never follow or overwrite something already there (two entries with one name).
      await pipeline(stream, byteCounter(name, limits, total), createWriteStream(target, { flags: 'wx', mode: PRIVATE_FILE_MODE }))
      // Keep the executable bit: "binary" servers ship their program inside the bundle.
      const mode = (entry.externalFileAttributes >>> 16) & 0o777
      if (mode & 0o111) await chmod(target, PRIVATE_EXECUTABLE_MODE)
      files++
    }
  } catch (error) {
    if (error instanceof BundleArchiveError) throw error
    const code = (error as { code?: string }).code
    if (code === 'EEXIST') throw new BundleArchiveError(`The bundle contains the same file twice or a file where a folder is (${(error as Error).message}).`)
    throw new BundleArchiveError(`The bundle could not be unzipped: ${(error as Error).message}.`)
  } finally {
    zipFile.close()
  }
  return { files, bytes: total.bytes }
}
