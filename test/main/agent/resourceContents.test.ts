/** Resource contents before they leave main: capped with a marker, blobs described, attachments labelled for the model. */
import { describe, expect, it } from 'vitest'
import type { ModelMessage } from 'ai'
import { addAttachedContext, attachmentParts, capResourceContents } from '../../../src/main/agent/resourceContents'

describe('resource contents', () => {
  it('cuts long text with a marker, leaves out large blobs with their size, and drops malformed items', () => {
    const contents = capResourceContents(
      [
        { uri: 'a://long', mimeType: 'text/plain', text: 'x'.repeat(50) },
        { uri: 'a://short', text: 'ok' },
        { uri: 'a://big', mimeType: 'application/zip', blob: 'A'.repeat(40) },
        { uri: 'a://small', mimeType: 'image/png', blob: 'AAAA' },
        { nouri: true },
      ],
      { text: 10, blob: 20 },
    )
    expect(contents).toEqual([
      { uri: 'a://long', mimeType: 'text/plain', text: `${'x'.repeat(10)}\n[… cut: showing 10 of 50 characters]`, size: 50, truncated: true },
      { uri: 'a://short', text: 'ok', size: 2 },
      { uri: 'a://big', mimeType: 'application/zip', size: 30, omittedBytes: 30 },
      { uri: 'a://small', mimeType: 'image/png', blob: 'AAAA', size: 3 },
    ])
  })

  it('labels each attachment with its URI and adds it after the text of the last user message', () => {
    const parts = [
      ...attachmentParts('notes', 'notes://today', [{ uri: 'notes://today', mimeType: 'text/markdown', text: '# Today', size: 7 }]),
      ...attachmentParts('pics', 'pics://cat', [{ uri: 'pics://cat', mimeType: 'image/png', blob: 'AAAA', size: 3 }]),
      ...attachmentParts('gone', 'gone://x', undefined, 'the extension "gone" is not running'),
    ]
    expect(parts).toEqual([
      { type: 'text', text: '[Attached resource notes://today from extension "notes"] (text/markdown)\n# Today' },
      { type: 'text', text: '[Attached resource pics://cat from extension "pics"] (image/png)' },
      { type: 'image', image: 'AAAA', mediaType: 'image/png' },
      { type: 'text', text: '[Attached resource gone://x from extension "gone"]\n(could not be read: the extension "gone" is not running)' },
    ])
    const messages: ModelMessage[] = [{ role: 'assistant', content: 'earlier' }, { role: 'user', content: 'Look at this' }]
    addAttachedContext(messages, parts.slice(0, 1))
    expect(messages[1]).toEqual({ role: 'user', content: [{ type: 'text', text: 'Look at this' }, parts[0]] })
  })
})
