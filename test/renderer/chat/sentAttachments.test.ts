/** What the chips under a sent message say about its attachments, and when they open. */
import { describe, expect, it } from 'vitest'
import { sentAttachmentChip } from '../../../src/renderer/components/chat/sentAttachments'

const notes = { extensionId: 'files', uri: 'file:///notes.md', name: 'notes.md', mimeType: 'text/markdown', size: 12345 }

describe('chips of attachments of a sent message', () => {
  it('names the resource and says how much text the model got; it opens while its extension is installed', () => {
    expect(sentAttachmentChip(notes, new Set(['files']))).toEqual({
      label: 'notes.md',
      detail: 'file:///notes.md from files: the model got 12,345 characters of it',
      canOpen: true,
    })
    expect(sentAttachmentChip({ ...notes, truncated: true }, new Set(['files'])).detail).toBe('file:///notes.md from files: the model got 12,345 characters of it (cut to the size limit)')
  })

  it('falls back to the URI, and describes binary content and reading failures', () => {
    const image = { extensionId: 'files', uri: 'file:///a.png', mimeType: 'image/png', size: 0 }
    expect(sentAttachmentChip(image, new Set(['files']))).toMatchObject({ label: 'file:///a.png', detail: 'file:///a.png from files: the model got it (image/png)' })
    expect(sentAttachmentChip({ ...notes, size: 0, error: 'not found' }, new Set(['files'])).detail).toBe('file:///notes.md from files: the model was told it could not be read (not found)')
  })

  it('cannot open once the extension is removed, and says why; before the extensions are known it offers to open', () => {
    expect(sentAttachmentChip(notes, new Set(['other']))).toMatchObject({
      canOpen: false,
      detail: expect.stringMatching(/the extension "files" is no longer installed, so it cannot be opened$/),
    })
    expect(sentAttachmentChip(notes, null).canOpen).toBe(true)
  })
})
