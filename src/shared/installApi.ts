/**
 * Install links that reach the app from outside (issue 8 item 4): in Electron the OS hands a
 * `switchboard://install?config=…` link to the app; main keeps it as a pending install request, and
 * the window (subscribed to `switchboard://install-requests`) opens the Install link tab with it.
 * A request only fills in a form: installing still goes through `extension_import {link}` and the
 * consent dialog. In browser mode no link arrives from outside; links are pasted into the tab.
 */
import { z } from 'zod'

/** `switchboard://install-requests`: install links handed to the app and not yet dismissed (subscribable). */
export const INSTALL_REQUESTS_URI = 'switchboard://install-requests'

/** At most this many links wait at once; older ones give way (a flood of links cannot grow memory). */
export const MAX_PENDING_INSTALL_REQUESTS = 10

export const InstallRequestSchema = z.object({
  id: z.string(),
  /** The link as received; checked again (fully) by `install_link_preview` before anything is shown. */
  link: z.string(),
  received: z.string().datetime(),
})
export type InstallRequest = z.infer<typeof InstallRequestSchema>

/** Payload of `switchboard://install-requests`, oldest first. */
export const InstallRequestsResourceSchema = z.object({ requests: z.array(InstallRequestSchema) })
export type InstallRequestsResource = z.infer<typeof InstallRequestsResourceSchema>

export const InstallToolInput = {
  /** The window has shown a request (installed or cancelled): it leaves the pending list. */
  install_request_dismiss: z.object({ id: z.string().min(1).max(100) }),
} as const

export const InstallToolOutput = {
  install_request_dismiss: z.object({ id: z.string(), dismissed: z.boolean() }),
} as const
