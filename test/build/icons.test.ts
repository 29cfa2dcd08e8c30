/**
 * scripts/icons.mjs renders every package icon from resources/icon.svg; the committed outputs must
 * be exactly what it renders now (change the source, run `node scripts/icons.mjs`, commit both).
 */
import { readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { PNG_SIZES, renderIcons } from '../../scripts/icons.mjs'
import { tempDir } from '../helpers/tempDir'

describe('scripts/icons.mjs', () => {
  it('renders the Linux PNG set at every size, an ICNS and an ICO, and the committed icons are what it renders now', async () => {
    const dir = await tempDir('switchboard-icons-')
    try {
      const files = await renderIcons({ source: 'resources/icon.svg', outDir: dir.path })
      expect(files).toEqual([...PNG_SIZES.map((size) => `icons/${size}x${size}.png`), 'icon.png', 'icon.icns', 'icon.ico'])
      for (const size of PNG_SIZES) {
        const meta = await sharp(join(dir.path, `icons/${size}x${size}.png`)).metadata()
        expect([meta.format, meta.width, meta.height, meta.hasAlpha]).toEqual(['png', size, size, true])
      }
      const icns = await readFile(join(dir.path, 'icon.icns'))
      expect(icns.subarray(0, 4).toString('latin1')).toBe('icns')
      expect(icns.readUInt32BE(4)).toBe(icns.length)
      const ico = await readFile(join(dir.path, 'icon.ico'))
      // ICONDIR: reserved 0, type 1 (icon), then the number of images (16 px up to 256 px).
      expect([ico.readUInt16LE(0), ico.readUInt16LE(2)]).toEqual([0, 1])
      expect(ico.readUInt16LE(4)).toBeGreaterThanOrEqual(5)

      for (const file of files) expect((await readFile(join('resources', file))).equals(await readFile(join(dir.path, file))), `resources/${file} is stale; run node scripts/icons.mjs`).toBe(true)
    } finally {
      await dir.remove()
    }
  })

  it('refuses a source that is not square, naming its size', async () => {
    const dir = await tempDir('switchboard-icons-')
    try {
      const source = join(dir.path, 'wide.svg')
      await writeFile(source, '<svg xmlns="http://www.w3.org/2000/svg" width="200" height="100"><rect width="200" height="100" fill="red"/></svg>')
      await expect(renderIcons({ source, outDir: dir.path })).rejects.toThrow(`${source} must be square; it is 200×100`)
    } finally {
      await dir.remove()
    }
  })
})
