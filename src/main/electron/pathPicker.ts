/**
 * The `pick_path` host tool in the app: the system open dialog for a file or a folder, attached to
 * the app window. It opens where the last pick was made: since Electron 43 a dialog without
 * `defaultPath` opens in Downloads every time (the OS no longer remembers). Pure over the injected
 * `showOpenDialog`, so it is unit-tested without Electron.
 */
import { dirname } from 'node:path'
import type { HostToolArgs, HostToolResult } from '../../shared/hostApi'

/** The part of Electron's `OpenDialogOptions` we set. */
export interface OpenDialogRequest {
  title?: string
  properties: ('openFile' | 'openDirectory' | 'createDirectory' | 'dontAddToRecent')[]
  filters?: { name: string; extensions: string[] }[]
  /** The folder the dialog opens in. */
  defaultPath?: string
}

export type ShowOpenDialog = (request: OpenDialogRequest) => Promise<{ canceled: boolean; filePaths: string[] }>

/** Electron's dialog options for a request: one path, no multi-select, files with the asked-for filters. */
export function openDialogRequest(request: HostToolArgs<'pick_path'>, defaultPath?: string): OpenDialogRequest {
  const directory = request.kind === 'directory'
  return {
    title: request.title ?? (directory ? 'Choose a folder' : 'Choose a file'),
    properties: directory ? ['openDirectory', 'createDirectory', 'dontAddToRecent'] : ['openFile', 'dontAddToRecent'],
    filters: !directory && request.filters && request.filters.length > 0 ? request.filters : undefined,
    ...(defaultPath !== undefined ? { defaultPath } : {}),
  }
}

/**
 * A picker over `showOpenDialog` that opens in the folder of the last chosen path (for the rest of
 * the run); a dialog error reads as a cancel (the person can try again).
 */
export function createPathPicker(showOpenDialog: ShowOpenDialog): (request: HostToolArgs<'pick_path'>) => Promise<HostToolResult<'pick_path'>> {
  let lastFolder: string | undefined
  return async (request) => {
    try {
      const result = await showOpenDialog(openDialogRequest(request, lastFolder))
      const path = result.filePaths[0]
      if (result.canceled || path === undefined) return { cancelled: true as const }
      lastFolder = dirname(path)
      return { path }
    } catch {
      return { cancelled: true as const }
    }
  }
}
