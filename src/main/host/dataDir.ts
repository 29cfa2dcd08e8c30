/** The OS's per-user app data folder, the same place Electron's `app.getPath('userData')` uses. */
import { join } from 'node:path'

export const APP_NAME = 'Switchboard'

export function defaultDataDir(platform: NodeJS.Platform, env: NodeJS.ProcessEnv, home: string): string {
  switch (platform) {
    case 'win32':
      return join(env.APPDATA ?? join(home, 'AppData', 'Roaming'), APP_NAME)
    case 'darwin':
      return join(home, 'Library', 'Application Support', APP_NAME)
    default:
      return join(env.XDG_CONFIG_HOME || join(home, '.config'), APP_NAME)
  }
}
