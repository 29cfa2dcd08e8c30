import { describe, expect, it } from 'vitest'
import { webPreferences, windowOptions } from '../../../../src/main/electron/window/windowOptions'

const PRELOAD = '/opt/Switchboard/out/preload/index.cjs'
const packaged = { preloadPath: PRELOAD, devTools: false }

describe('windowOptions', () => {
  it('has exactly the hardened webPreferences, nothing more and nothing less', () => {
    expect(windowOptions(packaged).webPreferences).toStrictEqual({
      preload: PRELOAD,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      webviewTag: false,
      allowRunningInsecureContent: false,
      experimentalFeatures: false,
      spellcheck: false,
      devTools: false,
    })
  })

  it('has DevTools only while developing (not packaged)', () => {
    expect(windowOptions(packaged).webPreferences?.devTools).toBe(false)
    expect(windowOptions({ preloadPath: PRELOAD, devTools: true }).webPreferences?.devTools).toBe(true)
  })

  it('uses the same webPreferences in dark mode', () => {
    expect(windowOptions({ ...packaged, prefersDark: true }).webPreferences).toStrictEqual(webPreferences(PRELOAD, { devTools: false }))
  })

  it('starts hidden (shown on ready-to-show) with a usable size and a background for each theme', () => {
    const light = windowOptions(packaged)
    const dark = windowOptions({ ...packaged, prefersDark: true })
    expect(light.show).toBe(false)
    expect(light.minWidth).toBeLessThanOrEqual(light.width ?? 0)
    expect(light.minHeight).toBeLessThanOrEqual(light.height ?? 0)
    expect(light.backgroundColor).toMatch(/^#[0-9a-f]{6}$/)
    expect(dark.backgroundColor).toMatch(/^#[0-9a-f]{6}$/)
    expect(dark.backgroundColor).not.toBe(light.backgroundColor)
  })

  it('returns a fresh object each time, so one window cannot change the next one’s options', () => {
    const first = windowOptions(packaged)
    Object.assign(first.webPreferences ?? {}, { sandbox: false })
    expect(windowOptions(packaged).webPreferences?.sandbox).toBe(true)
  })
})
