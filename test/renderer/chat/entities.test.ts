/** Character references in markdown text, decoded as HTML defines them. */
import { describe, expect, it } from 'vitest'
import { decodeEntities } from '../../../src/renderer/components/chat/markdown/entities'

describe('decodeEntities', () => {
  it.each([
    ['&amp; &lt; &gt; &quot; &apos;', `& < > " '`],
    ['caf&eacute;', 'café'],
    ['&Eacute;cole', 'École'],
    ['5 &euro;', '5 €'],
    ['&frac12; cup', '½ cup'],
    ['&alpha;&beta;&Omega;', 'αβΩ'],
    ['&hellip;&mdash;&rarr;', '…—→'],
    ['&#39;&#x41;&#X42;', "'AB"],
    ['&#128512;', '😀'],
    ['&#0; &#xD800; &#x110000;', '\ufffd \ufffd \ufffd'],
    // Case matters in HTML: these are not references.
    ['&AMP; is &Amp;', '& is &Amp;'],
    ['&EACUTE;', '&EACUTE;'],
    // No semicolon, no reference (CommonMark), and unknown names stay as written.
    ['?a=1&para=2&copy', '?a=1&para=2&copy'],
    ['&notaname; AT&T', '&notaname; AT&T'],
    ['plain text', 'plain text'],
  ])('%s → %s', (text, decoded) => {
    expect(decodeEntities(text)).toBe(decoded)
  })
})
