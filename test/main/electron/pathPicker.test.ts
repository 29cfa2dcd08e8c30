/** The pick_path dialog options and results; Electron's dialog is a fake here (the binary is unavailable in tests). */
import { describe, expect, it } from 'vitest'
import { createPathPicker, createSavePicker, openDialogRequest, type OpenDialogRequest, type SaveDialogRequest } from '../../../src/main/electron/pathPicker'

describe('pathPicker (fake Electron dialog)', () => {
  it('asks for one folder, or one file with the given filters', () => {
    expect(openDialogRequest({ kind: 'directory' })).toEqual({ title: 'Choose a folder', properties: ['openDirectory', 'createDirectory', 'dontAddToRecent'], filters: undefined })
    expect(openDialogRequest({ kind: 'file', title: 'Choose a bundle', filters: [{ name: 'MCP bundles', extensions: ['mcpb', 'dxt'] }] })).toEqual({
      title: 'Choose a bundle',
      properties: ['openFile', 'dontAddToRecent'],
      filters: [{ name: 'MCP bundles', extensions: ['mcpb', 'dxt'] }],
    })
  })

  it('returns the chosen path, a cancel, and reads a failing dialog as a cancel', async () => {
    const seen: OpenDialogRequest[] = []
    const chosen = createPathPicker(async (request) => {
      seen.push(request)
      return { canceled: false, filePaths: ['/home/ann/server.mcpb'] }
    })
    expect(await chosen({ kind: 'file' })).toEqual({ path: '/home/ann/server.mcpb' })
    expect(seen[0]?.properties).toContain('openFile')
    expect(await createPathPicker(async () => ({ canceled: true, filePaths: [] }))({ kind: 'directory' })).toEqual({ cancelled: true })
    expect(await createPathPicker(async () => Promise.reject(new Error('no window')))({ kind: 'file' })).toEqual({ cancelled: true })
  })

  it('opens where the last pick was made (Electron 43+ would open Downloads every time)', async () => {
    const seen: (string | undefined)[] = []
    const answers = [
      { canceled: false, filePaths: ['/home/ann/bundles/server.mcpb'] },
      { canceled: true, filePaths: [] },
      { canceled: false, filePaths: ['/srv/projects/notes'] },
      { canceled: false, filePaths: ['/tmp/x'] },
    ]
    const pick = createPathPicker(async (request) => {
      seen.push(request.defaultPath)
      return answers.shift()!
    })
    await pick({ kind: 'file' })
    await pick({ kind: 'file' })
    await pick({ kind: 'directory' })
    await pick({ kind: 'file' })
    expect(seen).toEqual([undefined, '/home/ann/bundles', '/home/ann/bundles', '/srv/projects'])
  })

  it('saves exports where the last one went, Downloads at first, and reads a closed dialog as cancelled', async () => {
    const seen: SaveDialogRequest[] = []
    const answers = [{ canceled: false, filePath: '/home/ann/Notes/Plan.md' }, { canceled: true }]
    const pick = createSavePicker(async (request) => {
      seen.push(request)
      return answers.shift()!
    }, () => '/home/ann/Downloads')
    const request = { title: 'Export conversation', defaultName: 'Plan.md', filters: [{ name: 'Markdown', extensions: ['md'] }] }
    expect(await pick(request)).toEqual({ path: '/home/ann/Notes/Plan.md' })
    expect(await pick({ ...request, defaultName: 'Other.md' })).toEqual({ cancelled: true })
    expect(seen.map((shown) => shown.defaultPath)).toEqual(['/home/ann/Downloads/Plan.md', '/home/ann/Notes/Other.md'])
    expect(seen[0]).toMatchObject({ filters: request.filters, properties: ['createDirectory', 'showOverwriteConfirmation'] })
  })
})
