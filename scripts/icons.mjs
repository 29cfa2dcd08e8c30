// Renders every icon of the packages from ONE source image, resources/icon.svg:
//   resources/icons/<N>x<N>.png  Linux (AppImage, deb) and the window icon; electron-builder reads the folder
//   resources/icon.png           1024 px, the largest, for tools that want one file
//   resources/icon.icns          macOS (dmg, app bundle)
//   resources/icon.ico           Windows (NSIS installer, exe)
// sharp rasterises the SVG (its prebuilt libvips includes librsvg); png2icons packs ICNS and ICO in
// plain JavaScript, so neither needs a build tool. The outputs are committed; run after changing the
// source:  node scripts/icons.mjs
import { mkdir, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import png2icons from 'png2icons'
import sharp from 'sharp'

/** The square sizes of the Linux icon set (freedesktop hicolor sizes, up to 1024). */
export const PNG_SIZES = [16, 24, 32, 48, 64, 128, 256, 512, 1024]

/**
 * Renders `source` (an SVG or a large PNG) into `outDir` and returns the files written, relative to it.
 * @param {{ source: string, outDir: string }} options
 * @returns {Promise<string[]>}
 */
export async function renderIcons({ source, outDir }) {
  const input = await readFile(source)
  const { width, height } = await sharp(input).metadata()
  if (!width || !height || width !== height) throw new Error(`${source} must be square; it is ${width ?? '?'}×${height ?? '?'}`)
  await mkdir(join(outDir, 'icons'), { recursive: true })
  const written = []
  /** @type {Map<number, Buffer>} */
  const pngs = new Map()
  for (const size of PNG_SIZES) {
    // density scales the SVG's own resolution so every size is rendered sharp, not upscaled.
    const png = await sharp(input, { density: Math.max(72, Math.ceil((72 * size) / width)) })
      .resize(size, size)
      .png({ compressionLevel: 9 })
      .toBuffer()
    pngs.set(size, png)
    const file = join('icons', `${size}x${size}.png`)
    await writeFile(join(outDir, file), png)
    written.push(file)
  }
  const largest = /** @type {Buffer} */ (pngs.get(1024))
  await writeFile(join(outDir, 'icon.png'), largest)
  written.push('icon.png')
  const icns = png2icons.createICNS(largest, png2icons.BICUBIC, 0)
  const ico = png2icons.createICO(/** @type {Buffer} */ (pngs.get(256)), png2icons.BICUBIC, 0, false, true)
  if (!icns || !ico) throw new Error('png2icons could not pack the ICNS or ICO file')
  await writeFile(join(outDir, 'icon.icns'), icns)
  await writeFile(join(outDir, 'icon.ico'), ico)
  written.push('icon.icns', 'icon.ico')
  return written
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const resources = fileURLToPath(new URL('../resources/', import.meta.url))
  const files = await renderIcons({ source: join(resources, 'icon.svg'), outDir: resources })
  console.log(`Wrote ${files.length} icons into resources/: ${files.join(', ')}`)
}
