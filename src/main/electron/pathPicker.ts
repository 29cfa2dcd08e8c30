/**
 * The `pick_path` host tool in the app: the system open dialog for a file or a folder, attached to
 * the app window. Pure over the injected `showOpenDialog`, so it is unit-tested without Electron.
 */
import type { HostToolArgs, HostToolResult } from '../../shared/hostApi'

/** The part of Electron's `OpenDialogOptions` we set. */
export interface OpenDialogRequest {
  title?: string
  properties: ('openFile' | 'openDirectory' | 'createDirectory' | 'dontAddToRecent')[]
  filters?: { name: string; extensions: string[] }[]
}

export type ShowOpenDialog = (request: OpenDialogRequest) => Promise<{ canceled: boolean; filePaths: string[] }>

/** Electron's dialog options for a request: one path, no multi-select, files with the asked-for filters. */
export function openDialogRequest(request: HostToolArgs<'pick_path'>): OpenDialogRequest {
  const directory = request.kind === 'directory'
  return {
    title: request.title ?? (directory ? 'Choose a folder' : 'Choose a file'),
    properties: directory ? ['openDirectory', 'createDirectory', 'dontAddToRecent'] : ['openFile', 'dontAddToRecent'],
    filters: !directory && request.filters && request.filters.length > 0 ? request.filters : undefined,
  }
}

/** A picker over `showOpenDialog`; a dialog error reads as a cancel (the person can try again). */
export function createPathPicker(showOpenDialog: ShowOpenDialog): (request: HostToolArgs<'pick_path'>) => Promise<HostToolResult<'pick_path'>> {
  return async (request) => {
    try {
      const result = await showOpenDialog(openDialogRequest(request))
      const path = result.filePaths[0]
      return result.canceled || path === undefined ? { cancelled: true as const } : { path }
    } catch {
      return { cancelled: true as const }
    }
  }
}
