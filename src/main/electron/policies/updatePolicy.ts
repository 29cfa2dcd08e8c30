/**
 * When the installed app asks for a new version (electron-updater does the asking, see
 * autoUpdate.ts): only when the person turned updates on in Settings → General, only in a packaged
 * build (a development run has nothing to update), and at most once per interval.
 */

/** How often a running app looks for a new version while updates are on. */
export const UPDATE_CHECK_INTERVAL_MS = 6 * 60 * 60 * 1000

export interface UpdateState {
  /** The `autoUpdate` setting. */
  enabled: boolean
  isPackaged: boolean
  /** When this run last asked, or undefined when it has not. */
  lastCheckAt: number | undefined
  now: number
  intervalMs?: number
}

export type UpdateDecision = { check: true } | { check: false; reason: 'off' | 'development-run' | 'checked-recently' }

export function updateDecision({ enabled, isPackaged, lastCheckAt, now, intervalMs = UPDATE_CHECK_INTERVAL_MS }: UpdateState): UpdateDecision {
  if (!enabled) return { check: false, reason: 'off' }
  if (!isPackaged) return { check: false, reason: 'development-run' }
  if (lastCheckAt !== undefined && now - lastCheckAt < intervalMs) return { check: false, reason: 'checked-recently' }
  return { check: true }
}
