import { describe, expect, it } from 'vitest'
import type { WebContents } from 'electron'
import {
  PAGE_PERMISSIONS,
  appPermissionCheck,
  appPermissionRequest,
  denyDevicePermission,
  denyPermissionCheck,
  denyPermissionRequest,
  permissionDecision,
} from '../../../src/main/electron/permissionPolicy'

/** A fake electron WebContents: the handlers ignore it, so an empty object stands in. */
const fakeWebContents = {} as WebContents

const requestable = [
  'clipboard-read',
  'clipboard-sanitized-write',
  'display-capture',
  'fullscreen',
  'geolocation',
  'idle-detection',
  'media',
  'mediaKeySystem',
  'midi',
  'midiSysex',
  'notifications',
  'pointerLock',
  'keyboardLock',
  'openExternal',
  'speaker-selection',
  'storage-access',
  'top-level-storage-access',
  'window-management',
  'unknown',
  'fileSystem',
] as const

const checkable = ['clipboard-read', 'geolocation', 'hid', 'media', 'notifications', 'openExternal', 'serial', 'usb', 'fileSystem'] as const

describe('permission policy', () => {
  it('permissionDecision denies, whatever is asked', () => {
    expect(permissionDecision()).toBe(false)
    for (const permission of [...requestable, ...checkable, 'anything-new']) expect(permissionDecision(permission)).toBe(false)
  })

  it.each(requestable)('request handler denies %s (fake electron webContents and details)', (permission) => {
    const answers: boolean[] = []
    denyPermissionRequest(fakeWebContents, permission, (granted) => answers.push(granted), { requestingUrl: 'file:///app/index.html', isMainFrame: true })
    expect(answers).toEqual([false])
  })

  it.each(checkable)('check handler denies %s (fake electron webContents and details)', (permission) => {
    expect(denyPermissionCheck(fakeWebContents, permission, 'file://', { isMainFrame: true, requestingUrl: 'file:///app/index.html' })).toBe(false)
  })

  it.each(['hid', 'serial', 'usb'] as const)('device handler denies %s (fake electron details)', (deviceType) => {
    expect(denyDevicePermission({ deviceType, origin: 'file://', device: { deviceId: 'x', name: 'fake', vendorId: 1, productId: 1 } } as never)).toBe(false)
  })
})

describe('the app’s permission policy (frontend tools: notifications, clipboard writes)', () => {
  const appUrl = 'app://switchboard/index.html'
  const request = (permission: string, requestingUrl: string, isMainFrame = true) => {
    const answers: boolean[] = []
    appPermissionRequest(appUrl)(fakeWebContents, permission as never, (granted) => answers.push(granted), { requestingUrl, isMainFrame } as never)
    return answers
  }

  it('allows exactly notifications and clipboard writes', () => {
    expect([...PAGE_PERMISSIONS].sort()).toEqual(['clipboard-sanitized-write', 'notifications'])
  })

  it.each([...PAGE_PERMISSIONS])('grants %s to our own page’s main frame', (permission) => {
    expect(request(permission, 'app://switchboard/index.html')).toEqual([true])
    expect(appPermissionCheck(appUrl)(fakeWebContents, permission as never, 'app://switchboard', { isMainFrame: true, requestingUrl: 'app://switchboard/' } as never)).toBe(true)
  })

  it.each([...PAGE_PERMISSIONS])('denies %s to another origin, a subframe or a look-alike host', (permission) => {
    expect(request(permission, 'https://evil.example/')).toEqual([false])
    expect(request(permission, 'app://switchboard/index.html', false)).toEqual([false])
    expect(request(permission, 'app://switchboard.evil/index.html')).toEqual([false])
    expect(request(permission, 'file:///app/index.html')).toEqual([false])
    expect(appPermissionCheck(appUrl)(fakeWebContents, permission as never, 'https://evil.example', { isMainFrame: true } as never)).toBe(false)
  })

  it.each(requestable.filter((permission) => !PAGE_PERMISSIONS.has(permission)))('still denies %s to our own page', (permission) => {
    expect(request(permission, 'app://switchboard/index.html')).toEqual([false])
  })

  it.each(checkable.filter((permission) => !PAGE_PERMISSIONS.has(permission)))('the check handler still denies %s to our own page', (permission) => {
    expect(appPermissionCheck(appUrl)(fakeWebContents, permission as never, 'app://switchboard', { isMainFrame: true, requestingUrl: 'app://switchboard/' } as never)).toBe(false)
  })
})
