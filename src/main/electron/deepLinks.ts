/**
 * `switchboard://` deep links (issue 8 item 4), the pure part: which launch argument or opened URL
 * is an install link, when to register the protocol, and holding links that arrive
 * before the host is up. No 'electron' import, so all of it is unit-tested; index.ts only wires it.
 */
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
 * Whether this run claims `switchboard://` links itself (`app.setAsDefaultProtocolClient`):
 * - never in development: a dev run would take the links from an installed copy, and the OS would
 *   then start a bare Electron for them;
 * - not on Linux: there the .deb and .rpm declare the scheme in their .desktop file (registered at
 *   install), and Electron's registration runs `xdg-settings` synchronously, which blocked every start
 *   (the AppImage registers nothing; docs/guide/installing.md says so);
 * - on macOS and Windows, the packaged app (the Info.plist and the installer declare it too; asking
 *   again repairs a registration another app took).
 */
export function protocolRegistration({ isPackaged, platform }: { isPackaged: boolean; platform: NodeJS.Platform }): 'register' | 'development' | 'desktop-file' {
  if (!isPackaged) return 'development'
  return platform === 'linux' ? 'desktop-file' : 'register'
}

/**
 * Registers the packaged app for `switchboard://` links where it should (`register` is
 * `app.setAsDefaultProtocolClient`); when the OS refuses (no permission, a policy, another app owns
 * the scheme), says so once, since install links from the browser will not reach the app.
 * Returns whether it registered.
 */
export function registerProtocolClient(
  register: (scheme: string) => boolean,
  run: Parameters<typeof protocolRegistration>[0],
  warn: (message: string) => void,
): boolean {
  if (protocolRegistration(run) !== 'register') return false
  const registered = register(INSTALL_LINK_SCHEME)
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
