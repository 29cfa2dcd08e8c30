/** A session's title, taken from its first user message while it still has the default title. */

const MAX_TITLE_LENGTH = 60

/** The first line of `text`, whitespace collapsed, cut at a word near 60 characters; undefined when there is nothing to show. */
export function titleFromText(text: string): string | undefined {
  const firstLine = text.split('\n').find((line) => line.trim() !== '') ?? ''
  const collapsed = firstLine.replace(/\s+/g, ' ').trim()
  if (collapsed === '') return undefined
  if (collapsed.length <= MAX_TITLE_LENGTH) return collapsed
  const cut = collapsed.slice(0, MAX_TITLE_LENGTH)
  const lastSpace = cut.lastIndexOf(' ')
  // Cut at a word boundary unless that would throw most of the title away.
  return `${(lastSpace > MAX_TITLE_LENGTH / 2 ? cut.slice(0, lastSpace) : cut).trimEnd()}…`
}
