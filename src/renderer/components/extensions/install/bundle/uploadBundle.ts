/** Sends a chosen file to the host in chunks over the host session (`bundle_upload`), reporting progress. */
import { formatBytes } from '../../../../../shared/format'
import { BUNDLE_CHUNK_BYTES, MAX_BUNDLE_BYTES } from '../../../../../shared/hostApi'
import type { HostClient } from '../../../../mcp/hostClient'

function toBase64(bytes: Uint8Array): string {
  let binary = ''
  // String.fromCharCode takes its arguments on the stack; 32 KiB at a time stays well inside it.
  for (let start = 0; start < bytes.length; start += 0x8000) binary += String.fromCharCode(...bytes.subarray(start, start + 0x8000))
  return btoa(binary)
}

/** Uploads `file`; resolves to the upload id. `onProgress` gets the fraction sent (0–1). */
export async function uploadBundle(client: Pick<HostClient, 'call'>, file: Blob, onProgress: (fraction: number) => void, signal?: AbortSignal): Promise<string> {
  if (file.size > MAX_BUNDLE_BYTES) throw new Error(`The file is ${formatBytes(file.size)}; bundles up to ${formatBytes(MAX_BUNDLE_BYTES)} are accepted.`)
  let uploadId: string | undefined
  let sent = 0
  onProgress(0)
  do {
    if (signal?.aborted) throw new Error('The upload was cancelled.')
    const chunk = new Uint8Array(await file.slice(sent, sent + BUNDLE_CHUNK_BYTES).arrayBuffer())
    const result = await client.call('bundle_upload', { uploadId, data: toBase64(chunk) })
    uploadId = result.uploadId
    sent += chunk.length
    onProgress(file.size === 0 ? 1 : sent / file.size)
  } while (sent < file.size)
  return uploadId
}
