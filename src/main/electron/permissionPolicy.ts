/**
 * Web permissions (camera, microphone, notifications, geolocation, clipboard, HID/USB/serial…):
 * the renderer gets none. Anything the app needs goes through an MCP tool that main approves.
 */
import type { Session } from 'electron'

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
