/**
 * Which links may leave the app (docs/security.md): parsed https: and mailto: URLs without credentials.
 * One rule for both sides: main hands only these to the OS (`shell.openExternal`), and the window
 * makes only these clickable, so a link that looks clickable is never silently dropped.
 */

/** Longer links are refused: a link a person clicks is short, and OS URL handlers have length limits. */
export const MAX_EXTERNAL_URL_LENGTH = 4096

/** What the person is told about a link Switchboard will not open. */
export const UNOPENABLE_LINK_NOTE = 'Switchboard opens only https: and mailto: links without a user name or password; copy the link if you want to open it yourself.'

const EXTERNAL_PROTOCOLS = new Set(['https:', 'mailto:'])

/**
 * The normalized URL when it is safe to hand to the OS, else undefined.
 * Refused: every other scheme (file:, javascript:, data:, custom app handlers, plain http:),
 * URLs with credentials (they hide the real host: `https://bank.com@evil.example/`), and
 * anything that does not parse. The normalized form is returned so that the OS receives exactly
 * the URL we checked, not a differently-interpreted original.
 */
export function isSafeExternalUrl(url: string): string | undefined {
  if (url.length > MAX_EXTERNAL_URL_LENGTH) return undefined
  let parsed: URL
  try {
    parsed = new URL(url)
  } catch {
    return undefined
  }
  if (!EXTERNAL_PROTOCOLS.has(parsed.protocol)) return undefined
  if (parsed.username !== '' || parsed.password !== '') return undefined
  if (parsed.protocol === 'https:' && parsed.hostname === '') return undefined
  if (parsed.protocol === 'mailto:' && parsed.pathname === '') return undefined
  return parsed.href
}
