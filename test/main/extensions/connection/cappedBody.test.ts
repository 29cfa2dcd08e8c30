/**
 * Bodies without a content-length (chunked, here endless) are read with a running cap: reading stops
 * at the limit and the connection closes, for the registry client, registry icons and the helper.
 */
import { afterEach, describe, expect, it } from 'vitest'
import { readBodyWithin, readTextWithin } from '../../../../src/main/extensions/connection/cappedBody'
import { fetchRegistryJson } from '../../../../src/main/extensions/registry/registryClient'
import { inlineIcon } from '../../../../src/main/extensions/registry/registryIcons'
import { startEndlessBodyServer, type EndlessBodyServer } from '../../../fixtures/http/endlessBodyServer'

let server: EndlessBodyServer | undefined
afterEach(async () => {
  await server?.close()
  server = undefined
})

/** Far below what an uncapped read would take in before any timeout, far above cap plus socket buffers. */
const READ_BOUND = 32 * 1024 * 1024

describe('reading a body with a cap', () => {
  it('stops at the cap of an endless chunked body and closes the connection', async () => {
    server = await startEndlessBodyServer()
    const response = await fetch(server.url)
    expect(response.headers.get('content-length')).toBeNull()
    expect(await readBodyWithin(response, 1024 * 1024)).toBeUndefined()
    await server.abandoned
    expect(server.written).toBeLessThan(READ_BOUND)
  })

  it('reads a body within the cap whole, as text() would', async () => {
    const text = 'grüße ✓ '.repeat(10_000)
    const response = new Response(new Blob([text]).stream())
    expect(await readTextWithin(response, 1024 * 1024)).toBe(text)
    expect(await readTextWithin(new Response(text), 10)).toBeUndefined()
  })

  it('refuses a declared length over the cap', async () => {
    expect(await readBodyWithin(new Response('x'.repeat(100), { headers: { 'content-length': '100' } }), 99)).toBeUndefined()
    expect(await readBodyWithin(new Response('x'.repeat(99), { headers: { 'content-length': '99' } }), 99)).toHaveLength(99)
  })

  it('the registry client: an endless answer is refused at 4 MiB with a message, not read to its end', async () => {
    server = await startEndlessBodyServer()
    await expect(fetchRegistryJson(`${server.url}/v0.1/servers`)).rejects.toThrow(/^The MCP Registry at http:\/\/127\.0\.0\.1:\d+ sent more than 4 MiB, far more than a registry answer; it was not read\.$/)
    expect(server.written).toBeLessThan(READ_BOUND)
  })

  it('registry icons: an endless icon is dropped once it passes 256 KiB', async () => {
    server = await startEndlessBodyServer({ contentType: 'image/png', firstBytes: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]) })
    // inlineIcon accepts only https URLs from the registry; the fetch is pointed at the loopback server.
    const icon = await inlineIcon('https://icons.example/icon.png', (_url, init) => fetch(server!.url, init))
    expect(icon).toBeUndefined()
    expect(server.written).toBeLessThan(READ_BOUND)
  })
})
