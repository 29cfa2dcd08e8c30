/**
 * The one-time notice after the update that brought the guard after outside content (issue 37): some
 * tools the person always allowed may ask again, and why. Shown only to someone who has "always
 * allow" choices (a fresh install has none, and nothing it knew changes), and only once.
 */
import type { PermissionFile } from '../permissions'
import type { Settings } from '../settings/settingsSchema'

export const GUARD_NOTICE =
  'New: the guard after outside content. Once a conversation holds text from an outside source — a web page, a calendar invite, an issue comment, a remote extension, a connected app — Switchboard asks before tools that can act, even ones you always allowed, because that text may be steering the model. ' +
  'So some always-allowed tools may ask again; the dialog names the source and offers “Allow for the rest of this conversation”. Change it in Settings → Permissions → Guard after outside content.'

export function guardUpdateNotice(permissions: PermissionFile, settings: Pick<Settings, 'guardNoticeShown' | 'guardAfterOutside'>): { message: string } | undefined {
  if (settings.guardNoticeShown || settings.guardAfterOutside === 'off') return undefined
  const always = Object.values(permissions.toolPolicies).some((policy) => policy.policy === 'always') || Object.values(permissions.extensionPolicies).some((policy) => policy === 'always')
  return always ? { message: GUARD_NOTICE } : undefined
}
