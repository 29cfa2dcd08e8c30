/**
 * The Content-Security-Policy an App runs under, built from the domains its UI resource declares
 * (MCP Apps §"Sandbox and CSP"). Never looser than declared: every source must be one exact origin
 * (an optional `*.` subdomain wildcard and path allowed); keywords, bare schemes, `*`, `data:` and
 * anything that could end a directive are refused and reported. No declaration at all gets the
 * spec's restrictive default (no network). Pure: the sandbox server sets it as a header and the App
 * card shows it.
 */
import type { AppCsp } from './appMeta'

/** One CSP host-source: scheme, host (optionally `*.`-prefixed), optional port and path. */
const SOURCE = /^(https|wss|http|ws):\/\/(\*\.)?[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*(:(\d{1,5}|\*))?(\/[A-Za-z0-9._~%/-]*)?$/
/** Plain http/ws only to this computer; anything else must be encrypted. */
const LOOPBACK = /^(http|ws):\/\/(localhost|127\.0\.0\.1)(:|\/|$)/

/** Whether `source` is a single origin an App may declare. */
export function isAllowedSource(source: string): boolean {
  const lower = source.trim().toLowerCase()
  if (!SOURCE.test(lower)) return false
  return lower.startsWith('https://') || lower.startsWith('wss://') || LOOPBACK.test(lower)
}

export interface AppCspResult {
  /** The policy, one line. */
  policy: string
  /** The sources that made it into the policy, per declared list. */
  applied: Required<AppCsp>
  /** Declared sources that were refused, with the list they came from. */
  refused: string[]
  /** True when the resource declared no CSP and the restrictive default applies. */
  restrictiveDefault: boolean
}

const keep = (sources: readonly string[] | undefined, list: string, refused: string[]): string[] => {
  const kept: string[] = []
  for (const source of sources ?? []) {
    if (isAllowedSource(source)) {
      const normal = source.trim().toLowerCase()
      if (!kept.includes(normal)) kept.push(normal)
    } else {
      refused.push(`${list}: ${JSON.stringify(source.slice(0, 80))}`)
    }
  }
  return kept
}

const join = (...parts: (string | readonly string[])[]) => parts.flat().join(' ')

/** The policy for an App whose resource declared `csp` (undefined: declared nothing). */
export function appContentSecurityPolicy(csp: AppCsp | undefined): AppCspResult {
  const refused: string[] = []
  const applied: Required<AppCsp> = {
    connectDomains: keep(csp?.connectDomains, 'connectDomains', refused),
    resourceDomains: keep(csp?.resourceDomains, 'resourceDomains', refused),
    frameDomains: keep(csp?.frameDomains, 'frameDomains', refused),
    baseUriDomains: keep(csp?.baseUriDomains, 'baseUriDomains', refused),
  }
  if (csp === undefined) {
    const policy = [
      "default-src 'none'",
      "script-src 'self' 'unsafe-inline'",
      "style-src 'self' 'unsafe-inline'",
      "img-src 'self' data:",
      "media-src 'self' data:",
      "connect-src 'none'",
      "frame-src 'none'",
      "object-src 'none'",
      "base-uri 'none'",
      "form-action 'none'",
    ].join('; ')
    return { policy, applied, refused, restrictiveDefault: true }
  }
  const { connectDomains, resourceDomains, frameDomains, baseUriDomains } = applied
  const policy = [
    "default-src 'none'",
    join("script-src 'self' 'unsafe-inline'", resourceDomains),
    join("style-src 'self' 'unsafe-inline'", resourceDomains),
    join("connect-src 'self'", connectDomains),
    join("img-src 'self' data:", resourceDomains),
    join("font-src 'self'", resourceDomains),
    join("media-src 'self' data:", resourceDomains),
    frameDomains.length > 0 ? join('frame-src', frameDomains) : "frame-src 'none'",
    "object-src 'none'",
    baseUriDomains.length > 0 ? join('base-uri', baseUriDomains) : "base-uri 'self'",
    "form-action 'none'",
  ].join('; ')
  return { policy, applied, refused, restrictiveDefault: false }
}
