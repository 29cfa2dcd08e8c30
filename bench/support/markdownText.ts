/**
 * Deterministic markdown for the browser benchmarks: prose with headings, inline code, bold, lists
 * and fenced code blocks, like a model's answers, so the chat renders what it renders in real use.
 */
import { seededRandom as seeded } from '../../test/helpers/fuzzFrames'

const WORDS = (
  'the a of to and in that is for it with as on be at by this from or an which are not have was but can all ' +
  'value function server request reply token stream file folder config result error tool session window ' +
  'render update cache index queue buffer parse check return change list start stop open close read write ' +
  'quickly simply again first next later often never always carefully exactly usually'
).split(' ')
const IDENTIFIERS = ['readConfig', 'parseLine', 'startServer', 'queue', 'options', 'result', 'handle', 'items', 'retryAfter', 'toolName']

/** A small seeded generator (mulberry32, shared with the fuzz tests): the same text every run. */
export { seeded }

const pick = <T>(random: () => number, items: readonly T[]): T => items[Math.floor(random() * items.length)]!
const between = (random: () => number, low: number, high: number): number => low + Math.floor(random() * (high - low + 1))

function sentence(random: () => number): string {
  const words: string[] = []
  const length = between(random, 6, 16)
  for (let i = 0; i < length; i++) {
    const roll = random()
    const word = pick(random, WORDS)
    if (roll < 0.04) words.push(`\`${pick(random, IDENTIFIERS)}\``)
    else if (roll < 0.07) words.push(`**${word}**`)
    else words.push(word)
  }
  const text = words.join(' ')
  return `${text.charAt(0).toUpperCase()}${text.slice(1)}.`
}

export function paragraph(random: () => number, sentences = between(random, 2, 5)): string {
  return Array.from({ length: sentences }, () => sentence(random)).join(' ')
}

function list(random: () => number): string {
  return Array.from({ length: between(random, 2, 5) }, () => `- ${sentence(random)}`).join('\n')
}

function codeBlock(random: () => number): string {
  const name = pick(random, IDENTIFIERS)
  const lines = [`export function ${name}(input: string): number {`]
  for (let i = 0, n = between(random, 2, 6); i < n; i++) lines.push(`  const ${pick(random, IDENTIFIERS)}${i} = input.length * ${between(random, 1, 99)}`)
  lines.push('  return input.length', '}')
  return ['```ts', ...lines, '```'].join('\n')
}

/** One section of an answer: a heading, paragraphs, sometimes a list and a code block. */
export function section(random: () => number, number: number): string {
  const blocks = [`## Part ${number}: ${sentence(random).slice(0, -1)}`, paragraph(random)]
  if (random() < 0.6) blocks.push(list(random))
  blocks.push(paragraph(random))
  if (random() < 0.5) blocks.push(codeBlock(random))
  return blocks.join('\n\n')
}

/** A reply of `blocks` blocks (a paragraph, or a whole section when `rich`), for stored messages. */
export function reply(random: () => number, rich: boolean): string {
  return rich ? section(random, between(random, 1, 9)) : paragraph(random)
}

/**
 * Exactly `tokens` stream chunks (a word with its leading whitespace each) of a long markdown answer,
 * the last one being `endMark` in a paragraph of its own.
 */
export function streamedReply(tokens: number, endMark: string, seed = 20_000): string[] {
  const random = seeded(seed)
  const chunks: string[] = []
  for (let number = 1; chunks.length < tokens - 1; number++) {
    const text = (number === 1 ? '' : '\n\n') + section(random, number)
    for (const token of text.match(/\s*\S+/g) ?? []) chunks.push(token)
  }
  chunks.length = tokens - 1
  // Close a code block the cut may have left open, so the mark is drawn as prose.
  const fences = chunks.join('').match(/^```/gm)?.length ?? 0
  chunks.push(`${fences % 2 === 1 ? '\n```' : ''}\n\n${endMark}`)
  return chunks
}
