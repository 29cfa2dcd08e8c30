/** The bundle's icon as a data: URL for the install sheet: raster formats only, size-capped, from inside the bundle. */
import { readFile, stat } from 'node:fs/promises'
import { extname, join } from 'node:path'
import { entryNameProblem, entrySegments } from './entryNames'
import { formatBytes } from '../../../shared/format'

export const MAX_ICON_BYTES = 256 * 1024

// SVG is left out on purpose: it is a document that can carry scripts and external references.
const mimeTypes: Record<string, string> = { '.png': 'image/png', '.jpg': 'image/jpeg', '.jpeg': 'image/jpeg', '.gif': 'image/gif', '.webp': 'image/webp' }

export type IconResult = { icon?: string; warning?: string }

export async function readBundleIcon(bundleDir: string, iconPath: string | undefined): Promise<IconResult> {
  if (iconPath === undefined) return {}
  const relative = iconPath.replace(/^\.\//, '')
  const problem = entryNameProblem(relative)
  if (problem) return { warning: `The icon "${iconPath}" was not shown: ${problem}.` }
  const mimeType = mimeTypes[extname(relative).toLowerCase()]
  if (!mimeType) return { warning: `The icon "${iconPath}" was not shown: only PNG, JPEG, GIF and WebP icons are shown.` }
  const path = join(bundleDir, ...entrySegments(relative))
  try {
    const info = await stat(path)
    if (!info.isFile()) return { warning: `The icon "${iconPath}" is not a file in the bundle.` }
    if (info.size > MAX_ICON_BYTES) return { warning: `The icon "${iconPath}" is ${formatBytes(info.size)}, more than the ${formatBytes(MAX_ICON_BYTES)} shown.` }
    return { icon: `data:${mimeType};base64,${(await readFile(path)).toString('base64')}` }
  } catch {
    return { warning: `The icon "${iconPath}" is not in the bundle.` }
  }
}
