/** Finding a browser for the end-to-end tests on each OS, and the one line said when there is none. */
import { describe, expect, it } from 'vitest'
import { chromiumMissingMessage, findChromium } from './chromium'

const only = (...present: string[]) => (path: string) => present.includes(path)

describe('findChromium', () => {
  it('finds Debian\'s Chromium, else Chrome, else Edge on Linux', () => {
    expect(findChromium({ env: {}, platform: 'linux', exists: only('/usr/bin/chromium', '/usr/bin/google-chrome') })).toEqual({ found: true, path: '/usr/bin/chromium' })
    expect(findChromium({ env: {}, platform: 'linux', exists: only('/opt/google/chrome/chrome') })).toEqual({ found: true, path: '/opt/google/chrome/chrome' })
    expect(findChromium({ env: {}, platform: 'linux', exists: only('/usr/bin/microsoft-edge') })).toEqual({ found: true, path: '/usr/bin/microsoft-edge' })
  })

  it('finds Chrome in /Applications or ~/Applications on macOS', () => {
    const chrome = '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome'
    expect(findChromium({ env: { HOME: '/Users/a' }, platform: 'darwin', exists: only(chrome) })).toEqual({ found: true, path: chrome })
    const edge = '/Users/a/Applications/Microsoft Edge.app/Contents/MacOS/Microsoft Edge'
    expect(findChromium({ env: { HOME: '/Users/a' }, platform: 'darwin', exists: only(edge) })).toEqual({ found: true, path: edge })
  })

  it('finds Edge under Program Files (x86) or Chrome under LOCALAPPDATA on Windows', () => {
    const env = { PROGRAMFILES: 'C:\\Program Files', 'PROGRAMFILES(X86)': 'C:\\Program Files (x86)', LOCALAPPDATA: 'C:\\Users\\a\\AppData\\Local' }
    const edge = 'C:\\Program Files (x86)\\Microsoft\\Edge\\Application\\msedge.exe'
    expect(findChromium({ env, platform: 'win32', exists: only(edge) })).toEqual({ found: true, path: edge })
    const chrome = 'C:\\Users\\a\\AppData\\Local\\Google\\Chrome\\Application\\chrome.exe'
    expect(findChromium({ env, platform: 'win32', exists: only(chrome, edge) })).toEqual({ found: true, path: chrome })
  })

  it('uses SWITCHBOARD_CHROMIUM as given, and says so when it names nothing (no silent search past it)', () => {
    expect(findChromium({ env: { SWITCHBOARD_CHROMIUM: '/opt/b/chrome' }, platform: 'linux', exists: only('/opt/b/chrome', '/usr/bin/chromium') })).toEqual({ found: true, path: '/opt/b/chrome' })
    expect(findChromium({ env: { SWITCHBOARD_CHROMIUM: '/nope' }, platform: 'linux', exists: only('/usr/bin/chromium') })).toEqual({
      found: false,
      reason: 'SWITCHBOARD_CHROMIUM names /nope, which does not exist',
      fix: "point SWITCHBOARD_CHROMIUM at the browser's executable",
    })
    expect(findChromium({ env: { CHROMIUM_PATH: '/old/name' }, platform: 'linux', exists: only('/old/name') })).toEqual({ found: true, path: '/old/name' })
  })

  it('with none, one line names why and the fix for the OS', () => {
    const none = findChromium({ env: {}, platform: 'linux', exists: only() })
    expect(none.found).toBe(false)
    if (none.found) return
    expect(chromiumMissingMessage(none, false)).toBe(
      "[e2e] end-to-end tests SKIPPED: no Chromium, Chrome or Edge was found in the usual places; install it (Debian/Ubuntu: apt-get install chromium), or set SWITCHBOARD_CHROMIUM to the browser's executable.",
    )
    expect(chromiumMissingMessage(none, true)).toMatch(/^\[e2e\] SWITCHBOARD_REQUIRE_CHROMIUM=1 but the end-to-end tests cannot run: no Chromium/)
    const mac = findChromium({ env: {}, platform: 'darwin', exists: only() })
    expect(!mac.found && mac.fix).toMatch(/^install Google Chrome or Chromium into \/Applications/)
  })

  it('finds this machine\'s browser', () => {
    // Here (and in CI) Debian's Chromium is installed; elsewhere this names what it found or why not.
    const here = findChromium()
    if (process.env.SWITCHBOARD_REQUIRE_CHROMIUM === '1') expect(here.found).toBe(true)
    else expect(here.found || here.reason.length > 0).toBe(true)
  })
})
