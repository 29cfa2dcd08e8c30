/** Each provider kind turns HTTP failures, network faults and cancellation into classified errors a person can act on. */
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { generateText } from 'ai'
import { classifyProviderError, createLanguageModel, type RetryNotice } from '../../../../src/main/agent/providers'
import type { LanguageModelStreamPart } from '../../../../src/main/agent/providers/sdkTypes'
import { onSleepEnd, onSleepStart, resetSleeps, sleeps } from '../../../helpers/recordedSleeps'
import { closedPort, collect, failureOf, stream, KEY, KINDS, MODEL, providerFor, scriptedServer, secretsOf } from './providerTestKit'

vi.mock('node:timers/promises', async (importOriginal) => (await import('../../../helpers/recordedSleeps')).recordingTimers(await importOriginal()))
beforeEach(() => resetSleeps())

describe.each(KINDS)('%s provider failures', (kind) => {
  const secretName = `provider:test-${kind}`
  const label = `Test ${kind}`

  async function setup(retry: { maxRetries?: number; initialDelayMs?: number } = { initialDelayMs: 10 }) {
    const server = await scriptedServer()
    const notices: RetryNotice[] = []
    const model = createLanguageModel(providerFor(kind, server.baseUrl), MODEL, {
      ...secretsOf({ [secretName]: KEY }),
      retry,
      onRetry: (notice) => notices.push(notice),
    })
    return { server, model, notices }
  }

  it('waits out a 429 for the retry-after the server named, then succeeds', async () => {
    const { server, model, notices } = await setup()
    server.push({ type: 'error', status: 429, headers: { 'retry-after': '1' } }, { type: 'text', chunks: ['made it'] })
    const requestsWhenWaitEnded: number[] = []
    onSleepEnd(() => requestsWhenWaitEnded.push(server.modelRequests.length))
    const result = await collect(stream({ model, prompt: 'hi' }))
    expect(result.text).toBe('made it')
    // One real wait of exactly the second asked for, and the retry sent only after it.
    expect(sleeps).toEqual([{ delayMs: 1000, state: 'done' }])
    expect(requestsWhenWaitEnded).toEqual([1])
    expect(server.modelRequests).toHaveLength(2)
    expect(notices).toEqual([expect.objectContaining({ retry: 1, delayMs: 1000 })])
    expect(notices[0]?.error.kind).toBe('rate-limit')
  })

  it('gives up on a 429 after the configured retries, saying when to try again', async () => {
    const { server, model } = await setup({ maxRetries: 1, initialDelayMs: 10 })
    const tooMany = { type: 'error', status: 429, headers: { 'retry-after': '0' } } as const
    server.push(tooMany, tooMany, { type: 'text', chunks: ['never sent'] })
    const failure = classifyProviderError(failureOf(await collect(stream({ model, prompt: 'hi' }))))
    expect(failure).toMatchObject({ kind: 'rate-limit', retryable: true })
    expect(failure.message).toMatch(/rate limiting requests \(HTTP 429\)\. Try again in 1 s\. Switchboard retried once\./)
    expect(server.modelRequests).toHaveLength(2)
  })

  it('401: names the provider and where to set the key', async () => {
    const { server, model } = await setup()
    server.push({ type: 'error', status: 401 })
    const failure = classifyProviderError(failureOf(await collect(stream({ model, prompt: 'hi' }))))
    expect(failure).toEqual({
      kind: 'auth',
      retryable: false,
      message: `${label} rejected the API key (HTTP 401). Set a valid key for ${label} in Settings → Models & keys.`,
    })
    expect(server.modelRequests).toHaveLength(1) // not retried
  })

  it('403 is a rejected key too', async () => {
    const { server, model } = await setup()
    server.push({ type: 'error', status: 403 })
    const failure = classifyProviderError(failureOf(await collect(stream({ model, prompt: 'hi' }))))
    expect(failure.kind).toBe('auth')
  })

  it('404: model not found, naming the model', async () => {
    const { server, model } = await setup()
    server.push({ type: 'error', status: 404 })
    const failure = classifyProviderError(failureOf(await collect(stream({ model, prompt: 'hi' }))))
    expect(failure).toMatchObject({ kind: 'not-found', retryable: false })
    expect(failure.message).toContain(`Model "${MODEL}" was not found at ${label}`)
    expect(failure.message).toContain(server.baseUrl)
  })

  it('500: the server had a problem; retried, then reported with the server\'s words', async () => {
    const { server, model } = await setup({ maxRetries: 2, initialDelayMs: 10 })
    const broken = { type: 'error', status: 500, body: { error: { message: 'database on fire' } } } as const
    server.push(broken, broken, broken)
    const failure = classifyProviderError(failureOf(await collect(stream({ model, prompt: 'hi' }))))
    expect(failure).toMatchObject({ kind: 'server', retryable: true })
    expect(failure.message).toMatch(/had a problem on its side \(HTTP 500\)/)
    expect(failure.message).toContain('database on fire')
    expect(failure.message).toContain('retried 2 times')
    expect(server.modelRequests).toHaveLength(3)
  })

  it('500 then success: the retry is invisible to the caller', async () => {
    const { server, model } = await setup()
    server.push({ type: 'error', status: 503 }, { type: 'text', chunks: ['fine now'] })
    expect((await collect(stream({ model, prompt: 'hi' }))).text).toBe('fine now')
  })

  it('a closed port: cannot reach the base URL', async () => {
    const baseUrl = `http://127.0.0.1:${await closedPort()}/v1`
    const model = createLanguageModel(providerFor(kind, baseUrl), MODEL, secretsOf({ [secretName]: KEY }))
    const failure = classifyProviderError(failureOf(await collect(stream({ model, prompt: 'hi' }))))
    expect(failure).toMatchObject({ kind: 'network', retryable: true })
    expect(failure.message).toMatch(new RegExp(`^Cannot reach ${baseUrl.replaceAll('.', '\\.')} \\(connection refused\\)`))
  })

  it('a disconnect mid-stream: the text so far, then a classified network error', async () => {
    const { server, model } = await setup()
    server.push({ type: 'disconnect', afterChunks: 2, chunks: ['one ', 'two ', 'three'] })
    const result = await collect(stream({ model, prompt: 'hi' }))
    expect(result.text).toBe('one two ')
    const failure = classifyProviderError(failureOf(result))
    expect(failure.kind).toBe('network')
    expect(failure.message).toMatch(/broke off in the middle of the reply/)
  })

  it('a malformed chunk: a classified bad-response error, not a crash', async () => {
    const { server, model } = await setup()
    server.push({ type: 'malformed', before: ['partial '] }, { type: 'text', chunks: ['still alive'] })
    const result = await collect(stream({ model, prompt: 'hi' }))
    expect(result.text).toBe('partial ')
    expect(classifyProviderError(failureOf(result))).toMatchObject({ kind: 'bad-response', retryable: false })
    // The model keeps working for the next request.
    expect((await collect(stream({ model, prompt: 'again' }))).text).toBe('still alive')
  })

  it('an error event in the middle of the stream is a retryable server error with the server\'s words', async () => {
    const { server, model } = await setup()
    server.push({ type: 'stream-error', chunks: ['so far '], message: 'Overloaded' })
    const result = await collect(stream({ model, prompt: 'hi' }))
    expect(result.text).toBe('so far ')
    const failure = classifyProviderError(failureOf(result))
    expect(failure).toMatchObject({ kind: 'server', retryable: true })
    expect(failure.message).toBe(`${label} reported a problem in the middle of the reply. Try again in a moment. The server said: "Overloaded"`)
  })

  it('a malformed non-streamed reply is a bad-response error', async () => {
    const { server, model } = await setup()
    server.push({ type: 'malformed', raw: '{"oops": ' })
    const error = await generateText({ model, prompt: 'hi', maxRetries: 0 }).catch((caught: unknown) => caught)
    expect(classifyProviderError(error).kind).toBe('bad-response')
  })

  it('abort during the stream: streamText reports an abort, the model call rejects as cancelled', async () => {
    const { server, model } = await setup()
    // The stream stalls after two chunks and never ends by itself: only the abort can end it.
    server.push({ type: 'stall', chunks: ['first ', 'second '] })
    const controller = new AbortController()
    const result = stream({
      model,
      prompt: 'hi',
      abortSignal: controller.signal,
      onChunk: ({ chunk }) => {
        if (chunk.type === 'text-delta' && chunk.text === 'second ') controller.abort()
      },
    })
    const collected = await collect(result)
    expect(collected.aborted).toBe(true)
    expect(collected.text).toBe('first second ')
    await waitFor(() => server.modelRequests[0]?.clientHungUp === true)

    // The same abort, one level down, as the agent loop sees it when it drives the model itself.
    server.push({ type: 'stall', chunks: ['waiting'] })
    const direct = new AbortController()
    const { stream: parts } = await model.doStream({ prompt: [{ role: 'user', content: [{ type: 'text', text: 'hi' }] }], abortSignal: direct.signal })
    const reader = parts.getReader()
    const error = await (async () => {
      try {
        for (;;) {
          const { done, value } = await reader.read()
          if (done) return undefined
          if ((value as LanguageModelStreamPart).type === 'text-delta') direct.abort()
        }
      } catch (caught) {
        return caught
      }
    })()
    expect(classifyProviderError(error)).toMatchObject({ kind: 'cancelled', retryable: false })
  })

  it('abort while waiting out a 429 ends the wait at once', async () => {
    const { server, model } = await setup()
    // 59 s: under the longest wait (60 s), and far past the test's timeout if the abort did not end it.
    server.push({ type: 'error', status: 429, headers: { 'retry-after': '59' } })
    const controller = new AbortController()
    onSleepStart(() => controller.abort())
    const error = await generateText({ model, prompt: 'hi', maxRetries: 0, abortSignal: controller.signal }).catch((caught: unknown) => caught)
    expect(classifyProviderError(error).kind).toBe('cancelled')
    expect(sleeps).toEqual([{ delayMs: 59_000, state: 'aborted' }])
    expect(server.modelRequests).toHaveLength(1)
  })

  it('never puts the key in an error message, even when the server echoes it', async () => {
    const canary = 'canary-d41d8cd98f00b204e98'
    const server = await scriptedServer()
    const model = createLanguageModel(providerFor(kind, server.baseUrl), MODEL, {
      ...secretsOf({ [secretName]: canary }),
      retry: { maxRetries: 0 },
    })
    server.push(
      { type: 'error', status: 401, body: { error: { message: `bad key ${canary}` } } },
      { type: 'error', status: 400, body: { error: { message: `key ${canary} is not allowed here` } } },
      { type: 'error', status: 500, body: `upstream said ${canary}` },
      { type: 'malformed', raw: `{"leak": "${canary}` },
    )
    for (let turn = 0; turn < 4; turn++) {
      const result = await collect(stream({ model, prompt: 'hi' }))
      const failure = failureOf(result)
      for (const shown of [String(failure), JSON.stringify(failure), classifyProviderError(failure).message, (failure as Error).stack ?? '']) {
        expect(shown).not.toContain(canary)
      }
    }
    expect(server.modelRequests).toHaveLength(4)
  })
})

async function waitFor(condition: () => boolean, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not met in time')
    await new Promise((resolve) => setTimeout(resolve, 5))
  }
}
