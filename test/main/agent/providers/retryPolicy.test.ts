/** Retry-after parsing, the wait cap and the retry count, over real HTTP where timing matters. */
import { describe, expect, it } from 'vitest'
import { streamText } from 'ai'
import { classifyProviderError, createLanguageModel } from '../../../../src/main/agent/providers'
import { retryAfterMs } from '../../../../src/main/agent/providers/retryPolicy'
import { collect, failureOf, MODEL, providerFor, scriptedServer, secretsOf, stream } from './providerTestKit'

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

  it('honours retry-after given as an HTTP date', async () => {
    const server = await scriptedServer()
    const inTwoSeconds = new Date(Date.now() + 2000).toUTCString()
    server.push({ type: 'error', status: 429, headers: { 'retry-after': inTwoSeconds } }, { type: 'text', chunks: ['ok'] })
    const model = createLanguageModel(providerFor('openai-compatible', server.baseUrl), MODEL, secrets)
    expect((await collect(stream({ model, prompt: 'hi' }))).text).toBe('ok')
    const [first, second] = server.modelRequests
    // The date has one-second resolution, so the wait is between 1 and 2 s.
    expect(second!.receivedAtMs - first!.receivedAtMs).toBeGreaterThanOrEqual(800)
  })

  it('does not wait longer than maxDelayMs: a long retry-after fails at once, saying when to try again', async () => {
    const server = await scriptedServer({ turns: [{ type: 'error', status: 429, headers: { 'retry-after': '120' } }] })
    const model = createLanguageModel(providerFor('openai-compatible', server.baseUrl), MODEL, { ...secrets, retry: { maxDelayMs: 60_000 } })
    const started = performance.now()
    const failure = classifyProviderError(failureOf(await collect(stream({ model, prompt: 'hi' }))))
    expect(performance.now() - started).toBeLessThan(2_000)
    expect(failure.message).toContain('Try again in 120 s.')
    expect(server.modelRequests).toHaveLength(1)
  })

  it('without retry-after, backs off exponentially from initialDelayMs', async () => {
    const server = await scriptedServer({
      turns: [{ type: 'error', status: 502 }, { type: 'error', status: 502 }, { type: 'text', chunks: ['ok'] }],
    })
    const model = createLanguageModel(providerFor('openai-compatible', server.baseUrl), MODEL, { ...secrets, retry: { initialDelayMs: 100 } })
    expect((await collect(stream({ model, prompt: 'hi' }))).text).toBe('ok')
    const times = server.modelRequests.map((request) => request.receivedAtMs)
    expect(times[1]! - times[0]!).toBeGreaterThanOrEqual(90)
    expect(times[2]! - times[1]!).toBeGreaterThanOrEqual(190)
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
