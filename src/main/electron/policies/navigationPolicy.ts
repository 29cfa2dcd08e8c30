/**
 * Which pages may load in our window and which frames may talk to main: only the app's own page.
 * Pure functions over URL strings, so the allow/deny tables are unit-tested without Electron.
 */
import { APP_SCHEME } from '../appProtocol'

function parse(url: string): URL | undefined {
  try {
    return new URL(url)
  } catch {
    return undefined
  }
}

/**
 * True when `url` is the app's own page. `appUrl` is what main loaded: the built page on the
 * privileged `app://switchboard/` scheme or, in development only, the Vite dev server (http: on
 * loopback). Scheme and host must match (for http also the port); a path within our own origin
 * is still our code. Query and fragment are ignored: they do not change which code runs.
 */
export function isAppPage(url: string, appUrl: string): boolean {
  const target = parse(url)
  const app = parse(appUrl)
  if (!target || !app) return false
  if (target.username || target.password) return false
  if (app.protocol === `${APP_SCHEME}:`) {
    // WHATWG URL gives custom schemes an opaque origin ("null"), so compare scheme and host directly.
    return target.protocol === app.protocol && target.host === app.host
  }
  if (app.protocol === 'http:' || app.protocol === 'https:') {
    return target.origin === app.origin
  }
  return false
}

/** `will-navigate` / `will-redirect` / `will-frame-navigate`: allow only a (re)load of our own page. */
export function isAllowedNavigation(url: string, appUrl: string): boolean {
  return isAppPage(url, appUrl)
}

/**
 * IPC from the page is accepted only from our own page's main frame: an iframe (even a same-origin
 * one) or a page that is not ours must not be able to obtain the host session's ports.
 */
export function isTrustedSender(frameUrl: string | undefined, appUrl: string, isMainFrame: boolean): boolean {
  return isMainFrame && frameUrl !== undefined && isAppPage(frameUrl, appUrl)
}
