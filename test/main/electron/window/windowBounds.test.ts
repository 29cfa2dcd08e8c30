/** The window's remembered size and place: restored where a display still shows it, else centred on the primary display. */
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { loadWindowState, restoredBounds, saveWindowState } from '../../../../src/main/electron/window/windowBounds'
import { WINDOW_SIZE } from '../../../../src/main/electron/window/windowOptions'
import { tempDir } from '../../../helpers/tempDir'

const laptop = { workArea: { x: 0, y: 25, width: 1440, height: 875 } }
/** A second monitor to the right of the laptop. */
const monitor = { workArea: { x: 1440, y: 0, width: 2560, height: 1440 } }

describe('restoredBounds', () => {
  it('opens a first window at the default size, centred on the primary display', () => {
    expect(restoredBounds(undefined, [laptop], laptop, WINDOW_SIZE)).toEqual({ x: 170, y: 83, width: 1100, height: 760, maximized: false })
  })

  it('reopens where it was, on any display that still shows it, maximised if it was', () => {
    const saved = { x: 2000, y: 100, width: 1200, height: 900, maximized: true }
    expect(restoredBounds(saved, [laptop, monitor], laptop, WINDOW_SIZE)).toEqual(saved)
  })

  it('centres the saved size on the primary display when its place is on no screen any more (monitor unplugged)', () => {
    const saved = { x: 2000, y: 100, width: 1200, height: 800, maximized: false }
    expect(restoredBounds(saved, [laptop], laptop, WINDOW_SIZE)).toEqual({ x: 120, y: 63, width: 1200, height: 800, maximized: false })
  })

  it('counts a window whose title bar is off every screen as off screen, and shrinks a saved size larger than the display', () => {
    const aboveTheScreen = { x: 100, y: -700, width: 1000, height: 720, maximized: false }
    expect(restoredBounds(aboveTheScreen, [laptop], laptop, WINDOW_SIZE)).toMatchObject({ x: 220, width: 1000, height: 720 })
    const huge = { x: 5000, y: 5000, width: 3000, height: 2000, maximized: false }
    expect(restoredBounds(huge, [laptop], laptop, WINDOW_SIZE)).toEqual({ ...laptop.workArea, maximized: false })
  })

  it('never restores below the minimum size', () => {
    const tiny = { x: 10, y: 40, width: 100, height: 50, maximized: false }
    expect(restoredBounds(tiny, [laptop], laptop, WINDOW_SIZE)).toMatchObject({ x: 10, y: 40, width: WINDOW_SIZE.minWidth, height: WINDOW_SIZE.minHeight })
  })
})

describe('window-state.json', () => {
  it('saves and loads the state; a missing file is no state, a damaged one is moved aside', async () => {
    const dir = await tempDir('switchboard-window-')
    try {
      const file = join(dir.path, 'window-state.json')
      expect(loadWindowState(file)).toBeUndefined()
      await saveWindowState(file, { x: 1, y: 2, width: 800, height: 600, maximized: true })
      expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({ x: 1, y: 2, width: 800, height: 600, maximized: true })
      expect(loadWindowState(file)).toEqual({ x: 1, y: 2, width: 800, height: 600, maximized: true })
      writeFileSync(file, '{"x": "left"}')
      expect(loadWindowState(file)).toBeUndefined()
    } finally {
      await dir.remove()
    }
  })
})
