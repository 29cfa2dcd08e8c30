/** listModels: the configured list plus the server's, with failures as values beside the configured list. */
import { describe, expect, it, vi } from 'vitest'
import { configFromPreset, listModels } from '../../../../src/main/agent/providers'
import { startEndlessBodyServer } from '../../../fixtures/http/endlessBodyServer'
import { closedPort, KEY, KINDS, providerFor, scriptedServer, secretsOf } from './providerTestKit'

describe.each(KINDS)('%s listModels', (kind) => {
  const secrets = secretsOf({ [`provider:test-${kind}`]: KEY })

  it('lists the configured models first, then the server\'s, without duplicates', async () => {
    const server = await scriptedServer({ models: ['model-a', 'model-b'] })
    const listing = await listModels(providerFor(kind, server.baseUrl, { models: ['model-b', 'my-finetune'] }), secrets)
    expect(listing).toEqual({
      models: [
        { id: 'model-b', source: 'configured' },
        { id: 'my-finetune', source: 'configured' },
        expect.objectContaining({ id: 'model-a', source: 'server' }),
      ],
    })
    const [request] = server.requests
    expect(request?.path).toBe('/v1/models')
    if (kind === 'anthropic') {
      expect(request?.headers).toMatchObject({ 'x-api-key': KEY, 'anthropic-version': '2023-06-01' })
    } else {
      expect(request?.headers.authorization).toBe(`Bearer ${KEY}`)
    }
  })

  it('keeps the configured list and explains a rejected key', async () => {
    const server = await scriptedServer({ modelListing: { type: 'error', status: 401 } })
    const listing = await listModels(providerFor(kind, server.baseUrl, { models: ['fallback'] }), secrets)
    expect(listing.models).toEqual([{ id: 'fallback', source: 'configured' }])
    expect(listing.error).toMatchObject({ kind: 'auth', message: expect.stringContaining('Settings → Models & keys') })
  })

  it('a server that is not there: cannot reach it', async () => {
    const baseUrl = `http://127.0.0.1:${await closedPort()}/v1`
    const listing = await listModels(providerFor(kind, baseUrl), secrets)
    expect(listing.models).toEqual([])
    expect(listing.error).toMatchObject({ kind: 'network', message: expect.stringContaining(`Cannot reach ${baseUrl}`) })
  })

  it('a server that never answers: times out with a clear error', async () => {
    // The stalled listing never answers: without the timeout, this would hang into the test's timeout.
    const server = await scriptedServer({ modelListing: { type: 'stall' } })
    const listing = await listModels(providerFor(kind, server.baseUrl), { ...secrets, timeoutMs: 300 })
    expect(listing.error).toMatchObject({ kind: 'network', message: expect.stringContaining('no model list within 300 ms') })
    // … and the request was given up, not left open.
    await vi.waitFor(() => expect(server.requests[0]?.clientHungUp).toBe(true))
  })

  it('an endless model list without content-length is refused at the cap, not read until the timeout', async () => {
    const endless = await startEndlessBodyServer()
    try {
      const listing = await listModels(providerFor(kind, `${endless.url}/v1`, { models: ['fallback'] }), { ...secrets, timeoutMs: 20_000 })
      expect(listing.models).toEqual([{ id: 'fallback', source: 'configured' }])
      expect(listing.error).toMatchObject({ kind: 'bad-response', message: expect.stringMatching(/sent more than 16 MiB for one page of its model list, so it was not read/) })
      expect(endless.written).toBeLessThan(64 * 1024 * 1024)
    } finally {
      await endless.close()
    }
  })

  it('a reply that is not a model list is a bad-response error', async () => {
    const server = await scriptedServer({ modelListing: { type: 'raw', body: '{"models": "everything"}' } })
    const listing = await listModels(providerFor(kind, server.baseUrl), secrets)
    expect(listing.error).toMatchObject({ kind: 'bad-response', message: expect.stringContaining('did not return a model list') })
  })
})

describe('listModels, per API', () => {
  it('Anthropic: follows the pages', async () => {
    const ids = Array.from({ length: 7 }, (_, i) => `claude-${i}`)
    const server = await scriptedServer({ modelListing: { type: 'models', ids, pageSize: 3 } })
    const listing = await listModels(providerFor('anthropic', server.baseUrl), secretsOf({ 'provider:test-anthropic': KEY }))
    expect(listing.models.map((model) => model.id)).toEqual(ids)
    expect(server.requests.map((request) => request.query.after_id)).toEqual([undefined, 'claude-2', 'claude-5'])
  })

  it('a server without /models says so and suggests entering names by hand', async () => {
    const server = await scriptedServer({ modelListing: { type: 'error', status: 404 } })
    const listing = await listModels(providerFor('openai-compatible', server.baseUrl, { models: ['llama3.2'] }), secretsOf({}))
    expect(listing.models).toEqual([{ id: 'llama3.2', source: 'configured' }])
    expect(listing.error?.message).toContain('does not list its models')
  })

  it('the Ollama preset, not running: suggests starting it', async () => {
    const config = configFromPreset('ollama', { baseUrl: `http://127.0.0.1:${await closedPort()}/v1` })
    const listing = await listModels(config, secretsOf({}))
    expect(listing.error?.message).toMatch(/^Cannot reach http:\/\/127\.0\.0\.1:\d+\/v1 \(connection refused\)\. Is Ollama running\? Start it with "ollama serve"/)
  })

  it('a required key that is missing: no request, the configured list, an auth error', async () => {
    const server = await scriptedServer()
    const listing = await listModels(providerFor('anthropic', server.baseUrl, { models: ['claude-x'] }), secretsOf({}))
    expect(listing.models).toEqual([{ id: 'claude-x', source: 'configured' }])
    expect(listing.error?.kind).toBe('auth')
    expect(server.requests).toHaveLength(0)
  })
})
