import { describe, expect, it } from 'vitest'
import type { WebContents } from 'electron'
import {
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
