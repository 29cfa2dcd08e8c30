import { describe, expect, it } from 'vitest'
import { webPreferences, windowOptions } from '../../../src/main/electron/windowOptions'

const PRELOAD = '/opt/Switchboard/out/preload/index.cjs'

describe('windowOptions', () => {
  it('has exactly the hardened webPreferences, nothing more and nothing less', () => {
    expect(windowOptions(PRELOAD).webPreferences).toStrictEqual({
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
    })
  })

  it('uses the same webPreferences in dark mode', () => {
    expect(windowOptions(PRELOAD, true).webPreferences).toStrictEqual(webPreferences(PRELOAD))
  })

  it('starts hidden (shown on ready-to-show) with a usable size and a background for each theme', () => {
    const light = windowOptions(PRELOAD)
    const dark = windowOptions(PRELOAD, true)
    expect(light.show).toBe(false)
    expect(light.minWidth).toBeLessThanOrEqual(light.width ?? 0)
    expect(light.minHeight).toBeLessThanOrEqual(light.height ?? 0)
    expect(light.backgroundColor).toMatch(/^#[0-9a-f]{6}$/)
    expect(dark.backgroundColor).toMatch(/^#[0-9a-f]{6}$/)
    expect(dark.backgroundColor).not.toBe(light.backgroundColor)
  })

  it('returns a fresh object each time, so one window cannot change the next one’s options', () => {
    const first = windowOptions(PRELOAD)
    Object.assign(first.webPreferences ?? {}, { sandbox: false })
    expect(windowOptions(PRELOAD).webPreferences?.sandbox).toBe(true)
  })
})
