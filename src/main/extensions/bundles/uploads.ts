/**
 * Bundle uploads from the window, in chunks over the host session (`bundle_upload`): the same path
 * in Electron and in browser mode, behind the session's own access check, with no second endpoint
 * to protect. Chunks append to `<extensionsDir>/.uploads/<id>`; the total is capped.
 */
import { randomBytes } from 'node:crypto'
import { appendFile, readFile, rm } from 'node:fs/promises'
import { PRIVATE_FILE_MODE, makePrivateDir } from '../../storage/privateFiles'
import { join } from 'node:path'
import { MAX_BUNDLE_BYTES } from '../../../shared/bundleApi'
import { BundleError } from './stagedBundles'
import { formatBytes } from '../../../shared/format'

const UPLOAD_TTL_MS = 60 * 60 * 1000
/** Uploads kept at once: a new one beyond this drops the oldest, so the disk used stays bounded. */
const MAX_UPLOADS = 4

export interface Uploads {
  append(uploadId: string | undefined, base64: string): Promise<{ uploadId: string; receivedBytes: number }>
  /** The uploaded bytes; the upload is consumed. */
  take(uploadId: string): Promise<Buffer>
  close(): Promise<void>
}

export function createUploads(extensionsDir: string, maxBytes = MAX_BUNDLE_BYTES): Uploads {
  const root = join(extensionsDir, '.uploads')
  const uploads = new Map<string, { path: string; bytes: number; touched: number }>()
  const cleared = rm(root, { recursive: true, force: true }).catch(() => undefined)
  const remove = async (id: string) => {
    const upload = uploads.get(id)
    uploads.delete(id)
    if (upload) await rm(upload.path, { force: true })
  }
  const unknown = () => new BundleError('That upload is unknown or expired; choose the file again.')

  return {
    async append(uploadId, base64) {
      await cleared
      const now = Date.now()
      for (const [id, upload] of uploads) if (now - upload.touched > UPLOAD_TTL_MS) await remove(id)
      let id = uploadId
      if (id === undefined) {
        const oldest = [...uploads.entries()].sort(([, a], [, b]) => a.touched - b.touched)
        for (const [stale] of oldest.slice(0, Math.max(0, uploads.size - MAX_UPLOADS + 1))) await remove(stale)
        id = randomBytes(18).toString('base64url')
        await makePrivateDir(root)
        uploads.set(id, { path: join(root, id), bytes: 0, touched: now })
      }
      const upload = uploads.get(id)
      if (!upload) throw unknown()
      if (!/^[A-Za-z0-9+/]*={0,2}$/.test(base64)) throw new BundleError('An upload chunk is not base64; the upload was stopped.')
      const chunk = Buffer.from(base64, 'base64')
      if (upload.bytes + chunk.length > maxBytes) {
        await remove(id)
        throw new BundleError(`The file is larger than ${formatBytes(maxBytes)}, the most a bundle may be; the upload was stopped.`)
      }
      await appendFile(upload.path, chunk, { mode: PRIVATE_FILE_MODE })
      upload.bytes += chunk.length
      upload.touched = now
      return { uploadId: id, receivedBytes: upload.bytes }
    },
    async take(uploadId) {
      const upload = uploads.get(uploadId)
      if (!upload) throw unknown()
      try {
        return await readFile(upload.path)
      } finally {
        await remove(uploadId)
      }
    },
    async close() {
      uploads.clear()
      await rm(root, { recursive: true, force: true })
    },
  }
}
