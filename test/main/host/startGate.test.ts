/** The Node host's background start waits for the window's first draw, a script's first request, or the grace period. */
import { describe, expect, it } from 'vitest'
import { InMemoryTransport, type JSONRPCMessage } from '@modelcontextprotocol/server'
import { HostResource } from '../../../src/shared/hostApi'
import { belongsToFirstDraw, createStartGate, FIRST_DRAW_RESOURCES } from '../../../src/main/host/startGate'

const request = (id: number, method: string, params: Record<string, unknown> = {}): JSONRPCMessage => ({ jsonrpc: '2.0', id, method, params })

/** A watched host-side transport and the page side that sends into it; resolves once `frames` were delivered. */
async function deliver(gate: ReturnType<typeof createStartGate>, frames: JSONRPCMessage[]): Promise<JSONRPCMessage[]> {
  const [page, main] = InMemoryTransport.createLinkedPair()
  const watched = gate.watch(main)
  const received: JSONRPCMessage[] = []
  watched.onmessage = (message) => received.push(message)
  await watched.start()
  await page.start()
  for (const frame of frames) await page.send(frame)
  await page.close()
  return received
}

const isOpen = async (gate: ReturnType<typeof createStartGate>) => {
  let open = false
  void gate.opened.then(() => (open = true))
  await new Promise((settle) => setImmediate(settle))
  return open
}

describe('what belongs to a first draw', () => {
  it('is the handshake, notifications, answers, and reads or subscriptions of the first screen', () => {
    expect(FIRST_DRAW_RESOURCES).toEqual([HostResource.sessions, HostResource.settings, HostResource.models])
    expect(belongsToFirstDraw(request(0, 'initialize'))).toBe(true)
    expect(belongsToFirstDraw(request(1, 'ping'))).toBe(true)
    expect(belongsToFirstDraw({ jsonrpc: '2.0', method: 'notifications/initialized' })).toBe(true)
    expect(belongsToFirstDraw({ jsonrpc: '2.0', id: 7, result: {} })).toBe(true)
    for (const uri of FIRST_DRAW_RESOURCES) {
      expect(belongsToFirstDraw(request(2, 'resources/read', { uri }))).toBe(true)
      expect(belongsToFirstDraw(request(3, 'resources/subscribe', { uri }))).toBe(true)
    }
  })

  it('is not any other read, subscription or call', () => {
    expect(belongsToFirstDraw(request(2, 'resources/read', { uri: HostResource.extensions }))).toBe(false)
    expect(belongsToFirstDraw(request(3, 'resources/subscribe', { uri: HostResource.tools }))).toBe(false)
    expect(belongsToFirstDraw(request(4, 'resources/read', {}))).toBe(false)
    expect(belongsToFirstDraw(request(5, 'tools/call', { name: 'chat_send', arguments: {} }))).toBe(false)
    expect(belongsToFirstDraw(request(6, 'tools/list'))).toBe(false)
  })
})

describe('the start gate', () => {
  it('stays shut through a window first draw and opens at its next subscription, passing every frame on', async () => {
    const gate = createStartGate({ graceMs: 60_000 })
    const firstDraw = [request(0, 'initialize'), { jsonrpc: '2.0', method: 'notifications/initialized' } as JSONRPCMessage, ...FIRST_DRAW_RESOURCES.map((uri, i) => request(i + 1, 'resources/read', { uri }))]
    expect(await deliver(gate, firstDraw)).toEqual(firstDraw)
    expect(await isOpen(gate)).toBe(false)
    const next = request(9, 'resources/subscribe', { uri: HostResource.extensions })
    expect(await deliver(gate, [next])).toEqual([next])
    expect(await isOpen(gate)).toBe(true)
    gate.open() // a second opening changes nothing
    await gate.opened
  })

  it("opens at a script's first tool call", async () => {
    const gate = createStartGate({ graceMs: 60_000 })
    await deliver(gate, [request(0, 'initialize'), request(1, 'tools/call', { name: 'session_create', arguments: {} })])
    expect(await isOpen(gate)).toBe(true)
  })

  it('opens once the grace period after arm() passed with nobody connecting, and not before arm()', async () => {
    const gate = createStartGate({ graceMs: 5 })
    await new Promise((settle) => setTimeout(settle, 20))
    expect(await isOpen(gate)).toBe(false)
    gate.arm()
    await gate.opened
  })

  it('passes on closes and errors of the watched transport', async () => {
    const gate = createStartGate()
    const [page, main] = InMemoryTransport.createLinkedPair()
    const watched = gate.watch(main)
    let closed = false
    watched.onclose = () => (closed = true)
    await watched.start()
    await page.close()
    expect(closed).toBe(true)
    gate.open()
  })
})
