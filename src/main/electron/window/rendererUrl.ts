/** Which URL the window loads: the built page (`app://switchboard/`), or the Vite dev server during `electron-vite dev`. */
import { APP_INDEX_URL } from '../appProtocol'

export interface RendererUrlOptions {
  /** `app.isPackaged`: a shipped app never takes its page from the environment. */
  isPackaged: boolean
  /** `process.env.ELECTRON_RENDERER_URL`, set by `electron-vite dev`. */
  devServerUrl: string | undefined
}

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]'])

/**
 * The page URL. The dev server is honoured only when unpackaged and only on http(s) loopback:
 * an environment variable must not be able to point the app (and its host session) at a remote site.
 */
export function rendererUrl({ isPackaged, devServerUrl }: RendererUrlOptions): string {
  if (!isPackaged && devServerUrl) {
    const dev = parseDevServer(devServerUrl)
    if (dev) return dev
  }
  return APP_INDEX_URL
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
