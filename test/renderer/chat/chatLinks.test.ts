/** Links in chat text: clickable exactly when main's link policy would open them, and otherwise said so. */
import { Lexer, type Tokens } from 'marked'
import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { InlineTokens, safeHref } from '../../../src/renderer/components/chat/markdown/InlineTokens'
import { isSafeExternalUrl, UNOPENABLE_LINK_NOTE } from '../../../src/shared/externalLinks'

function render(markdown: string): string {
  const paragraph = Lexer.lex(markdown, { gfm: true })[0] as Tokens.Paragraph
  return renderToStaticMarkup(createElement(InlineTokens, { tokens: paragraph.tokens }))
}

describe('chat links', () => {
  it.each(['https://example.com/a', 'http://example.com/a', 'mailto:me@example.com', 'https://user:pw@example.com/', 'javascript:alert(1)', 'file:///etc/passwd', 'not a url'])(
    'agrees with the policy that opens links (%s)',
    (href) => {
      expect(safeHref(href)).toBe(isSafeExternalUrl(href))
    },
  )

  it('makes an https: link clickable', () => {
    expect(render('See [the docs](https://example.com/docs).')).toContain('<a href="https://example.com/docs"')
  })

  it('shows an http: link as text with its address and why it does not open', () => {
    const html = render('See [the docs](http://example.com/docs).')
    expect(html).not.toContain('<a ')
    expect(html).toContain('the docs')
    expect(html).toContain(`http://example.com/docs — ${UNOPENABLE_LINK_NOTE}`)
  })

  it('does not repeat the address of a bare http: link', () => {
    const html = render('Go to http://example.com/docs now.')
    expect(html).not.toContain('<a ')
    expect(html.split('http://example.com/docs')).toHaveLength(2)
    expect(html).toContain(UNOPENABLE_LINK_NOTE)
  })
})
