/** The renderer's Content-Security-Policy, the same in Electron and in browser mode. */
export function contentSecurityPolicy(extraConnectSources: readonly string[] = []): string {
  const connect = ["'self'", ...extraConnectSources].join(' ')
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data:",
    `connect-src ${connect}`,
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; ')
}
