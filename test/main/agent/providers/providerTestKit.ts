/** Shared setup for the provider tests: a scripted model server per test, configs for each kind, stream collection. */
import { createServer } from 'node:net'
import { afterEach } from 'vitest'
import { streamText } from 'ai'
import type { ProviderConfig, ProviderKind } from '../../../../src/main/agent/providers'
import { startScriptedModelServer, type ScriptedModelServer, type ScriptedModelServerOptions } from '../../../fixtures/modelServer/scriptedModelServer'
import { loadAiSdk } from '../../../../src/main/aiSdk/aiSdk'

// These tests drive the models with the AI SDK directly; in the app a turn, sampling or a compaction loads it first (aiSdk.ts).
await loadAiSdk()

// The Anthropic provider warns on the console about model ids it does not know ("scripted-model").
;(globalThis as { AI_SDK_LOG_WARNINGS?: boolean }).AI_SDK_LOG_WARNINGS = false

export const KINDS: ProviderKind[] = ['openai-compatible', 'openai', 'anthropic']
export const MODEL = 'scripted-model'
export const KEY = 'test-key-0123456789'

const running: ScriptedModelServer[] = []
afterEach(async () => {
  await Promise.all(running.splice(0).map((server) => server.stop()))
})

/** A scripted model server that is stopped after the test. */
export async function scriptedServer(options: ScriptedModelServerOptions = {}): Promise<ScriptedModelServer> {
  const server = await startScriptedModelServer(options)
  running.push(server)
  return server
}

/** A provider of `kind` pointing at `baseUrl`, named so messages are predictable. */
export function providerFor(kind: ProviderKind, baseUrl: string, extra: Partial<ProviderConfig> = {}): ProviderConfig {
  return { id: `test-${kind}`, kind, name: `Test ${kind}`, baseUrl, ...extra }
}

/** A getSecret over a map; the map can be changed between calls. */
export function secretsOf(values: Record<string, string>): { getSecret: (name: string) => Promise<string | undefined>; values: Record<string, string> } {
  return { values, getSecret: async (name) => values[name] }
}

/** A port nothing listens on (it was free a moment ago). */
export async function closedPort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address = server.address()
  await new Promise<void>((resolve) => server.close(() => resolve()))
  if (address === null || typeof address === 'string') throw new Error('no port')
  return address.port
}

export interface CollectedStream {
  text: string
  toolCalls: { toolName: string; input: unknown }[]
  /** Errors reported as stream parts. */
  errorParts: unknown[]
  /** What iterating the stream threw, if it did. */
  thrown?: unknown
  aborted: boolean
}

type StreamOptions = Parameters<typeof streamText>[0]

/**
 * streamText as the agent loop will call it: `maxRetries: 0` (the model retries itself) and an
 * onError that keeps error parts off the console (the tests look at them in the stream).
 */
export function stream(options: StreamOptions): ReturnType<typeof streamText> {
  return streamText({ maxRetries: 0, onError: () => {}, ...options })
}

/** Reads a streamText result to the end, keeping what a caller would act on. */
export async function collect(result: ReturnType<typeof streamText>): Promise<CollectedStream> {
  const collected: CollectedStream = { text: '', toolCalls: [], errorParts: [], aborted: false }
  try {
    for await (const part of result.fullStream) {
      if (part.type === 'text-delta') collected.text += part.text
      if (part.type === 'tool-call') collected.toolCalls.push({ toolName: part.toolName, input: part.input })
      if (part.type === 'error') collected.errorParts.push(part.error)
      if (part.type === 'abort') collected.aborted = true
    }
  } catch (error) {
    collected.thrown = error
  }
  return collected
}

/** The one failure of a collected stream, whether it came as a part or was thrown. */
export function failureOf(collected: CollectedStream): unknown {
  const failures = [...collected.errorParts, ...(collected.thrown === undefined ? [] : [collected.thrown])]
  if (failures.length !== 1) throw new Error(`expected one failure, got ${failures.length}`)
  return failures[0]
}
