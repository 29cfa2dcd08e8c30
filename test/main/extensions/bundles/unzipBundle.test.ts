/** The archive guards: zip slip, links, entry count, total and per-file size, compression ratio; and a clean unzip. */
import { mkdir, readdir, readFile, stat } from 'node:fs/promises'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { DEFAULT_ARCHIVE_LIMITS, type ArchiveLimits } from '../../../../src/main/extensions/bundles/archiveLimits'
import { unzipBundle } from '../../../../src/main/extensions/bundles/unzipBundle'
import { tempDir } from '../../../helpers/tempDir'
import { renameEntry, zip } from './bundleFixtures'

let dir: Awaited<ReturnType<typeof tempDir>>
let target: string
let outside: Awaited<ReturnType<typeof tempDir>>
beforeEach(async () => {
  // The staging folder sits inside `outside`, so an entry that escaped would land there.
  outside = await tempDir()
  target = join(outside.path, 'staging')
  await mkdir(target)
  dir = { path: target, remove: async () => undefined }
})
afterEach(async () => {
  await dir.remove()
  await outside.remove()
})

const limits = (overrides: Partial<ArchiveLimits>): ArchiveLimits => ({ ...DEFAULT_ARCHIVE_LIMITS, ...overrides })
const filesIn = async (path: string) => (await readdir(path, { recursive: true })).sort()

describe('unzipBundle', () => {
  it('unzips files and folders and keeps the executable bit', async () => {
    const archive = await zip({ 'manifest.json': '{}', 'server/index.js': 'x', 'bin/tool': { data: '#!/bin/sh\n', mode: 0o100755 } })
    expect(await unzipBundle(archive, target)).toEqual({ files: 3, bytes: 13 })
    expect(await filesIn(target)).toEqual(['bin', 'bin/tool', 'manifest.json', 'server', 'server/index.js'])
    expect((await stat(join(target, 'bin/tool'))).mode & 0o111).not.toBe(0)
    expect(await readFile(join(target, 'server/index.js'), 'utf8')).toBe('x')
  })

  it.each([
    ['zz/evil.txt', '../evil.txt', /"\.\.\/evil\.txt" was refused: its name climbs out of the bundle/],
    ['zetc/passwd', '/etc/passwd', /"\/etc\/passwd" was refused: its name is an absolute path/],
    ['zzevil.txt', 'C:evil.txt', /"C:evil\.txt" was refused: its name starts with a drive letter/],
    ['zzzevil.txt', '..\\evil.txt', /"\.\.\\evil\.txt" was refused: its name contains a backslash/],
  ])('refuses the unsafe name %s → %s and writes nothing outside', async (placeholder, unsafe, message) => {
    const archive = renameEntry(await zip({ 'manifest.json': '{}', [placeholder]: 'pwned' }), placeholder, unsafe)
    await expect(unzipBundle(archive, target)).rejects.toThrow(message)
    expect(await readdir(outside.path)).toEqual(['staging'])
  })

  it('refuses symbolic links', async () => {
    const archive = await zip({ 'manifest.json': '{}', 'link-to-etc': { data: '/etc/passwd', mode: 0o120777 } })
    await expect(unzipBundle(archive, target)).rejects.toThrow(/"link-to-etc" is a symbolic link/)
  })

  it('refuses an archive with too many entries, naming the limit', async () => {
    const files = Object.fromEntries(Array.from({ length: 12 }, (_, index) => [`f${index}.txt`, 'x']))
    await expect(unzipBundle(await zip(files), target, limits({ maxEntries: 10 }))).rejects.toThrow(/more than 10 entries \(limit reached at "f10\.txt"\)/)
  })

  it('refuses a file larger than the per-file limit before unzipping it', async () => {
    const archive = await zip({ 'big.bin': { data: Buffer.alloc(4096, 1), store: true } })
    await expect(unzipBundle(archive, target, limits({ maxEntryBytes: 1024 }))).rejects.toThrow(/"big\.bin" unzips to 4 KiB, more than the 1 KiB allowed for one file/)
    expect(await filesIn(target)).toEqual([])
  })

  it('refuses an archive whose files add up to more than the total limit', async () => {
    const archive = await zip({ 'a.bin': { data: Buffer.alloc(3000, 1), store: true }, 'b.bin': { data: Buffer.alloc(3000, 2), store: true } })
    await expect(unzipBundle(archive, target, limits({ maxTotalBytes: 5000 }))).rejects.toThrow(/more than 4\.9 KiB in total \(limit reached at "b\.bin"\)/)
  })

  it('refuses a zip bomb by its compression ratio', async () => {
    const archive = await zip({ 'bomb.bin': Buffer.alloc(4 * 1024 * 1024, 0) })
    await expect(unzipBundle(archive, target)).rejects.toThrow(/"bomb\.bin" is compressed \d+:1, more than the 200:1 allowed/)
  })

  it('refuses something that is not a ZIP with a clear message', async () => {
    await expect(unzipBundle(Buffer.from('hello, not a zip'), target)).rejects.toThrow(/not a readable ZIP archive/)
  })
})
