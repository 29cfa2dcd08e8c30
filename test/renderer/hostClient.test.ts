/**
 * The renderer's host client (createHostClient, the code the page runs): a subscription reads its
 * resource in the same round trip as it subscribes, and still never misses an update that lands
 * between the two.
 */
import { McpServer, InMemoryTransport } from '@modelcontextprotocol/server'
import { afterEach, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { createHostClient, type HostClient } from '../../src/renderer/mcp/hostClient'
import { HostResource, SessionsResourceSchema } from '../../src/shared/hostApi'
import { WebSocketClientTransport } from '../../src/shared/webSocketClientTransport'
import { startTestHost, type TestHost } from '../helpers/testHost'

const THING = 'test://thing'
const ThingSchema = z.object({ version: z.number() })

let host: TestHost | undefined
let client: HostClient | undefined
afterEach(async () => {
  await client?.close()
  await host?.stop()
  client = undefined
  host = undefined
})

/** A server whose subscribe handler answers only when `release` is called, after a read of the resource has been answered. */
function slowSubscribeServer() {
  const state = { version: 1, subscribed: false, reads: 0 }
  let release = () => {}
  const held = new Promise<void>((resolve) => (release = resolve))
  const server = new McpServer({ name: 'slow-subscribe', version: '0.0.0' }, { capabilities: { resources: { subscribe: true } } })
  server.registerResource('thing', THING, { mimeType: 'application/json' }, async () => {
    state.reads += 1
    return { contents: [{ uri: THING, mimeType: 'application/json', text: JSON.stringify({ version: state.version }) }] }
  })
  server.server.setRequestHandler('resources/subscribe', async () => {
    await held
    state.subscribed = true
    return {}
  })
  return { server, state, release: () => release() }
}

describe('host client subscriptions', () => {
  it('reads a subscribed resource at once and follows its updates (real host over the WebSocket)', async () => {
    host = await startTestHost()
    const { mcp, token } = await host.browser()
    const lists: number[] = []
    client = createHostClient({
      open: async () => new WebSocketClientTransport(new URL(`${mcp}?token=${token}`)),
      onState: () => {},
      onError: (message) => expect.fail(message),
    })
    client.subscribe(HostResource.sessions, SessionsResourceSchema, ({ sessions }) => lists.push(sessions.length))
    await expect.poll(() => lists[0]).toBe(0)
    await client.call('session_create', {})
    await expect.poll(() => lists.at(-1)).toBe(1)
  })

  it('reads again when its read was answered before the subscription (an update in between is not lost)', async () => {
    const { server, state, release } = slowSubscribeServer()
    const [pageSide, serverSide] = InMemoryTransport.createLinkedPair()
    await server.connect(serverSide)
    const seen: number[] = []
    client = createHostClient({ open: async () => pageSide, onState: () => {}, onError: (message) => expect.fail(message) })
    client.subscribe(THING, ThingSchema, ({ version }) => seen.push(version))
    // The first read is answered while the subscription is still held: the window has something to draw.
    await expect.poll(() => seen).toEqual([1])
    // It changes before the host has registered the subscription, so no update is sent for it…
    state.version = 2
    release()
    // …and the client reads once more when the subscription is answered.
    await expect.poll(() => seen).toEqual([1, 2])
    expect(state.subscribed).toBe(true)
    expect(state.reads).toBe(2)
    await server.close()
  })
})
