/**
 * A local model's context window, asked of the server that runs it, for models the model table does
 * not know (every model a person pulls into Ollama). Ollama answers `POST /api/show {model}` with
 * `model_info["<architecture>.context_length"]`; its OpenAI-compatible API lives under `/v1`, so the
 * question goes to the base URL without it. Asked only of OpenAI-compatible servers on this machine
 * or named Ollama, on a model's first turn (never at start), once per model and address.
 */
import { z } from 'zod'
import type { ProviderConfig } from './providerConfig'
import { describeProvider, isLoopbackUrl } from './providerPresets'
import type { FetchFunction } from './sdkTypes'
import { readTextWithin } from '../../extensions/connection/cappedBody'

const LOOKUP_TIMEOUT_MS = 3000
/** /api/show also sends the model's template, licence and parameters: some tens of KiB. */
const MAX_SHOW_BYTES = 4 * 1024 * 1024

const ShowSchema = z.object({ model_info: z.record(z.string(), z.unknown()) })

// Per process: a model's context length does not change while it is installed, and a lookup costs a request.
const asked = new Map<string, Promise<number | undefined>>()

/** The context window `modelId` has at the server of `config`, when the server says; never throws. */
export function serverContextWindow(config: ProviderConfig, modelId: string, fetch: FetchFunction = globalThis.fetch): Promise<number | undefined> {
  const { baseUrl } = describeProvider(config)
  const local = isLoopbackUrl(baseUrl) || /ollama/i.test(config.name ?? '')
  if (config.kind !== 'openai-compatible' || !local || !baseUrl.endsWith('/v1')) return Promise.resolve(undefined)
  const key = `${baseUrl}\n${modelId}`
  let answer = asked.get(key)
  if (!answer) {
    answer = askOllama(baseUrl.slice(0, -'/v1'.length), modelId, config.headers ?? {}, fetch).catch(() => {
      // Unreachable now is not an answer (the turn itself will say what is wrong): the next turn asks again.
      asked.delete(key)
      return undefined
    })
    asked.set(key, answer)
  }
  return answer
}

/** Rejects when the server cannot be reached; resolves undefined when it answers without a length (not Ollama). */
async function askOllama(origin: string, modelId: string, headers: Record<string, string>, fetch: FetchFunction): Promise<number | undefined> {
  const response = await fetch(`${origin}/api/show`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({ model: modelId }),
    signal: AbortSignal.timeout(LOOKUP_TIMEOUT_MS),
  })
  const text = await readTextWithin(response, MAX_SHOW_BYTES)
  if (!response.ok || text === undefined) return undefined
  const show = ShowSchema.safeParse(parseJson(text))
  if (!show.success) return undefined
  const info = show.data.model_info
  const architecture = info['general.architecture']
  const length = typeof architecture === 'string' ? info[`${architecture}.context_length`] : undefined
  return typeof length === 'number' && Number.isInteger(length) && length > 0 ? length : undefined
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown
  } catch {
    return undefined
  }
}
