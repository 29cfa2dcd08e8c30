/** The main window's options: every renderer hardening switch set explicitly (docs/security.md). */
import type { BrowserWindowConstructorOptions, WebPreferences } from 'electron'

/**
 * The renderer is untrusted: it gets no Node, runs sandboxed in its own JS world, and sees only the
 * MessagePorts the preload hands over. Defaults are spelled out so that an Electron upgrade that
 * changes a default cannot weaken the window, and so that the unit test pins each value.
 */
export function webPreferences(preloadPath: string, { devTools }: { devTools: boolean }): WebPreferences {
  return {
    preload: preloadPath,
    contextIsolation: true,
    sandbox: true,
    nodeIntegration: false,
    nodeIntegrationInWorker: false,
    nodeIntegrationInSubFrames: false,
    webSecurity: true,
    webviewTag: false,
    allowRunningInsecureContent: false,
    experimentalFeatures: false,
    // The spellchecker downloads dictionaries from a Google CDN; we do not want that network call.
    spellcheck: false,
    // Development only: a packaged build has no DevTools (`devTools: !app.isPackaged`).
    devTools,
  }
}

export interface WindowOptionsInput {
  preloadPath: string
  prefersDark?: boolean
  /** `!app.isPackaged`: DevTools only while developing. */
  devTools: boolean
  /** Where the window opens (`restoredBounds` in windowBounds.ts); centred at the default size without. */
  bounds?: { x: number; y: number; width: number; height: number }
}

/** The window's default and smallest size (windowBounds.ts restores within these). */
export const WINDOW_SIZE = { width: 1100, height: 760, minWidth: 640, minHeight: 480 }

/** Options for the main window; it stays hidden until its first paint to avoid a blank flash. */
export function windowOptions({ preloadPath, prefersDark = false, devTools, bounds }: WindowOptionsInput): BrowserWindowConstructorOptions {
  return {
    title: 'Switchboard',
    ...WINDOW_SIZE,
    ...bounds,
    show: false,
    backgroundColor: prefersDark ? '#18181b' : '#ffffff',
    webPreferences: webPreferences(preloadPath, { devTools }),
  }
}
