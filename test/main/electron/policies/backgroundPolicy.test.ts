/**
 * Keeping Switchboard working while the window is closed (backgroundPolicy.ts), without Electron:
 * what closing the window does (off by default, asked once when a routine exists, never on quit),
 * the XDG autostart entry Start at login writes on Linux (and removes), login items elsewhere, and
 * wake events from powerMonitor reaching the routines (an EventEmitter in powerMonitor's place).
 */
import { EventEmitter } from 'node:events'
import { readFileSync } from 'node:fs'
import { readFile, stat } from 'node:fs/promises'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { applyXdgPlan, autostartEntry, autostartPath, closeDecision, keepRunningFromAnswer, loginItemPlan, relayWake, trayIconPath, TRAY_QUESTION } from '../../../../src/main/electron/policies/backgroundPolicy'
import { parse } from 'yaml'
import { tempDir } from '../../../helpers/tempDir'

let dirs: { remove(): Promise<void> }[] = []
afterEach(async () => {
  await Promise.all(dirs.map((dir) => dir.remove()))
  dirs = []
})

describe('keeping Switchboard running for routines', () => {
  it('closing the window closes by default, asks once when a routine exists, then follows the answer; quitting always closes', () => {
    expect(closeDecision({ keepRunningInTray: undefined, routineCount: 0, quitting: false })).toBe('close')
    expect(closeDecision({ keepRunningInTray: undefined, routineCount: 1, quitting: false })).toBe('ask')
    expect(closeDecision({ keepRunningInTray: true, routineCount: 1, quitting: false })).toBe('hide-to-tray')
    expect(closeDecision({ keepRunningInTray: false, routineCount: 3, quitting: false })).toBe('close')
    expect(closeDecision({ keepRunningInTray: true, routineCount: 3, quitting: true })).toBe('close')
    expect(TRAY_QUESTION.buttons[0]).toBe('Keep running in the tray')
    expect([keepRunningFromAnswer(0), keepRunningFromAnswer(1)]).toEqual([true, false])
  })

  it('Start at login is an XDG autostart entry on Linux, written and removed, and a login item elsewhere', async () => {
    const dir = await tempDir()
    dirs.push(dir)
    expect(autostartPath({}, '/home/ada', 'Switchboard')).toBe('/home/ada/.config/autostart/switchboard.desktop')
    expect(autostartPath({ XDG_CONFIG_HOME: '/cfg' }, '/home/ada', 'Switchboard')).toBe('/cfg/autostart/switchboard.desktop')
    expect(autostartPath({ XDG_CONFIG_HOME: 'relative' }, '/home/ada', 'Switchboard')).toBe('/home/ada/.config/autostart/switchboard.desktop')
    const entry = autostartEntry({ appName: 'Switchboard', execPath: '/opt/Switch Board/switchboard', args: ['--flag=100%'] })
    expect(entry).toContain('[Desktop Entry]\nType=Application\nName=Switchboard\n')
    expect(entry).toContain('Exec="/opt/Switch Board/switchboard" "--flag=100%%"\n')

    const on = loginItemPlan({ platform: 'linux', enabled: true, appName: 'Switchboard', execPath: '/usr/bin/switchboard', env: { XDG_CONFIG_HOME: dir.path }, home: '/nowhere' })
    expect(on).toMatchObject({ kind: 'xdg', path: join(dir.path, 'autostart', 'switchboard.desktop') })
    if (on.kind !== 'xdg') throw new Error('expected an XDG plan')
    await applyXdgPlan(on)
    expect(await readFile(on.path, 'utf8')).toContain('Exec=/usr/bin/switchboard\n')
    const off = loginItemPlan({ platform: 'linux', enabled: false, appName: 'Switchboard', execPath: '/usr/bin/switchboard', env: { XDG_CONFIG_HOME: dir.path }, home: '/nowhere' })
    if (off.kind !== 'xdg') throw new Error('expected an XDG plan')
    await applyXdgPlan(off)
    await expect(stat(on.path)).rejects.toThrow(/ENOENT/)

    expect(loginItemPlan({ platform: 'darwin', enabled: true, appName: 'Switchboard', execPath: '/Applications/Switchboard.app', env: {}, home: '/Users/ada' })).toEqual({ kind: 'login-items', openAtLogin: true })
    expect(loginItemPlan({ platform: 'win32', enabled: false, appName: 'Switchboard', execPath: 'C:\\Switchboard.exe', env: {}, home: 'C:\\Users\\ada' })).toEqual({ kind: 'login-items', openAtLogin: false })
  })

  it('the tray icon is read beside app.asar in a package, where electron-builder puts it, and from resources/ in a checkout', () => {
    expect(trayIconPath({ isPackaged: true, resourcesPath: '/opt/Switchboard/resources', appPath: '/opt/Switchboard/resources/app.asar' })).toBe(join('/opt/Switchboard/resources', 'icon.png'))
    expect(trayIconPath({ isPackaged: false, resourcesPath: '/x', appPath: '/repo' })).toBe(join('/repo', 'resources', 'icon.png'))
    const builder = parse(readFileSync('build/electron-builder.yml', 'utf8')) as { extraResources: { from: string; to: string }[] }
    expect(builder.extraResources).toContainEqual({ from: 'resources/icon.png', to: 'icon.png' })
  })

  it('a resume or unlock after sleep reaches the routines until stopped', () => {
    const power = new EventEmitter()
    let wakes = 0
    const stop = relayWake(power as never, () => wakes++)
    power.emit('resume')
    power.emit('unlock-screen')
    expect(wakes).toBe(2)
    stop()
    power.emit('resume')
    expect(wakes).toBe(2)
    expect(power.listenerCount('resume')).toBe(0)
  })
})
