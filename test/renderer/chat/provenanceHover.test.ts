/**
 * Where a summary's and an attachment's content came from, in the chat (issue 37): like a tool
 * card's header, the element a keyboard reaches carries it as its tooltip ("From Mail — outside
 * content": shown on hover, its accessible description on focus), and an opened summary says it in a
 * line of its own.
 */
import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { SummaryNote } from '../../../src/renderer/components/chat/SummaryNote'
import { AttachmentChip, SentAttachments } from '../../../src/renderer/components/chat/SentAttachments'
import { sentAttachmentChip } from '../../../src/renderer/components/chat/sentAttachments'
import { provenanceLabel } from '../../../src/shared/provenanceText'

const calendar = { kind: 'extension' as const, name: 'Calendar', extensionId: 'calendar', outside: 'remote' as const }
const mail = { extensionId: 'mail', uri: 'mail://inbox/1', name: 'Invite', size: 120, provenance: { from: { kind: 'extension' as const, name: 'Mail', extensionId: 'mail', outside: 'marked' as const } } }

describe('provenance on hover and focus, beyond tool cards', () => {
  it('a summary says it is the model’s and what outside content it carries: on its focusable line and in the opened note', () => {
    const summary = { text: 'An invite was read.', covered: 4, tokensBefore: 900, tokensAfter: 200, provenance: { from: { kind: 'model' as const, name: 'gpt-4o' }, carries: [calendar] } }
    const label = 'From the model (gpt-4o) — carries outside content from Calendar'
    expect(provenanceLabel(summary.provenance)).toBe(label)
    const html = renderToStaticMarkup(createElement(SummaryNote, { summary }))
    expect(html).toContain(`<summary title="${label}"`)
    expect(html).toContain(`>${label}.</p>`)
    // A summary from before provenance: no tooltip, no line.
    const { provenance: _none, ...old } = summary
    const plain = renderToStaticMarkup(createElement(SummaryNote, { summary: old }))
    expect(plain).not.toContain('title=')
    expect(plain).not.toContain('From ')
  })

  it('an attachment chip says where its content came from first, then what the model got', () => {
    expect(sentAttachmentChip(mail, new Set(['mail'])).detail).toBe('From Mail — outside content. mail://inbox/1 from mail: the model got 120 characters of it')
    const html = renderToStaticMarkup(createElement(SentAttachments, { attachments: [mail] }))
    expect(html).toMatch(/<button[^>]*title="From Mail — outside content\. mail:\/\/inbox\/1 from mail/)
  })

  it('a chip that cannot be opened any more is still reached by keyboard, with the same tooltip', () => {
    const html = renderToStaticMarkup(createElement(AttachmentChip, { attachment: mail, chip: sentAttachmentChip(mail, new Set()), onOpen: () => undefined }))
    expect(html).toMatch(/<span tabindex="0" title="From Mail — outside content\. mail:\/\/inbox\/1 from mail[^"]*no longer installed[^"]*" aria-label="Attached resource Invite"/)
  })
})
