/**
 * How heavy tool definitions and requests are, in tokens, counted with a real BPE tokenizer
 * (gpt-tokenizer's o200k_base, the encoding of current OpenAI models). Other vendors' tokenizers
 * differ by some percent, so every figure is shown as an estimate labelled with the tokenizer.
 */
import { createRequire } from 'node:module'
import type { CatalogTool } from '../../extensions'
import type { TokenFigures } from '../../../shared/chatApi'
import { sentDefinition } from '../turn/catalogForTurn'

/** The label shown next to every figure: "≈ 1,234 tokens (o200k)". */
export const TOKENIZER = 'o200k'

type Tokenizer = typeof import('gpt-tokenizer/encoding/o200k_base')
let tokenizer: Tokenizer | undefined
/**
 * Loaded on first use, not at import: its rank table takes a second or so to load, which every
 * start of the host (and every process that only runs turns without tools) would otherwise pay.
 */
function countTokens(text: string): number {
  tokenizer ??= createRequire(import.meta.url)('gpt-tokenizer/encoding/o200k_base') as Tokenizer
  return tokenizer.countTokens(text, PLAIN_TEXT)
}

/** Special-token strings in a description are counted as the plain text they are, never rejected. */
const PLAIN_TEXT = { disallowedSpecial: new Set<string>() }

/**
 * Long texts are counted in slices: BPE merging within one long run without spaces (a 300 KB
 * result of one character) takes time quadratic in its length, and a figure must never hold up a
 * turn. Slicing changes the count by well under 1 % (a token cut at a slice edge counts twice).
 */
const SLICE = 1024

/** Tokens of `text`. */
export function tokensOf(text: string): number {
  if (text.length <= 4 * SLICE) return text === '' ? 0 : countTokens(text)
  let tokens = 0
  for (let start = 0; start < text.length; start += SLICE) tokens += countTokens(text.slice(start, start + SLICE))
  return tokens
}

/** A tool as a provider receives it: name, description and input schema (the JSON every vendor serialises). */
export interface SentDefinition {
  name: string
  description: string
  inputSchema: unknown
}

/** Tokens of one definition as sent. */
export function definitionTokens(definition: SentDefinition): number {
  return tokensOf(JSON.stringify({ name: definition.name, description: definition.description, input_schema: definition.inputSchema }))
}

// Definitions are immutable catalog entries: measure each once.
const measured = new WeakMap<CatalogTool, number>()

/** Tokens of a catalog tool's definition exactly as the agent loop sends it. */
export function catalogToolTokens(tool: CatalogTool): number {
  let tokens = measured.get(tool)
  if (tokens === undefined) {
    tokens = definitionTokens(sentDefinition(tool))
    measured.set(tool, tokens)
  }
  return tokens
}

// Measured once per message object. The model messages of a stored message are the same objects at
// every turn while its session is loaded (modelMessages.ts), so a message is counted once when it is
// first sent and never again: the counts live and go with the loaded session, with no global cache.
const messageTokens = new WeakMap<object, number>()

function tokensOfMessage(message: object): number {
  let tokens = messageTokens.get(message)
  if (tokens === undefined) {
    tokens = tokensOf(JSON.stringify(message))
    messageTokens.set(message, tokens)
  }
  return tokens
}

/** The figures recorded on each model step: definitions sent and the whole request. */
export function requestFigures(input: { definitions: number; system?: string; messages: readonly object[] }): TokenFigures {
  const rest = tokensOf(input.system ?? '') + input.messages.reduce((total, message) => total + tokensOfMessage(message), 0)
  return { tokenizer: TOKENIZER, toolDefinitions: input.definitions, request: input.definitions + rest }
}
