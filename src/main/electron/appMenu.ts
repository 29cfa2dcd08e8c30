/**
 * The application menu and the Windows notification identity, the pure part (index.ts installs
 * them). Electron's default menu always has Reload, Force Reload and Toggle Developer Tools; a
 * packaged build must not offer them (a reload drops the window's sessions mid-turn, DevTools expose
 * the page), so the app builds its own menu and keeps those items for development only.
 */
import type { MenuItemConstructorOptions } from 'electron'

export interface AppMenuInput {
  appName: string
  platform: NodeJS.Platform
  isPackaged: boolean
}

export function appMenuTemplate({ appName, platform, isPackaged }: AppMenuInput): MenuItemConstructorOptions[] {
  const mac = platform === 'darwin'
  const development: MenuItemConstructorOptions[] = isPackaged ? [] : [{ role: 'reload' }, { role: 'forceReload' }, { role: 'toggleDevTools' }, { type: 'separator' }]
  const appMenu: MenuItemConstructorOptions = mac
    ? {
        label: appName,
        submenu: [{ role: 'about' }, { type: 'separator' }, { role: 'services' }, { type: 'separator' }, { role: 'hide' }, { role: 'hideOthers' }, { role: 'unhide' }, { type: 'separator' }, { role: 'quit' }],
      }
    : { label: 'File', submenu: [{ role: 'quit' }] }
  return [
    appMenu,
    {
      label: 'Edit',
      submenu: [{ role: 'undo' }, { role: 'redo' }, { type: 'separator' }, { role: 'cut' }, { role: 'copy' }, { role: 'paste' }, { role: 'selectAll' }],
    },
    {
      label: 'View',
      submenu: [...development, { role: 'resetZoom' }, { role: 'zoomIn' }, { role: 'zoomOut' }, { type: 'separator' }, { role: 'togglefullscreen' }],
    },
    // Close (Cmd+W / Ctrl+W) on every OS: on macOS the app keeps running and the Dock icon reopens the window.
    { label: 'Window', submenu: mac ? [{ role: 'minimize' }, { role: 'zoom' }, { role: 'close' }, { type: 'separator' }, { role: 'front' }] : [{ role: 'minimize' }, { role: 'close' }] },
  ]
}

/**
 * The packaged app's identity on Windows. The NSIS installer gives the Start menu shortcut
 * build/electron-builder.yml's `appId` as its AppUserModelID; Windows shows a toast only from an id
 * that a shortcut carries, and groups a pinned icon with the windows of the same id. So this is that
 * `appId`, letter for letter (test/build/electronBuilderConfig.test.ts compares them). The installer's
 * id stays as it was: it also keys the uninstall entry, and a new one would install beside the old.
 */
export const APP_USER_MODEL_ID = 'dev.switchboard.app'

/**
 * What `app.setAppUserModelId` needs on Windows, where notifications are attributed to it (without it
 * they show as "electron.app.Electron" or not at all); a development run is identified by its
 * executable, as Electron's notification guide suggests. Undefined elsewhere.
 */
export function appUserModelId({ platform, isPackaged, execPath }: { platform: NodeJS.Platform; isPackaged: boolean; execPath: string }): string | undefined {
  if (platform !== 'win32') return undefined
  return isPackaged ? APP_USER_MODEL_ID : execPath
}
