/** Which URL the window loads: the built page, or the Vite dev server during `electron-vite dev`. */
import { pathToFileURL } from 'node:url'

export interface RendererUrlOptions {
  /** `app.isPackaged`: a shipped app never takes its page from the environment. */
  isPackaged: boolean
  /** `process.env.ELECTRON_RENDERER_URL`, set by `electron-vite dev`. */
  devServerUrl: string | undefined
  /** Absolute path of the built `out/renderer/index.html`. */
  indexHtmlPath: string
}

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]'])

/**
 * The page URL. The dev server is honoured only when unpackaged and only on http(s) loopback:
 * an environment variable must not be able to point the app (and its host session) at a remote site.
 */
export function rendererUrl({ isPackaged, devServerUrl, indexHtmlPath }: RendererUrlOptions): string {
  if (!isPackaged && devServerUrl) {
    const dev = parseDevServer(devServerUrl)
    if (dev) return dev
  }
  return pathToFileURL(indexHtmlPath).href
}

function parseDevServer(url: string): string | undefined {
  try {
    const parsed = new URL(url)
    const ok = (parsed.protocol === 'http:' || parsed.protocol === 'https:') && LOOPBACK_HOSTS.has(parsed.hostname)
    return ok ? parsed.href : undefined
  } catch {
    return undefined
  }
}
