/**
 * Long conversations: when a turn's first request would pass 80 % of the model's context window
 * (goose compacts at the same point), the turns before the person's latest message are summarised
 * by the model itself, and the summary is committed as a `summary` message. From then on the model
 * gets the summary instead of those turns (modelMessages.ts); the turns stay in the file and in the
 * window, where the summary shows as an expandable note. Nothing is dropped silently: a summary that
 * fails is a notice in the turn. When the model's window is not known (not in the model table, not
 * said by its server), DEFAULT_CONTEXT_WINDOW is assumed, so a conversation that runs for thousands of
 * messages is still summarised and a turn's request stays bounded.
 *
 * A conversation far longer than the window (one written before summaries existed, or with a model
 * whose window is small) is summarised in chunks of at most SUMMARY_CHUNK_SHARE of the window: the
 * first chunk, then the summary so far with the next chunk, and so on, so no summary request is larger
 * than the window.
 */
import type { LanguageModel, ModelMessage } from 'ai'
import { loadAiSdk } from '../aiSdk/aiSdk'
import { modelHistory, summaryTurn, toModelMessages } from './modelMessages'
import type { TokenUsage } from '../../shared/hostApi'
import type { StoredMessage } from './session/storedMessage'
import { tokenUsage } from './turn/streamStep'
import { requestFigures } from './toolSearch'

export const COMPACT_AT_SHARE = 0.8
/** The context window assumed for a model whose window is not known (the common size of current models). */
export const DEFAULT_CONTEXT_WINDOW = 128_000
/** The largest part of the window one summary request holds of the conversation. */
export const SUMMARY_CHUNK_SHARE = 0.75

const SUMMARY_SYSTEM =
  'You write the working memory of a conversation between a person and an assistant that uses tools. ' +
  'Summarise the conversation you are given so the assistant can go on without it: what the person wants, ' +
  'decisions and facts established, tool results still needed (names, paths, ids, numbers verbatim), and open questions. ' +
  'Write plain text, at most a few hundred words. Do not address the person.'

const SUMMARY_REQUEST = 'Summarise the conversation above as instructed.'

/** The messages a summary would stand for: the model's history up to the person's latest message. */
export function olderTurns(conversation: readonly StoredMessage[]): StoredMessage[] {
  const history = modelHistory(conversation)
  const latestUser = history.findLastIndex((message) => message.kind === 'user')
  return latestUser <= 0 ? [] : history.slice(0, latestUser)
}

/** What `messages` weigh in a request (the tokenizer's estimate, as the turn's figures). */
export function messageTokens(messages: readonly object[]): number {
  return requestFigures({ definitions: 0, messages }).request
}

export function needsCompaction(requestTokens: number, contextWindow: number | undefined): boolean {
  return requestTokens > (contextWindow ?? DEFAULT_CONTEXT_WINDOW) * COMPACT_AT_SHARE
}

/**
 * The model messages cut into runs of at most `budget` tokens, each starting at a user or assistant
 * message (a tool message stays with the call it answers). A single message heavier than the budget
 * is a chunk of its own.
 */
export function summaryChunks(messages: readonly ModelMessage[], budget: number): ModelMessage[][] {
  const chunks: ModelMessage[][] = []
  let chunk: ModelMessage[] = []
  let weight = 0
  for (const message of messages) {
    const tokens = messageTokens([message])
    if (chunk.length > 0 && message.role !== 'tool' && weight + tokens > budget) {
      chunks.push(chunk)
      chunk = []
      weight = 0
    }
    chunk.push(message)
    weight += tokens
  }
  if (chunk.length > 0) chunks.push(chunk)
  return chunks
}

export interface SummaryOfTurns {
  text: string
  usage?: TokenUsage
}

/**
 * Asks the model for a summary of `older` (separate requests, no tools): one when it fits
 * SUMMARY_CHUNK_SHARE of the window, else one per chunk, each carrying the summary so far.
 */
export async function summariseTurns(model: LanguageModel, older: readonly StoredMessage[], signal?: AbortSignal, contextWindow: number = DEFAULT_CONTEXT_WINDOW): Promise<SummaryOfTurns> {
  const { generateText } = await loadAiSdk()
  let text = ''
  let usage: TokenUsage | undefined
  for (const chunk of summaryChunks(toModelMessages(older), Math.floor(contextWindow * SUMMARY_CHUNK_SHARE))) {
    const result = await generateText({
      model,
      system: SUMMARY_SYSTEM,
      messages: [...(text === '' ? [] : [summaryTurn({ text })]), ...chunk, { role: 'user', content: SUMMARY_REQUEST }],
      abortSignal: signal,
      // The model retries on its own (providers/retryPolicy.ts).
      maxRetries: 0,
    })
    text = result.text.trim()
    if (text === '') throw new Error('the model returned an empty summary')
    const spent = tokenUsage(result.usage)
    if (spent) usage = addUsage(usage, spent)
  }
  return { text, ...(usage ? { usage } : {}) }
}

function addUsage(total: TokenUsage | undefined, more: TokenUsage): TokenUsage {
  if (!total) return more
  const cached = (total.cachedInput ?? 0) + (more.cachedInput ?? 0)
  return { input: total.input + more.input, output: total.output + more.output, ...(cached > 0 ? { cachedInput: cached } : {}) }
}
