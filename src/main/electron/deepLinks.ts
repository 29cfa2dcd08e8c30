/**
 * `switchboard://` deep links (issue 8 item 4), the pure part: which launch argument or opened URL
 * is an install link, how to register the protocol in development, and holding links that arrive
 * before the host is up. No 'electron' import, so all of it is unit-tested; index.ts only wires it.
 */
import { resolve } from 'node:path'
import { z } from 'zod'
import { installLinkShape } from '../services/extensions/installRequests'

/** The app's protocol: `switchboard://install?config=<base64url JSON>`. */
export const INSTALL_LINK_SCHEME = 'switchboard'

/** The install link an OS handed over as a URL (macOS 'open-url'); anything else is refused. */
export function installLinkFromUrl(url: string): string | undefined {
  return installLinkShape(url)
}

/**
 * The install link among a launch's arguments (Windows and Linux pass the URL as an argument, to the
 * first launch or to 'second-instance'), or undefined. Chromium adds its own switches, so the link
 * is looked for rather than expected at a position; only a whole argument that is an install link counts.
 */
export function installLinkFromArgv(argv: readonly string[]): string | undefined {
  for (const arg of argv.slice(1)) {
    if (!arg.toLowerCase().startsWith(`${INSTALL_LINK_SCHEME}:`)) continue
    const link = installLinkShape(arg)
    if (link !== undefined) return link
  }
  return undefined
}

/** What a second launch hands to the running instance (`requestSingleInstanceLock(additionalData)`). */
export interface SecondInstanceData {
  installLink?: string
}

/** The data a launch passes with its lock request: its install link, found among its own arguments. */
export function secondInstanceData(argv: readonly string[]): SecondInstanceData {
  const installLink = installLinkFromArgv(argv)
  return installLink ? { installLink } : {}
}

/** Another process's data: only its shape is trusted, and the link is checked again. */
const SecondInstanceDataSchema = z.object({ installLink: z.string() }).partial()

/**
 * The install link of a second launch ('second-instance'): the one it passed as `additionalData`
 * (argv order is not reliable: Chromium inserts its switches, and some launchers reorder), else one
 * found in its arguments (a launch by an older build passes no data).
 */
export function installLinkFromSecondInstance(argv: readonly string[], additionalData: unknown): string | undefined {
  const data = SecondInstanceDataSchema.safeParse(additionalData)
  const passed = data.success && data.data.installLink !== undefined ? installLinkShape(data.data.installLink) : undefined
  return passed ?? installLinkFromArgv(argv)
}

/**
 * Arguments for `app.setAsDefaultProtocolClient`. A packaged app is its own executable; in development
 * (`electron .`, `process.defaultApp`) the OS must start Electron with the app's entry script.
 */
export function protocolClientArgs(process: { defaultApp?: boolean; execPath: string; argv: readonly string[] }): [scheme: string, path?: string, args?: string[]] {
  const entry = process.argv[1]
  if (process.defaultApp && entry !== undefined) return [INSTALL_LINK_SCHEME, process.execPath, [resolve(entry)]]
  return [INSTALL_LINK_SCHEME]
}

/**
 * Registers the app for `switchboard://` links (`register` is `app.setAsDefaultProtocolClient`);
 * when the OS refuses (no permission, a policy, another app owns the scheme), says so once, since
 * install links from the browser will not reach the app.
 */
export function registerProtocolClient(
  register: (...args: ReturnType<typeof protocolClientArgs>) => boolean,
  process: Parameters<typeof protocolClientArgs>[0],
  warn: (message: string) => void,
): boolean {
  const registered = register(...protocolClientArgs(process))
  if (!registered) warn(`Could not register Switchboard for ${INSTALL_LINK_SCHEME}:// links; install links from a browser will not open the app (paste them into Settings → Extensions → Install extension → Install link instead).`)
  return registered
}

export interface DeepLinkInbox {
  /** A link from the OS; held until a handler is attached. */
  receive(link: string): void
  /** Delivers the held links in order, then every later one at once. */
  attach(handler: (link: string) => void): void
}

/** 'open-url' can fire before the app is ready and the host exists; links wait here meanwhile (a few at most). */
export function createDeepLinkInbox(maxHeld = 10): DeepLinkInbox {
  let held: string[] = []
  let handler: ((link: string) => void) | undefined
  return {
    receive(link) {
      if (handler) handler(link)
      else held = [...held, link].slice(-maxHeld)
    },
    attach(next) {
      handler = next
      const waiting = held
      held = []
      waiting.forEach((link) => next(link))
    },
  }
}
