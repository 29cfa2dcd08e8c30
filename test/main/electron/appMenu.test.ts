import type { MenuItemConstructorOptions } from 'electron'
import { describe, expect, it } from 'vitest'
import { APP_USER_MODEL_ID, appMenuTemplate, appUserModelId } from '../../../src/main/electron/appMenu'

function roles(items: MenuItemConstructorOptions[]): string[] {
  return items.flatMap((item) => [...(item.role ? [item.role] : []), ...(Array.isArray(item.submenu) ? roles(item.submenu) : [])])
}

const DEVELOPMENT_ROLES = ['reload', 'forceReload', 'toggleDevTools']

describe('appMenuTemplate', () => {
  it.each(['darwin', 'win32', 'linux'] as const)('has no reload or DevTools items in a packaged build (%s)', (platform) => {
    const menu = roles(appMenuTemplate({ appName: 'Switchboard', platform, isPackaged: true }))
    for (const role of DEVELOPMENT_ROLES) expect(menu).not.toContain(role)
    expect(menu).toEqual(expect.arrayContaining(['quit', 'copy', 'paste', 'selectAll', 'undo']))
  })

  it.each(['darwin', 'win32', 'linux'] as const)('closes the window with Cmd+W / Ctrl+W (the close role) on %s', (platform) => {
    const window = appMenuTemplate({ appName: 'Switchboard', platform, isPackaged: true }).find((item) => item.label === 'Window')!
    expect(roles([window])).toContain('close')
  })

  it('keeps them while developing', () => {
    expect(roles(appMenuTemplate({ appName: 'Switchboard', platform: 'linux', isPackaged: false }))).toEqual(expect.arrayContaining(DEVELOPMENT_ROLES))
  })

  it('has the macOS app menu named after the app, and a File menu elsewhere', () => {
    expect(appMenuTemplate({ appName: 'Switchboard', platform: 'darwin', isPackaged: true })[0]).toMatchObject({ label: 'Switchboard' })
    expect(appMenuTemplate({ appName: 'Switchboard', platform: 'win32', isPackaged: true })[0]).toMatchObject({ label: 'File' })
  })
})

describe('appUserModelId', () => {
  it('names the app on Windows (the packaged id, or the executable while developing) and nothing elsewhere', () => {
    expect(appUserModelId({ platform: 'win32', isPackaged: true, execPath: 'C:\\\\Switchboard.exe' })).toBe(APP_USER_MODEL_ID)
    expect(appUserModelId({ platform: 'win32', isPackaged: false, execPath: 'C:\\\\electron.exe' })).toBe('C:\\\\electron.exe')
    expect(appUserModelId({ platform: 'darwin', isPackaged: true, execPath: '/x' })).toBeUndefined()
    expect(appUserModelId({ platform: 'linux', isPackaged: true, execPath: '/x' })).toBeUndefined()
  })
})
