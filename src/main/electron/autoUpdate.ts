/**
 * Auto-update through electron-updater, off until the person enables it (setting `autoUpdate`).
 * Thin glue: updatePolicy.ts decides; this loads electron-updater only once updates are on, asks
 * on start, when the setting turns on, and then every interval, and stops asking when it turns off.
 * electron-updater downloads in the background and installs on quit; its own notification says so.
 */
import { log } from '../log/log'
import { UPDATE_CHECK_INTERVAL_MS, updateDecision } from './policies/updatePolicy'

export interface AutoUpdateOptions {
  isEnabled: () => boolean
  onSettingsChange: (listener: () => void) => () => void
  isPackaged: boolean
}

/** Starts watching the setting; returns the function that stops everything. */
export function startAutoUpdates({ isEnabled, onSettingsChange, isPackaged }: AutoUpdateOptions): () => void {
  let lastCheckAt: number | undefined
  let timer: NodeJS.Timeout | undefined

  const check = async () => {
    const decision = updateDecision({ enabled: isEnabled(), isPackaged, lastCheckAt, now: Date.now() })
    if (!decision.check) {
      if (decision.reason === 'development-run' && isEnabled()) log('info', 'updates', 'Updates are on, but a development run is never updated.')
      return
    }
    lastCheckAt = Date.now()
    try {
      // CommonJS package: its exports arrive as `default` under ESM.
      const { autoUpdater } = (await import('electron-updater')).default
      autoUpdater.logger = { info: (m: unknown) => log('info', 'updates', String(m)), warn: (m: unknown) => log('warn', 'updates', String(m)), error: (m: unknown) => log('warn', 'updates', String(m)), debug: () => undefined }
      await autoUpdater.checkForUpdatesAndNotify()
    } catch (error) {
      log('warn', 'updates', `Could not check for updates: ${error instanceof Error ? error.message : String(error)}`)
    }
  }
  const follow = () => {
    if (isEnabled() && !timer) {
      timer = setInterval(() => void check(), UPDATE_CHECK_INTERVAL_MS)
      void check()
    } else if (!isEnabled() && timer) {
      clearInterval(timer)
      timer = undefined
    }
  }
  const off = onSettingsChange(follow)
  follow()
  return () => {
    off()
    clearInterval(timer)
  }
}
