/**
 * The browser for the end-to-end tests and the browser benchmarks: Chromium, Chrome or Edge (all
 * drive the same way through playwright-core), found in the usual places of each OS or named by
 * SWITCHBOARD_CHROMIUM. Never `playwright install`: the tests use a browser the machine already has.
 * Without one the e2e files are skipped with one line (vitest.config.ts); with
 * SWITCHBOARD_REQUIRE_CHROMIUM=1 (CI) a missing browser fails the run instead (globalSetup.ts).
 */
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import type { Browser } from 'playwright-core'

/** Names the browser to use, overriding the search. CHROMIUM_PATH, its earlier name, still works. */
export const CHROMIUM_ENV = 'SWITCHBOARD_CHROMIUM'
export const REQUIRE_CHROMIUM_ENV = 'SWITCHBOARD_REQUIRE_CHROMIUM'

export type ChromiumLocation = { found: true; path: string } | { found: false; reason: string; fix: string }

export interface FindChromiumOptions {
  env?: Record<string, string | undefined>
  platform?: NodeJS.Platform
  exists?: (path: string) => boolean
}

/** Where each OS keeps Chromium, Chrome and Edge, in the order they are tried. */
export function chromiumCandidates(platform: NodeJS.Platform, env: Record<string, string | undefined>): string[] {
  switch (platform) {
    case 'darwin': {
      const apps = ['Chromium.app/Contents/MacOS/Chromium', 'Google Chrome.app/Contents/MacOS/Google Chrome', 'Microsoft Edge.app/Contents/MacOS/Microsoft Edge']
      const roots = ['/Applications', ...(env.HOME ? [join(env.HOME, 'Applications')] : [])]
      return roots.flatMap((root) => apps.map((app) => `${root}/${app}`))
    }
    case 'win32': {
      const roots = [env.LOCALAPPDATA, env.PROGRAMFILES, env['PROGRAMFILES(X86)']].filter((root): root is string => Boolean(root))
      const apps = ['Chromium\\Application\\chrome.exe', 'Google\\Chrome\\Application\\chrome.exe', 'Microsoft\\Edge\\Application\\msedge.exe']
      return roots.flatMap((root) => apps.map((app) => `${root}\\${app}`))
    }
    default:
      return [
        '/usr/bin/chromium',
        '/usr/bin/chromium-browser',
        '/snap/bin/chromium',
        '/usr/bin/google-chrome',
        '/usr/bin/google-chrome-stable',
        '/opt/google/chrome/chrome',
        '/usr/bin/microsoft-edge',
        '/usr/bin/microsoft-edge-stable',
        '/opt/microsoft/msedge/msedge',
      ]
  }
}

/** How to get a browser on this OS, for the skip line and the CI failure. */
export function chromiumFix(platform: NodeJS.Platform): string {
  const install =
    platform === 'darwin' ? 'install Google Chrome or Chromium into /Applications' : platform === 'win32' ? 'install Google Chrome or Microsoft Edge' : 'install it (Debian/Ubuntu: apt-get install chromium)'
  return `${install}, or set ${CHROMIUM_ENV} to the browser's executable`
}

/** The browser to drive, or why there is none. A path named in the environment is used as given, never searched past. */
export function findChromium({ env = process.env, platform = process.platform, exists = existsSync }: FindChromiumOptions = {}): ChromiumLocation {
  const fix = chromiumFix(platform)
  const named = env[CHROMIUM_ENV] || env.CHROMIUM_PATH
  if (named) {
    const variable = env[CHROMIUM_ENV] ? CHROMIUM_ENV : 'CHROMIUM_PATH'
    return exists(named) ? { found: true, path: named } : { found: false, reason: `${variable} names ${named}, which does not exist`, fix: `point ${variable} at the browser's executable` }
  }
  const path = chromiumCandidates(platform, env).find((candidate) => exists(candidate))
  return path ? { found: true, path } : { found: false, reason: 'no Chromium, Chrome or Edge was found in the usual places', fix }
}

/** The one line printed when the end-to-end files are skipped, or the error when CI requires them. */
export function chromiumMissingMessage(location: Extract<ChromiumLocation, { found: false }>, required: boolean): string {
  const what = required ? `${REQUIRE_CHROMIUM_ENV}=1 but the end-to-end tests cannot run` : 'end-to-end tests SKIPPED'
  return `[e2e] ${what}: ${location.reason}; ${location.fix}.`
}

/** Without the background-networking flags Chromium keeps dialling Google hosts, which this machine's closed network refuses. */
const ARGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync']

export async function launchChromium(): Promise<Browser> {
  const location = findChromium()
  if (!location.found) throw new Error(`No browser to drive: ${location.reason}; ${location.fix}.`)
  const { chromium } = await import('playwright-core')
  return chromium.launch({ executablePath: location.path, headless: true, args: ARGS })
}
