/**
 * Long conversations: when a turn's first request would pass 80 % of the model's context window
 * (goose compacts at the same point), the turns before the person's latest message are summarised
 * by the model itself, and the summary is committed as a `summary` message. From then on the model
 * gets the summary instead of those turns (modelMessages.ts); the turns stay in the file and in the
 * window, where the summary shows as an expandable note. Nothing is dropped silently: without a
 * known context window nothing is summarised, and a summary that fails is a notice in the turn.
 */
import type { LanguageModel } from 'ai'
import { loadAiSdk } from '../aiSdk/aiSdk'
import { modelHistory, toModelMessages } from './modelMessages'
import type { TokenUsage } from '../../shared/hostApi'
import type { StoredMessage } from './storedMessage'
import { tokenUsage } from './streamStep'
import { requestFigures } from './toolSearch'

export const COMPACT_AT_SHARE = 0.8

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
  return contextWindow !== undefined && requestTokens > contextWindow * COMPACT_AT_SHARE
}

export interface SummaryOfTurns {
  text: string
  usage?: TokenUsage
}

/** Asks the model for a summary of `older` (a separate request, no tools). */
export async function summariseTurns(model: LanguageModel, older: readonly StoredMessage[], signal?: AbortSignal): Promise<SummaryOfTurns> {
  const { generateText } = await loadAiSdk()
  const result = await generateText({
    model,
    system: SUMMARY_SYSTEM,
    messages: [...toModelMessages(older), { role: 'user', content: SUMMARY_REQUEST }],
    abortSignal: signal,
    // The model retries on its own (providers/retryPolicy.ts).
    maxRetries: 0,
  })
  const text = result.text.trim()
  if (text === '') throw new Error('the model returned an empty summary')
  const usage = tokenUsage(result.usage)
  return { text, ...(usage ? { usage } : {}) }
}
