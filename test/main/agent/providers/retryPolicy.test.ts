/** Retry-after parsing, the wait cap and the retry count, over real HTTP; waits are checked by the delay asked for, never by the clock. */
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { streamText } from 'ai'
import { classifyProviderError, createLanguageModel } from '../../../../src/main/agent/providers'
import { retryAfterMs } from '../../../../src/main/agent/providers/retryAfter'
import { onSleepEnd, resetSleeps, sleeps } from '../../../helpers/recordedSleeps'
import { collect, failureOf, MODEL, providerFor, scriptedServer, secretsOf, stream } from './providerTestKit'

vi.mock('node:timers/promises', async (importOriginal) => (await import('../../../helpers/recordedSleeps')).recordingTimers(await importOriginal()))
beforeEach(() => {
  resetSleeps()
  vi.useRealTimers()
})

describe('retryAfterMs', () => {
  const now = Date.parse('2026-03-01T12:00:00Z')

  it.each([
    [{ 'retry-after': '2' }, 2000],
    [{ 'retry-after': '1.5' }, 1500],
    [{ 'retry-after': '0' }, 0],
    [{ 'retry-after': 'Sun, 01 Mar 2026 12:00:07 GMT' }, 7000],
    [{ 'retry-after': 'Sun, 01 Mar 2026 11:59:00 GMT' }, 0], // a date in the past: go now
    [{ 'retry-after-ms': '250', 'retry-after': '9' }, 250], // OpenAI's finer header wins
    [{ 'retry-after': '-3' }, undefined],
    [{ 'retry-after': 'soon' }, undefined],
    [{}, undefined],
    [undefined, undefined],
  ])('%j → %s ms', (headers, expected) => {
    expect(retryAfterMs(headers, now)).toBe(expected)
  })
})

describe('retries over HTTP', () => {
  const secrets = secretsOf({})

  it('honours retry-after given as an HTTP date, and sends the retry only once the wait is over', async () => {
    // Only Date is faked (HTTP and the wait stay real), so "two seconds from now" is exactly 2000 ms.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.parse('2026-03-01T12:00:00Z') })
    const server = await scriptedServer()
    const inTwoSeconds = new Date(Date.now() + 2000).toUTCString()
    server.push({ type: 'error', status: 429, headers: { 'retry-after': inTwoSeconds } }, { type: 'text', chunks: ['ok'] })
    const model = createLanguageModel(providerFor('openai-compatible', server.baseUrl), MODEL, secrets)
    const requestsWhenWaitEnded: number[] = []
    onSleepEnd(() => requestsWhenWaitEnded.push(server.modelRequests.length))
    expect((await collect(stream({ model, prompt: 'hi' }))).text).toBe('ok')
    expect(sleeps).toEqual([{ delayMs: 2000, state: 'done' }])
    expect(requestsWhenWaitEnded).toEqual([1])
    expect(server.modelRequests).toHaveLength(2)
  })

  it('does not wait longer than maxDelayMs: a long retry-after fails at once, saying when to try again', async () => {
    const server = await scriptedServer({ turns: [{ type: 'error', status: 429, headers: { 'retry-after': '120' } }] })
    const model = createLanguageModel(providerFor('openai-compatible', server.baseUrl), MODEL, { ...secrets, retry: { maxDelayMs: 60_000 } })
    // A regression that waited would wait 120 s: far past the test's timeout.
    const failure = classifyProviderError(failureOf(await collect(stream({ model, prompt: 'hi' }))))
    expect(sleeps).toEqual([])
    expect(failure.message).toContain('Try again in 120 s.')
    expect(server.modelRequests).toHaveLength(1)
  })

  it('without retry-after, backs off exponentially from initialDelayMs', async () => {
    const server = await scriptedServer({
      turns: [{ type: 'error', status: 502 }, { type: 'error', status: 502 }, { type: 'text', chunks: ['ok'] }],
    })
    const model = createLanguageModel(providerFor('openai-compatible', server.baseUrl), MODEL, { ...secrets, retry: { initialDelayMs: 100 } })
    const requestsWhenWaitEnded: number[] = []
    onSleepEnd(() => requestsWhenWaitEnded.push(server.modelRequests.length))
    expect((await collect(stream({ model, prompt: 'hi' }))).text).toBe('ok')
    expect(sleeps).toEqual([
      { delayMs: 100, state: 'done' },
      { delayMs: 200, state: 'done' },
    ])
    expect(requestsWhenWaitEnded).toEqual([1, 2])
  })

  it('the SDK never retries on top: with its default maxRetries the requests are ours alone', async () => {
    const broken = { type: 'error', status: 500 } as const
    const server = await scriptedServer({ turns: [broken, broken, broken, broken, broken, broken] })
    const model = createLanguageModel(providerFor('openai-compatible', server.baseUrl), MODEL, { ...secrets, retry: { maxRetries: 2, initialDelayMs: 1 } })
    const result = await collect(streamText({ model, prompt: 'hi', onError: () => {} })) // maxRetries left at the SDK's default (2)
    expect(classifyProviderError(failureOf(result)).kind).toBe('server')
    expect(server.modelRequests).toHaveLength(3)
  })

  it('maxRetries: 0 turns retrying off', async () => {
    const server = await scriptedServer({ turns: [{ type: 'error', status: 500 }, { type: 'text', chunks: ['unused'] }] })
    const model = createLanguageModel(providerFor('openai-compatible', server.baseUrl), MODEL, { ...secrets, retry: { maxRetries: 0 } })
    const failure = classifyProviderError(failureOf(await collect(stream({ model, prompt: 'hi' }))))
    expect(failure.kind).toBe('server')
    expect(failure.message).not.toContain('retried')
    expect(server.modelRequests).toHaveLength(1)
  })

  it('never retries what waiting cannot fix (401, 404, 400)', async () => {
    for (const status of [401, 404, 400]) {
      const server = await scriptedServer({ turns: [{ type: 'error', status }, { type: 'text', chunks: ['unused'] }] })
      const model = createLanguageModel(providerFor('openai-compatible', server.baseUrl), MODEL, { ...secrets, retry: { initialDelayMs: 1 } })
      await collect(stream({ model, prompt: 'hi' }))
      expect(server.modelRequests).toHaveLength(1)
    }
  })
})
