/** One client must not stall the host (issue 12 item 8): a cached tool list and bounded requests per connection. */
import { Client, InMemoryTransport, ProtocolError } from '@modelcontextprotocol/client'
import { McpServer } from '@modelcontextprotocol/server'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { HostResource } from '../../../src/shared/hostApi'
import { BoundedRequestTransport } from '../../../src/main/host/web/boundedRequests'
import { testHostsStoppedAfterEach } from '../../helpers/testHost'

const startTestHost = testHostsStoppedAfterEach()
const FLOOD = 1000

/** tools/list as a bare request: Client.listTools would also compile every output schema, on the client's side of this one process. */
const listTools = (client: Client) => client.request({ method: 'tools/list', params: {} }, z.looseObject({ tools: z.array(z.looseObject({ name: z.string() })) }))

describe('a client flooding the host', () => {
  it('builds the host tool list once for every request on every connection', async () => {
    const h = await startTestHost()
    const a = await h.connectOverWebSocket()
    const b = await h.connectOverWebSocket()
    const first = await listTools(a)
    expect(first.tools.some((tool) => tool.name === 'chat_send')).toBe(true)
    await Promise.all(Array.from({ length: 20 }, () => listTools(a)))
    expect(await listTools(b)).toEqual(first)
    expect(h.host.services.toolList.builds).toBe(1)
  })

  it("answers another client's request between the flood's, not after all of them", async () => {
    const h = await startTestHost()
    const flooder = await h.connectOverWebSocket()
    const other = await h.connectOverWebSocket()
    let answered = 0
    const flood = Array.from({ length: FLOOD }, () => flooder.readResource({ uri: HostResource.sessions }).then(() => answered++))
    // Sent once the host is busy with the flood (its first answer is back), so it arrives behind all of it.
    await Promise.race(flood)
    await other.readResource({ uri: HostResource.sessions })
    const answeredBeforeOther = answered
    await Promise.all(flood)
    expect(answered).toBe(FLOOD)
    expect(answeredBeforeOther).toBeLessThan(FLOOD / 2)
  })
})

describe('BoundedRequestTransport', () => {
  /** A server whose `wait` tool finishes only when released, behind bounds of 1 running and 1 waiting. */
  async function boundedServer() {
    const releases: (() => void)[] = []
    const server = new McpServer({ name: 'bounded', version: '1' })
    server.registerTool('wait', { inputSchema: z.object({ n: z.number() }) }, ({ n }) => new Promise((resolve) => releases.push(() => resolve({ content: [{ type: 'text', text: String(n) }] }))))
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair()
    await server.connect(new BoundedRequestTransport(serverSide, { inFlight: 1, queued: 1 }))
    const client = new Client({ name: 'test', version: '1' })
    await client.connect(clientSide)
    // A request starts one per turn of the event loop: let the turn of initialize pass.
    await new Promise((resolve) => setImmediate(resolve))
    const until = async (count: number) => {
      while (releases.length < count) await new Promise((resolve) => setImmediate(resolve))
    }
    return { client, releases, until }
  }
  const textOf = (result: Awaited<ReturnType<Client['callTool']>>) => (result.content as { text: string }[])[0]!.text

  it('runs one request at a time, keeps the next waiting, and refuses more with a JSON-RPC error', async () => {
    const { client, releases, until } = await boundedServer()
    const first = client.callTool({ name: 'wait', arguments: { n: 1 } })
    const second = client.callTool({ name: 'wait', arguments: { n: 2 } })
    const third = client.callTool({ name: 'wait', arguments: { n: 3 } }).catch((error: unknown) => error)
    const refused = await third
    expect(refused).toBeInstanceOf(ProtocolError)
    expect((refused as ProtocolError).message).toMatch(/Too many requests at once on this connection/)
    await until(1)
    expect(releases).toHaveLength(1) // the second waits for the first
    releases[0]!()
    expect(textOf(await first)).toBe('1')
    await until(2)
    releases[1]!()
    expect(textOf(await second)).toBe('2')
    await client.close()
  })

  it('drops a waiting request the client cancelled, and a cancelled running one frees its place', async () => {
    const { client, releases, until } = await boundedServer()
    const running = new AbortController()
    const waiting = new AbortController()
    const first = client.callTool({ name: 'wait', arguments: { n: 1 } }, { signal: running.signal }).catch((error: unknown) => error)
    const second = client.callTool({ name: 'wait', arguments: { n: 2 } }, { signal: waiting.signal }).catch((error: unknown) => error)
    await until(1)
    waiting.abort()
    running.abort()
    await Promise.all([first, second])
    const third = client.callTool({ name: 'wait', arguments: { n: 3 } })
    await until(2)
    expect(releases).toHaveLength(2) // the cancelled second never ran
    releases[1]!()
    expect(textOf(await third)).toBe('3')
    await client.close()
  })
})
