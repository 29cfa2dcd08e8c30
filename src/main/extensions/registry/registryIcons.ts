/**
 * Icons from the registry are shown in our window, so only harmless sources pass: https URLs
 * (inlined by `inlineIcon` for the details view, as the window's CSP loads no remote images) and
 * raster data URLs. SVG can carry script and is refused, as are http:, javascript:, file: and
 * anything very long.
 */
import type { FetchLike } from './registryClient'
import { readBodyWithin } from '../connection/cappedBody'

export const MAX_ICON_URL_LENGTH = 100_000

const rasterDataUrl = /^data:image\/(png|jpeg|webp);base64,[A-Za-z0-9+/]+={0,2}$/

/** The icon URL when it is safe to show, otherwise undefined. */
export function sanitizeIcon(src: string): string | undefined {
  if (src.length === 0 || src.length > MAX_ICON_URL_LENGTH) return undefined
  if (src.startsWith('data:')) return rasterDataUrl.test(src) ? src : undefined
  let url: URL
  try {
    url = new URL(src)
  } catch {
    return undefined
  }
  if (url.protocol !== 'https:' || url.username || url.password) return undefined
  return url.href
}

/** The first safe icon of a list (light-theme or theme-less ones first). */
export function pickIcon(icons: ReadonlyArray<{ src: string; theme?: string }> | undefined): string | undefined {
  const ordered = [...(icons ?? [])].sort((a, b) => Number(a.theme === 'dark') - Number(b.theme === 'dark'))
  for (const icon of ordered) {
    const safe = sanitizeIcon(icon.src)
    if (safe) return safe
  }
  return undefined
}

const MAX_ICON_BYTES = 256 * 1024
const magic: Array<{ type: string; test: (bytes: Uint8Array) => boolean }> = [
  { type: 'png', test: (b) => b[0] === 0x89 && b[1] === 0x50 && b[2] === 0x4e && b[3] === 0x47 },
  { type: 'jpeg', test: (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  { type: 'webp', test: (b) => b[8] === 0x57 && b[9] === 0x45 && b[10] === 0x42 && b[11] === 0x50 },
]

/**
 * The window's CSP loads images only from itself and data: URLs, so an https icon is fetched here
 * and handed over as a raster data URL — only when its bytes really are PNG, JPEG or WebP and small.
 * Undefined when it cannot be fetched or is anything else; the page then shows a letter instead.
 */
export async function inlineIcon(icon: string | undefined, fetchImpl: FetchLike = fetch): Promise<string | undefined> {
  if (!icon || icon.startsWith('data:')) return icon
  try {
    const response = await fetchImpl(icon, { signal: AbortSignal.timeout(5_000), headers: { accept: 'image/png, image/jpeg, image/webp' } })
    if (!response.ok) {
      await response.body?.cancel()
      return undefined
    }
    const bytes = await readBodyWithin(response, MAX_ICON_BYTES)
    const kind = bytes && magic.find((candidate) => candidate.test(bytes))
    return kind ? `data:image/${kind.type};base64,${Buffer.from(bytes).toString('base64')}` : undefined
  } catch {
    return undefined
  }
}
