/**
 * How heavy tool definitions and requests are, in tokens, counted with a real BPE tokenizer
 * (gpt-tokenizer's o200k_base, the encoding of current OpenAI models). Other vendors' tokenizers
 * differ by some percent, so every figure is shown as an estimate labelled with the tokenizer.
 */
import { countTokens } from 'gpt-tokenizer/encoding/o200k_base'
import type { CatalogTool } from '../../extensions'
import type { TokenFigures } from '../../../shared/chatApi'
import { sentDefinition } from '../catalogForTurn'

/** The label shown next to every figure: "≈ 1,234 tokens (o200k)". */
export const TOKENIZER = 'o200k'

/** Special-token strings in a description are counted as the plain text they are, never rejected. */
const PLAIN_TEXT = { disallowedSpecial: new Set<string>() }

/** Tokens of `text`. */
export function tokensOf(text: string): number {
  return text === '' ? 0 : countTokens(text, PLAIN_TEXT)
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

// A turn's message list only grows: each message is measured once, not at every step.
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
