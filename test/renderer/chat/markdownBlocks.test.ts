/** Incremental markdown blocks: a growing text is lexed once per finished block, in groups that keep their identity. */
import { Lexer, type Token } from 'marked'
import { describe, expect, it } from 'vitest'
import { GROUP_SIZE, IncrementalBlocks } from '../../../src/renderer/components/chat/markdown/markdownBlocks'

const raws = (tokens: readonly Token[]) => tokens.map((token) => token.raw.trim())
const whole = (text: string) => raws(Lexer.lex(text, { gfm: true }).filter((token) => token.type !== 'space'))

/** A reply of `count` paragraphs, headings, lists and code blocks. */
function reply(count: number): string {
  const kinds = [(n: number) => `Paragraph ${n} with **bold** text.`, (n: number) => `## Heading ${n}`, (n: number) => `- item ${n}\n- another`, (n: number) => '```ts\nconst n = ' + n + '\n```']
  return Array.from({ length: count }, (_, n) => kinds[n % kinds.length]!(n)).join('\n\n') + '\n\nThe end.'
}

describe('IncrementalBlocks', () => {
  it('streamed in small chunks, ends with the same blocks as lexing the whole text', () => {
    const text = reply(300)
    const blocks = new IncrementalBlocks()
    let result = blocks.update('')
    for (let end = 7; end < text.length + 7; end += 7) result = blocks.update(text.slice(0, end))
    expect([...raws(result.finished.flat()), ...raws(result.tail)]).toEqual(whole(text))
    expect(raws(result.tail)).toEqual(['The end.'])
  })

  it('keeps full groups as the same arrays, so memoized groups do not render again', () => {
    const text = reply(3 * GROUP_SIZE)
    const blocks = new IncrementalBlocks()
    const half = blocks.update(text.slice(0, Math.floor(text.length / 2)))
    const full = blocks.update(text)
    expect(half.finished.length).toBeGreaterThan(1)
    for (const [index, group] of half.finished.slice(0, -1).entries()) {
      expect(group).toHaveLength(GROUP_SIZE)
      expect(full.finished[index]).toBe(group)
    }
    // The same text again (a reply committed as it streamed) changes nothing that is finished.
    const again = blocks.update(text)
    expect(again.finished.every((group, index) => group === full.finished[index])).toBe(true)
  })

  it('starts over when the text is not a continuation', () => {
    const blocks = new IncrementalBlocks()
    blocks.update('First paragraph.\n\nSecond')
    const other = blocks.update('Something else entirely.\n\nAnd more')
    expect([...raws(other.finished.flat()), ...raws(other.tail)]).toEqual(['Something else entirely.', 'And more'])
  })
})
