/**
 * Sampling requests from extensions (`sampling/createMessage`): the person approves them per
 * extension (once, always, or never — kept in extensions.json), shown in `switchboard://elicitations`; an approved
 * request is answered with the model the person selected, and the text goes back to the server.
 * A hostile server must not flood the person: at most 10 requests per extension are open at once
 * (more are refused with an MCP error), and one nobody answers is refused when it expires.
 */
import { randomUUID } from 'node:crypto'
import type { ModelMessage } from 'ai'
import { loadAiSdk } from '../../aiSdk/aiSdk'
import { ProtocolError, ProtocolErrorCode, type CreateMessageRequest, type CreateMessageResult } from '@modelcontextprotocol/server'
import { ApprovalDecisionSchema, type Elicitation } from '../../../shared/hostApi'
import type { ElicitationSource } from './elicitationBoard'
import type { ModelService } from '../modelService'
import { DEFAULT_QUESTION_TIMEOUT_MS } from './questions'

/** The wire code v1 called RequestTimeout (SDK v2 keeps timeouts local; -32001 is in the implementation-defined range). */
export const REQUEST_TIMEOUT = -32001

/** More open sampling requests than this from one extension are refused (as for questions). */
export const MAX_SAMPLING_PER_EXTENSION = 10

type Params = CreateMessageRequest['params']

interface PendingSampling {
  elicitation: Elicitation
  extensionId: string
  answer: (allowed: boolean) => void
}

export interface SamplingOptions {
  /** How long a request waits for the person before it is refused; default 10 minutes, like questions. */
  timeoutMs?: number
  /** A line in the extension's log (timeouts, refused floods). */
  note?: (extensionId: string, level: 'info' | 'warn', text: string) => void
}

export interface Sampling extends ElicitationSource {
  /** The `createMessage` handler the extension manager calls. */
  handle(extensionId: string, params: Params, signal: AbortSignal): Promise<CreateMessageResult>
}

/** The text of one sampling message; other content kinds are named, not sent (the models here take text). */
function textOf(content: Params['messages'][number]['content']): string {
  const blocks = Array.isArray(content) ? content : [content]
  return blocks.map((block) => (block.type === 'text' ? block.text : `[${block.type} omitted]`)).join('\n')
}

/** Where an extension's standing answer lives (extensions.json). */
export interface SamplingPolicies {
  policyOf(extensionId: string): 'ask' | 'always' | 'never'
  allowAlways(extensionId: string): void
}

export function createSampling(
  models: Pick<ModelService, 'selectedModel'>,
  extensionName: (id: string) => string,
  policies: SamplingPolicies,
  options: SamplingOptions = {},
): Sampling {
  const timeoutMs = options.timeoutMs ?? DEFAULT_QUESTION_TIMEOUT_MS
  const pending = new Map<string, PendingSampling>()
  /** Requests per extension from arrival to answer: waiting for the person or for the model. */
  const open = new Map<string, number>()
  const listeners = new Set<() => void>()
  const changed = () => listeners.forEach((listener) => listener())

  /** Resolves true when allowed, false when declined; rejects with an MCP error when nobody answered in time. */
  const approve = (extensionId: string, params: Params, signal: AbortSignal): Promise<boolean> => {
    const policy = policies.policyOf(extensionId)
    if (policy !== 'ask') return Promise.resolve(policy === 'always')
    return new Promise((resolve, reject) => {
      const id = randomUUID()
      const name = extensionName(extensionId)
      const created = Date.now()
      const end = () => {
        if (!pending.delete(id)) return false
        clearTimeout(timer)
        signal.removeEventListener('abort', onAbort)
        changed()
        return true
      }
      const finish = (allowed: boolean) => {
        if (end()) resolve(allowed)
      }
      const onAbort = () => finish(false)
      const timer = setTimeout(() => {
        if (!end()) return
        const seconds = Math.round(timeoutMs / 1000)
        options.note?.(extensionId, 'warn', `A sampling request was refused because nobody answered it within ${seconds} s.`)
        reject(new ProtocolError(REQUEST_TIMEOUT, `Nobody answered this sampling request within ${seconds} s, so Switchboard refused it.`))
      }, timeoutMs)
      timer.unref()
      signal.addEventListener('abort', onAbort)
      pending.set(id, {
        extensionId,
        answer: finish,
        elicitation: {
          kind: 'approval',
          id,
          created,
          origin: { extensionId, extensionName: name, caller: { kind: 'extension', name } },
          message: `${name} asks your model to write a reply (sampling). Its conversation is shown below; the reply goes back to ${name}.`,
          subject: {
            type: 'sampling',
            systemPrompt: params.systemPrompt,
            messages: params.messages.map((message) => ({ role: message.role, text: textOf(message.content) })),
            maxTokens: params.maxTokens,
            expiresAt: new Date(created + timeoutMs).toISOString(),
          },
          decisions: ['allow_once', 'allow_always', 'deny'],
        },
      })
      changed()
    })
  }

  /** Asks (unless a standing answer exists), then lets the selected model write the reply. */
  const answer = async (extensionId: string, params: Params, signal: AbortSignal): Promise<CreateMessageResult> => {
    if (!(await approve(extensionId, params, signal))) {
      throw new Error(
        policies.policyOf(extensionId) === 'never'
          ? 'Sampling is turned off for this extension; the person can allow it on the extension\'s page in Switchboard.'
          : 'The person declined this sampling request.',
      )
    }
    const { model, modelId } = models.selectedModel()
    const messages: ModelMessage[] = params.messages.map((message) => ({ role: message.role, content: textOf(message.content) }))
    const { generateText } = await loadAiSdk()
    const result = await generateText({ model, instructions: params.systemPrompt, messages, maxOutputTokens: params.maxTokens, temperature: params.temperature, abortSignal: signal, maxRetries: 0 })
    return { model: modelId, role: 'assistant', content: { type: 'text', text: result.text }, stopReason: result.finishReason === 'length' ? 'maxTokens' : 'endTurn' }
  }

  return {
    async handle(extensionId, params, signal) {
      const count = open.get(extensionId) ?? 0
      if (count >= MAX_SAMPLING_PER_EXTENSION) {
        options.note?.(extensionId, 'warn', `A sampling request was refused: ${MAX_SAMPLING_PER_EXTENSION} from this extension are still open.`)
        throw new ProtocolError(ProtocolErrorCode.InvalidRequest, `There are already ${MAX_SAMPLING_PER_EXTENSION} open sampling requests from this extension; wait for them to be answered.`)
      }
      open.set(extensionId, count + 1)
      try {
        return await answer(extensionId, params, signal)
      } finally {
        const left = (open.get(extensionId) ?? 1) - 1
        if (left === 0) open.delete(extensionId)
        else open.set(extensionId, left)
      }
    },
    list: () => [...pending.values()].map((item) => item.elicitation),
    respond(id, action, content) {
      const item = pending.get(id)
      if (!item) return false
      const decision = action === 'accept' ? ApprovalDecisionSchema.safeParse(content?.decision).data : 'deny'
      if (decision === undefined) throw new Error('Answer an approval with content {"decision": "allow_once" | "allow_always" | "deny"}.')
      if (decision === 'allow_always') policies.allowAlways(item.extensionId)
      item.answer(decision !== 'deny')
      return true
    },
    onChange(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  }
}
