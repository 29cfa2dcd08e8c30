/**
 * The built page is served from `app://switchboard/`, not file://: on file:// Chromium may count other
 * local files as 'self' for the CSP, and a file URL cannot carry response headers. The request handling
 * is a pure function over a URL so it is tested without Electron.
 */
import { cachingOf, readRendererFile, rendererHeaders } from '../host/web/staticFiles'
import { APP_SANDBOX_ELECTRON_ORIGIN } from '../../shared/csp'

export const APP_SCHEME = 'app'
export const APP_HOST = 'switchboard'
/** The page the window loads. */
export const APP_INDEX_URL = `${APP_SCHEME}://${APP_HOST}/index.html`

/**
 * Privileges for `protocol.registerSchemesAsPrivileged` (standard: a real origin; secure: like https;
 * codeCache: Chromium keeps the compiled code of the page's scripts across starts, as it does for
 * http(s) only by default).
 */
export const appSchemePrivileges = { standard: true, secure: true, supportFetchAPI: true, corsEnabled: false, stream: false, codeCache: true } as const

/** Answers one `app://` request from the renderer folder; anything else is a 404. */
export async function appProtocolResponse(rendererDir: string, requestUrl: string, method = 'GET'): Promise<Response> {
  const headers = rendererHeaders([], [APP_SANDBOX_ELECTRON_ORIGIN])
  let url: URL
  try {
    url = new URL(requestUrl)
  } catch {
    return new Response('Not found', { status: 404, headers })
  }
  if (url.protocol !== `${APP_SCHEME}:` || url.host !== APP_HOST) return new Response('Not found', { status: 404, headers })
  if (method !== 'GET' && method !== 'HEAD') return new Response(null, { status: 405, headers })
  const file = await readRendererFile(rendererDir, url.pathname)
  if (!file) return new Response('Not found', { status: 404, headers })
  return new Response(method === 'HEAD' ? null : new Uint8Array(file.body), { status: 200, headers: { ...headers, ...cachingOf(url.pathname), 'Content-Type': file.contentType } })
}
