/**
 * Sampling requests from extensions (`sampling/createMessage`): the person approves them per
 * extension (once, always, or never — kept in extensions.json), shown in `switchboard://elicitations`; an approved
 * request is answered with the model the person selected, and the text goes back to the server.
 */
import { randomUUID } from 'node:crypto'
import { generateText, type ModelMessage } from 'ai'
import type { CreateMessageRequest, CreateMessageResult } from '@modelcontextprotocol/sdk/types.js'
import { ApprovalDecisionSchema, type Elicitation } from '../../shared/hostApi'
import type { ElicitationSource } from './elicitationBoard'
import type { ModelService } from './modelService'

type Params = CreateMessageRequest['params']

interface PendingSampling {
  elicitation: Elicitation
  extensionId: string
  answer: (allowed: boolean) => void
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

export function createSampling(models: ModelService, extensionName: (id: string) => string, policies: SamplingPolicies): Sampling {
  const pending = new Map<string, PendingSampling>()
  const listeners = new Set<() => void>()
  const changed = () => listeners.forEach((listener) => listener())

  const approve = (extensionId: string, params: Params, signal: AbortSignal): Promise<boolean> => {
    const policy = policies.policyOf(extensionId)
    if (policy !== 'ask') return Promise.resolve(policy === 'always')
    return new Promise((resolve) => {
      const id = randomUUID()
      const name = extensionName(extensionId)
      const finish = (allowed: boolean) => {
        if (!pending.delete(id)) return
        signal.removeEventListener('abort', onAbort)
        changed()
        resolve(allowed)
      }
      const onAbort = () => finish(false)
      signal.addEventListener('abort', onAbort)
      pending.set(id, {
        extensionId,
        answer: finish,
        elicitation: {
          kind: 'approval',
          id,
          created: Date.now(),
          origin: { extensionId, extensionName: name },
          message: `${name} asks your model to write a reply (sampling). Its conversation is shown below; the reply goes back to ${name}.`,
          subject: {
            type: 'sampling',
            systemPrompt: params.systemPrompt,
            messages: params.messages.map((message) => ({ role: message.role, text: textOf(message.content) })),
            maxTokens: params.maxTokens,
          },
          decisions: ['allow_once', 'allow_always', 'deny'],
        },
      })
      changed()
    })
  }

  return {
    async handle(extensionId, params, signal) {
      if (!(await approve(extensionId, params, signal))) {
        throw new Error(
          policies.policyOf(extensionId) === 'never'
            ? 'Sampling is turned off for this extension; the person can allow it on the extension\'s page in Switchboard.'
            : 'The person declined this sampling request.',
        )
      }
      const { model, modelId } = models.selectedModel()
      const messages: ModelMessage[] = params.messages.map((message) => ({ role: message.role, content: textOf(message.content) }))
      const result = await generateText({ model, system: params.systemPrompt, messages, maxOutputTokens: params.maxTokens, temperature: params.temperature, abortSignal: signal, maxRetries: 0 })
      return { model: modelId, role: 'assistant', content: { type: 'text', text: result.text }, stopReason: result.finishReason === 'length' ? 'maxTokens' : 'endTurn' }
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
