/**
 * The window remembers its size and place (and whether it was maximised) in `window-state.json` in the
 * data folder. Restoring is a pure function of the saved bounds and today's displays: a place that is on
 * no screen any more (a monitor unplugged, a resolution changed) becomes the saved size, shrunk to fit,
 * centred on the primary display. No 'electron' import beyond types; index.ts reads and writes the file.
 */
import { z } from 'zod'
import { writeFileAtomic } from '../../storage/atomicFile'
import { readJsonFile } from '../../storage/jsonFile'

export interface Rect {
  x: number
  y: number
  width: number
  height: number
}

export const WindowStateSchema = z.object({
  x: z.number().int(),
  y: z.number().int(),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  maximized: z.boolean().default(false),
})
export type WindowState = z.output<typeof WindowStateSchema>

export interface WindowSize {
  width: number
  height: number
  minWidth: number
  minHeight: number
}

/** How much of the window must be on a screen to count as there: enough of its top to grab and move it. */
const VISIBLE_PART = { width: 100, height: 40 }

/** Whether enough of the window's top edge lies in `area`. */
function reachableIn(bounds: Rect, area: Rect): boolean {
  const left = Math.max(bounds.x, area.x)
  const right = Math.min(bounds.x + bounds.width, area.x + area.width)
  const top = Math.max(bounds.y, area.y)
  const bottom = Math.min(bounds.y + VISIBLE_PART.height, area.y + area.height)
  return right - left >= Math.min(VISIBLE_PART.width, bounds.width) && bottom - top >= Math.min(VISIBLE_PART.height, bounds.height)
}

function centredIn(area: Rect, width: number, height: number, size: WindowSize): Rect {
  const fitWidth = Math.max(Math.min(width, area.width), Math.min(size.minWidth, area.width))
  const fitHeight = Math.max(Math.min(height, area.height), Math.min(size.minHeight, area.height))
  return {
    x: Math.round(area.x + (area.width - fitWidth) / 2),
    y: Math.round(area.y + (area.height - fitHeight) / 2),
    width: fitWidth,
    height: fitHeight,
  }
}

/**
 * The bounds to open the window with: the saved ones when a display still shows them, else the saved
 * (or default) size centred on the primary display's work area (without the menu bar, Dock or taskbar).
 */
export function restoredBounds(
  saved: WindowState | undefined,
  displays: ReadonlyArray<{ workArea: Rect }>,
  primary: { workArea: Rect },
  size: WindowSize,
): Rect & { maximized: boolean } {
  if (saved === undefined) return { ...centredIn(primary.workArea, size.width, size.height, size), maximized: false }
  const width = Math.max(saved.width, size.minWidth)
  const height = Math.max(saved.height, size.minHeight)
  const bounds = { x: saved.x, y: saved.y, width, height }
  const onScreen = displays.some((display) => reachableIn(bounds, display.workArea))
  return { ...(onScreen ? bounds : centredIn(primary.workArea, width, height, size)), maximized: saved.maximized }
}

/** The saved state, or undefined when there is none (a damaged file is moved aside by readJsonFile). */
export function loadWindowState(file: string): WindowState | undefined {
  try {
    const read = readJsonFile(file, WindowStateSchema)
    return read.kind === 'ok' ? read.value : undefined
  } catch {
    return undefined
  }
}

export function saveWindowState(file: string, state: WindowState): Promise<void> {
  return writeFileAtomic(file, `${JSON.stringify(state)}\n`)
}
