/** Links that leave the app: only what src/shared/externalLinks.ts allows reaches the OS (`shell.openExternal`). */
import { isSafeExternalUrl, UNOPENABLE_LINK_NOTE } from '../../shared/externalLinks'

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
  if (safe === undefined) throw new Error(UNOPENABLE_LINK_NOTE)
  openExternal(safe)
}
