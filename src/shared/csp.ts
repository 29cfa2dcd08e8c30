/** The renderer's Content-Security-Policy, the same in Electron and in browser mode. */
export interface CspOptions {
  /** Extra `connect-src` sources (browser mode's WebSocket). */
  connectSources?: readonly string[]
  /** For a `<meta>` tag: browsers ignore (and warn about) `frame-ancestors` there; it is sent as a header instead. */
  meta?: boolean
}

export function contentSecurityPolicy({ connectSources = [], meta = false }: CspOptions = {}): string {
  const directives = [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data:",
    `connect-src ${["'self'", ...connectSources].join(' ')}`,
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
  ]
  if (!meta) directives.push("frame-ancestors 'none'")
  return directives.join('; ')
}
