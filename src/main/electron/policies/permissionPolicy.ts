/**
 * Web permissions (camera, microphone, geolocation, clipboard reads, HID/USB/serial…): the renderer
 * gets none, with two exceptions for our own page's main frame, which its frontend tools need
 * (`show_notification`, `copy_to_clipboard`): notifications and writing to the clipboard. Those
 * tools are MCP tools that main's permission inspector approves before the page is asked.
 *
 * MCP Apps: an App frame (the `about:srcdoc` frame inside a sandbox proxy, or the proxy itself) may
 * use camera, microphone, geolocation or clipboard writes only when the person allowed that
 * permission for an App now on screen (`allowsFeature`, from host/apps/appSandbox.ts). Which App may
 * ask at all is decided by Chromium's Permissions Policy first: only frames whose `allow` chain
 * names the feature (the person's grant for that App) reach this handler for it.
 */
import type { Session } from 'electron'
import { APP_SANDBOX_ELECTRON_ORIGIN } from '../../../shared/csp'
import { isAppPage } from './navigationPolicy'

/** What our own page may use. Everything else, and anything asked by another page or a subframe, is denied. */
export const PAGE_PERMISSIONS: ReadonlySet<string> = new Set(['notifications', 'clipboard-sanitized-write'])

/** Every permission is denied; the argument names what was asked, for readability at call sites. */
export function permissionDecision(_permission?: string): false {
  return false
}

type RequestHandler = NonNullable<Parameters<Session['setPermissionRequestHandler']>[0]>
type CheckHandler = NonNullable<Parameters<Session['setPermissionCheckHandler']>[0]>
type DeviceHandler = NonNullable<Parameters<Session['setDevicePermissionHandler']>[0]>

/** `session.setPermissionRequestHandler`: answers every request with "no". */
export const denyPermissionRequest: RequestHandler = (_webContents, permission, callback) => callback(permissionDecision(permission))

/** `session.setPermissionCheckHandler`: every synchronous permission check says "not granted". */
export const denyPermissionCheck: CheckHandler = (_webContents, permission) => permissionDecision(permission)

/** `session.setDevicePermissionHandler`: no HID, serial or USB device is ever exposed. */
export const denyDevicePermission: DeviceHandler = (details) => permissionDecision(details.deviceType)

/** True only for a permission in PAGE_PERMISSIONS asked by our own page's main frame. */
export function pagePermissionDecision(permission: string, requestingUrl: string | undefined, isMainFrame: boolean, appUrl: string): boolean {
  return PAGE_PERMISSIONS.has(permission) && isMainFrame && requestingUrl !== undefined && isAppPage(requestingUrl, appUrl)
}

const noAppFeatures = (): boolean => false

/** `session.setPermissionRequestHandler` for the app: PAGE_PERMISSIONS for our page, Apps' allowed permissions for their frames, "no" to everything else. */
export function appPermissionRequest(appUrl: string, allowsFeature: (feature: string) => boolean = noAppFeatures): RequestHandler {
  return (_webContents, permission, callback, details) => {
    const media = 'mediaTypes' in details ? details.mediaTypes : undefined
    callback(
      pagePermissionDecision(permission, details.requestingUrl, details.isMainFrame, appUrl) ||
        appFramePermissionDecision(permission, { requestingUrl: details.requestingUrl, isMainFrame: details.isMainFrame, mediaTypes: media }, allowsFeature),
    )
  }
}

/** `session.setPermissionCheckHandler` for the app: the synchronous twin of appPermissionRequest. */
export function appPermissionCheck(appUrl: string, allowsFeature: (feature: string) => boolean = noAppFeatures): CheckHandler {
  return (_webContents, permission, requestingOrigin, details) => {
    const requestingUrl = details.requestingUrl ?? requestingOrigin
    const media = details.mediaType && details.mediaType !== 'unknown' ? [details.mediaType] : undefined
    return (
      pagePermissionDecision(permission, requestingUrl, details.isMainFrame, appUrl) ||
      appFramePermissionDecision(permission, { requestingUrl, isMainFrame: details.isMainFrame, mediaTypes: media }, allowsFeature)
    )
  }
}

/** The Permissions Policy features an Electron permission asks for ([] when no App may have it). */
export function appFeaturesOf(permission: string, mediaTypes: readonly string[] | undefined): string[] {
  switch (permission) {
    case 'media': {
      const types = mediaTypes && mediaTypes.length > 0 ? mediaTypes : ['video', 'audio']
      return types.map((type) => (type === 'video' ? 'camera' : type === 'audio' ? 'microphone' : `unknown:${type}`))
    }
    case 'geolocation':
      return ['geolocation']
    case 'clipboard-sanitized-write':
      return ['clipboard-write']
    default:
      return []
  }
}

/** Whether a frame is one of an App's: its inner `about:srcdoc` document or a sandbox proxy page. */
function isAppFrame(requestingUrl: string | undefined, isMainFrame: boolean): boolean {
  if (isMainFrame || requestingUrl === undefined) return false
  return requestingUrl === 'about:srcdoc' || requestingUrl.startsWith(`${APP_SANDBOX_ELECTRON_ORIGIN}/app/`)
}

/** True for an App frame asking for features the person allowed an App now registered. */
export function appFramePermissionDecision(
  permission: string,
  frame: { requestingUrl: string | undefined; isMainFrame: boolean; mediaTypes?: readonly string[] },
  allowsFeature: (feature: string) => boolean,
): boolean {
  const features = appFeaturesOf(permission, frame.mediaTypes)
  return isAppFrame(frame.requestingUrl, frame.isMainFrame) && features.length > 0 && features.every(allowsFeature)
}
