import { describe, expect, it } from 'vitest'
import type { WebContents } from 'electron'
import {
  PAGE_PERMISSIONS,
  appFeaturesOf,
  appPermissionCheck,
  appPermissionRequest,
  denyDevicePermission,
  denyPermissionCheck,
  denyPermissionRequest,
  permissionDecision,
} from '../../../../src/main/electron/policies/permissionPolicy'

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

describe('the permissions a person allowed an MCP App (camera, microphone, geolocation, clipboard writes)', () => {
  const appUrl = 'app://switchboard/index.html'
  const appFrame = 'about:srcdoc'
  const proxy = 'switchboard-app://sandbox/app/AAAAAAAAAAAAAAAAAAAAAA'
  /** What the person allowed, as host/apps/appSandbox.ts answers for the registered App pages. */
  const allowed = (...features: string[]) => (feature: string) => features.includes(feature)
  const request = (allows: (feature: string) => boolean, permission: string, details: Record<string, unknown>) => {
    const answers: boolean[] = []
    appPermissionRequest(appUrl, allows)(fakeWebContents, permission as never, (granted) => answers.push(granted), details as never)
    return answers
  }

  it('maps Electron permissions to the features an App declares', () => {
    expect(appFeaturesOf('media', ['video'])).toEqual(['camera'])
    expect(appFeaturesOf('media', ['audio'])).toEqual(['microphone'])
    expect(appFeaturesOf('media', undefined)).toEqual(['camera', 'microphone'])
    expect(appFeaturesOf('geolocation', undefined)).toEqual(['geolocation'])
    expect(appFeaturesOf('clipboard-sanitized-write', undefined)).toEqual(['clipboard-write'])
    expect(appFeaturesOf('clipboard-read', undefined)).toEqual([])
    expect(appFeaturesOf('notifications', undefined)).toEqual([])
  })

  it('grants the camera to an App frame once the person allowed it, and only then', () => {
    const camera = { requestingUrl: appFrame, isMainFrame: false, mediaTypes: ['video'] }
    expect(request(allowed(), 'media', camera)).toEqual([false])
    expect(request(allowed('camera'), 'media', camera)).toEqual([true])
    expect(request(allowed('camera'), 'media', { ...camera, requestingUrl: proxy })).toEqual([true])
    // Camera allowed is not microphone allowed, nor both at once.
    expect(request(allowed('camera'), 'media', { ...camera, mediaTypes: ['audio'] })).toEqual([false])
    expect(request(allowed('camera'), 'media', { ...camera, mediaTypes: ['video', 'audio'] })).toEqual([false])
    expect(request(allowed('camera', 'microphone'), 'media', { ...camera, mediaTypes: ['video', 'audio'] })).toEqual([true])
    expect(appPermissionCheck(appUrl, allowed('camera'))(fakeWebContents, 'media', 'null', { isMainFrame: false, requestingUrl: appFrame, mediaType: 'video' } as never)).toBe(true)
    expect(appPermissionCheck(appUrl, allowed())(fakeWebContents, 'media', 'null', { isMainFrame: false, requestingUrl: appFrame, mediaType: 'video' } as never)).toBe(false)
  })

  it('never gives an allowed App feature to a frame that is not an App', () => {
    const everything = allowed('camera', 'microphone', 'geolocation', 'clipboard-write')
    expect(request(everything, 'media', { requestingUrl: 'https://evil.example/', isMainFrame: false, mediaTypes: ['video'] })).toEqual([false])
    expect(request(everything, 'media', { requestingUrl: appUrl, isMainFrame: true, mediaTypes: ['video'] })).toEqual([false])
    expect(request(everything, 'geolocation', { requestingUrl: 'switchboard-app://sandbox.evil/app/x', isMainFrame: false })).toEqual([false])
    // An App is never the main frame; a main frame at about:srcdoc is not one of ours.
    expect(request(everything, 'geolocation', { requestingUrl: appFrame, isMainFrame: true })).toEqual([false])
    // Features no App can declare stay denied, allowed or not.
    expect(request(everything, 'clipboard-read', { requestingUrl: appFrame, isMainFrame: false })).toEqual([false])
    expect(request(everything, 'notifications', { requestingUrl: appFrame, isMainFrame: false })).toEqual([false])
  })
})
