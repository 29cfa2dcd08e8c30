/**
 * MCP Apps in Electron: their sandbox proxy pages come from the `switchboard-app://sandbox` scheme
 * (host/apps/appSandbox.ts answers), never from the window's `app://` origin, and only subframes may
 * load it. Inside a proxy the App's inner frame is `about:srcdoc`; a subframe navigating anywhere
 * else (an App trying to leave its frame) is refused. Pure, so it is tested without Electron.
 */
import { APP_SANDBOX_ORIGIN_ELECTRON, APP_SANDBOX_SCHEME } from '../host/apps/appSandbox'

/** Standard and secure (a real origin, like https), no fetch/CORS from other origins, no service workers. */
export const appSandboxSchemePrivileges = { standard: true, secure: true, supportFetchAPI: false, corsEnabled: false, stream: false, allowServiceWorkers: false } as const

export { APP_SANDBOX_SCHEME }

/** Whether a subframe may navigate to `url`: the sandbox origin's pages, or an App's inner `about:srcdoc`. */
export function isAppSandboxFrameNavigation(url: string, isMainFrame: boolean): boolean {
  if (isMainFrame) return false
  if (url === 'about:srcdoc') return true
  let parsed: URL
  try {
    parsed = new URL(url)
  } catch {
    return false
  }
  return parsed.protocol === `${APP_SANDBOX_SCHEME}:` && `${parsed.protocol}//${parsed.host}` === APP_SANDBOX_ORIGIN_ELECTRON && !parsed.username && !parsed.password
}
