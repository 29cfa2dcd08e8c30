import { readdir } from 'node:fs/promises'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { createUploads, type Uploads } from '../../../../src/main/extensions/bundles/uploads'
import { tempDir } from '../../../helpers/tempDir'

let cleanup: (() => Promise<void>)[] = []
afterEach(async () => {
  await Promise.all(cleanup.map((step) => step()))
  cleanup = []
})

async function uploadsIn(maxBytes?: number): Promise<{ uploads: Uploads; files: () => Promise<string[]> }> {
  const dir = await tempDir('switchboard-uploads-')
  const uploads = createUploads(dir.path, maxBytes)
  cleanup.push(() => uploads.close(), dir.remove)
  return { uploads, files: () => readdir(join(dir.path, '.uploads')).catch(() => []) }
}

const base64 = (text: string) => Buffer.from(text).toString('base64')

describe('bundle uploads in chunks', () => {
  it('puts the chunks together, and taking an upload consumes it', async () => {
    const { uploads, files } = await uploadsIn()
    const { uploadId } = await uploads.append(undefined, base64('hello '))
    expect(await uploads.append(uploadId, base64('world'))).toEqual({ uploadId, receivedBytes: 11 })
    expect((await uploads.take(uploadId)).toString()).toBe('hello world')
    expect(await files()).toEqual([])
    await expect(uploads.take(uploadId)).rejects.toThrow(/unknown or expired; choose the file again/)
  })

  it('stops an upload over the size limit and removes what had arrived', async () => {
    const { uploads, files } = await uploadsIn(8)
    const { uploadId } = await uploads.append(undefined, base64('12345'))
    await expect(uploads.append(uploadId, base64('6789'))).rejects.toThrow(/larger than .*the upload was stopped/)
    expect(await files()).toEqual([])
  })

  it('refuses a chunk that is not base64', async () => {
    const { uploads } = await uploadsIn()
    await expect(uploads.append(undefined, 'not base64!')).rejects.toThrow(/not base64/)
  })

  it('keeps at most four uploads: a fifth drops the oldest', async () => {
    const { uploads, files } = await uploadsIn()
    const ids: string[] = []
    for (let index = 0; index < 5; index++) ids.push((await uploads.append(undefined, base64(`file ${index}`))).uploadId)
    expect((await files()).sort()).toEqual(ids.slice(1).sort())
    await expect(uploads.take(ids[0]!)).rejects.toThrow(/unknown or expired/)
    expect((await uploads.take(ids[4]!)).toString()).toBe('file 4')
  })
})
