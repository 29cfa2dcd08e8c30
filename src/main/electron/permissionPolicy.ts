/**
 * Web permissions (camera, microphone, geolocation, clipboard reads, HID/USB/serial…): the renderer
 * gets none, with two exceptions for our own page's main frame, which its frontend tools need
 * (`show_notification`, `copy_to_clipboard`): notifications and writing to the clipboard. Those
 * tools are MCP tools that main's permission inspector approves before the page is asked.
 */
import type { Session } from 'electron'
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

/** `session.setPermissionRequestHandler` for the app: PAGE_PERMISSIONS for our page, "no" to everything else. */
export function appPermissionRequest(appUrl: string): RequestHandler {
  return (_webContents, permission, callback, details) => callback(pagePermissionDecision(permission, details.requestingUrl, details.isMainFrame, appUrl))
}

/** `session.setPermissionCheckHandler` for the app: the synchronous twin of appPermissionRequest. */
export function appPermissionCheck(appUrl: string): CheckHandler {
  return (_webContents, permission, requestingOrigin, details) =>
    pagePermissionDecision(permission, details.requestingUrl ?? requestingOrigin, details.isMainFrame, appUrl)
}
