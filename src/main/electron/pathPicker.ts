/**
 * The `pick_path` host tool in the app: the system open dialog for a file or a folder, attached to
 * the app window. It opens where the last pick was made: since Electron 43 a dialog without
 * `defaultPath` opens in Downloads every time (the OS no longer remembers). Pure over the injected
 * `showOpenDialog`, so it is unit-tested without Electron.
 */
import { dirname, join } from 'node:path'
import type { HostToolArgs, HostToolResult } from '../../shared/hostApi'
import type { SavePicker } from '../services/chat/conversationExport'

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

/** The part of Electron's `SaveDialogOptions` we set. */
export interface SaveDialogRequest {
  title: string
  defaultPath: string
  filters: { name: string; extensions: string[] }[]
  properties: ('createDirectory' | 'showOverwriteConfirmation')[]
}

export type ShowSaveDialog = (request: SaveDialogRequest) => Promise<{ canceled: boolean; filePath?: string }>

/** The save dialog for exports: it offers the file name in the folder of the last save (Downloads at first). */
export function createSavePicker(showSaveDialog: ShowSaveDialog, firstFolder: () => string): SavePicker {
  let folder: string | undefined
  return async (request) => {
    try {
      // Read on first use: Electron's paths are only certain once the app is ready.
      folder ??= firstFolder()
      const result = await showSaveDialog({ title: request.title, defaultPath: join(folder, request.defaultName), filters: request.filters, properties: ['createDirectory', 'showOverwriteConfirmation'] })
      if (result.canceled || !result.filePath) return { cancelled: true as const }
      folder = dirname(result.filePath)
      return { path: result.filePath }
    } catch {
      return { cancelled: true as const }
    }
  }
}
