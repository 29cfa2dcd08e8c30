/** The renderer's Content-Security-Policy, the same in Electron and in browser mode. */

/** Where MCP Apps are framed from in Electron (a privileged scheme of its own; main/host/appSandbox.ts). */
export const APP_SANDBOX_ELECTRON_ORIGIN = 'switchboard-app://sandbox'
/**
 * The `<meta>` policy is written at build time, before the sandbox port is known: it allows framing
 * loopback and the Electron sandbox scheme, and the response header (which knows the exact sandbox
 * origin) narrows that to the one origin. Both policies apply, so the header decides.
 */
const META_FRAME_SOURCES = ['http://localhost:*', 'http://127.0.0.1:*', APP_SANDBOX_ELECTRON_ORIGIN]
export interface CspOptions {
  /** Extra `connect-src` sources (browser mode's WebSocket). */
  connectSources?: readonly string[]
  /** The MCP Apps sandbox origin the window frames (`frame-src`); without it nothing may be framed. */
  frameSources?: readonly string[]
  /** For a `<meta>` tag: browsers ignore (and warn about) `frame-ancestors` there; it is sent as a header instead. */
  meta?: boolean
}

export function contentSecurityPolicy({ connectSources = [], frameSources = [], meta = false }: CspOptions = {}): string {
  const directives = [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data:",
    `connect-src ${["'self'", ...connectSources].join(' ')}`,
    `frame-src ${(meta ? META_FRAME_SOURCES : frameSources).join(' ') || "'none'"}`,
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
  ]
  if (!meta) directives.push("frame-ancestors 'none'")
  return directives.join('; ')
}
