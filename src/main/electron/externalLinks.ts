/** Links that leave the app: only parsed https: and mailto: URLs reach the OS (`shell.openExternal`). */

const EXTERNAL_PROTOCOLS = new Set(['https:', 'mailto:'])

/** Longer links are refused: a link a person clicks is short, and OS URL handlers have length limits. */
export const MAX_EXTERNAL_URL_LENGTH = 4096

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

/**
 * `setWindowOpenHandler`: the app never opens a second window. A safe link is handed to the
 * system browser / mail client instead; anything else is dropped.
 */
export function windowOpenDecision(url: string, openExternal: (safeUrl: string) => void): { action: 'deny' } {
  const safe = isSafeExternalUrl(url)
  if (safe !== undefined) openExternal(safe)
  return { action: 'deny' }
}

/**
 * `open_external` (a link the person clicked in a question from an extension): the same check as
 * every link that leaves the app; a refused link throws a message the window shows in the dialog.
 */
export function openCheckedLink(url: string, openExternal: (safeUrl: string) => void): void {
  const safe = isSafeExternalUrl(url)
  if (safe === undefined) throw new Error('Switchboard opens only https: and mailto: links without a user name or password; copy the link if you want to open it yourself.')
  openExternal(safe)
}
