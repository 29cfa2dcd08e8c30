/**
 * What to do when the window's renderer process is gone (crashed, killed by the OS, out of memory):
 * load the page again, so the person gets the app back instead of a blank window. A clean exit is
 * not a crash (the window is closing), and a page that crashes again before it even connects is left
 * alone after a few tries, so a crash loop cannot keep the machine busy. No 'electron' import.
 */

/** Reloads in a row without the page connecting in between; then the window stays as it is (the log says why). */
export const MAX_RELOADS_IN_A_ROW = 3

export interface RendererRecovery {
  /** The renderer is gone for `reason` (Electron's `RenderProcessGoneDetails.reason`): reload the page or leave it. */
  gone(reason: string): 'reload' | 'leave'
  /** The page started and connected (it asked for its ports): the next crash is a new one. */
  connected(): void
}

export function createRendererRecovery(maxReloadsInARow = MAX_RELOADS_IN_A_ROW): RendererRecovery {
  let reloads = 0
  return {
    gone(reason) {
      if (reason === 'clean-exit' || reloads >= maxReloadsInARow) return 'leave'
      reloads += 1
      return 'reload'
    },
    connected() {
      reloads = 0
    },
  }
}
