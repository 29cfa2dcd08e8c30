import { afterEach, describe, expect, it } from 'vitest'
import { MessageChannel } from 'node:worker_threads'
import type { JSONRPCMessage } from '@modelcontextprotocol/client'
import { PortTransport, domPort, emitterPort, type DomPortLike } from '../../src/shared/portTransport'
import { fakeElectronPort } from '../helpers/testHost'

/** Node's MessagePort is an EventTarget like the DOM's; the cast only bridges the type declarations. */
const asDom = (port: unknown) => port as DomPortLike

function pair(maxFrameBytes?: number) {
  const { port1, port2 } = new MessageChannel()
  const main = new PortTransport(emitterPort(fakeElectronPort(port1)), { maxFrameBytes })
  const page = new PortTransport(domPort(asDom(port2)), { maxFrameBytes })
  return { main, page, port1, port2 }
}

function nextMessage(transport: PortTransport): Promise<JSONRPCMessage> {
  return new Promise((resolve) => (transport.onmessage = resolve))
}

function nextError(transport: PortTransport): Promise<Error> {
  return new Promise((resolve) => (transport.onerror = resolve))
}

const opened: PortTransport[] = []
afterEach(async () => {
  await Promise.all(opened.splice(0).map((transport) => transport.close()))
})

async function started(maxFrameBytes?: number) {
  const ends = pair(maxFrameBytes)
  opened.push(ends.main, ends.page)
  await ends.main.start()
  await ends.page.start()
  return ends
}

describe('PortTransport (main side as fake electron MessagePortMain, page side as DOM MessagePort)', () => {
  it('carries JSON-RPC frames both ways as structured-clone objects', async () => {
    const { main, page } = await started()
    const request: JSONRPCMessage = { jsonrpc: '2.0', id: 1, method: 'ping' }
    const atMain = nextMessage(main)
    await page.send(request)
    expect(await atMain).toEqual(request)

    const response: JSONRPCMessage = { jsonrpc: '2.0', id: 1, result: { ok: 'ü€' } }
    const atPage = nextMessage(page)
    await main.send(response)
    expect(await atPage).toEqual(response)
  })

  it('closing one end fires onclose on both, once, and later sends fail', async () => {
    const { main, page } = await started()
    let mainClosed = 0
    const pageClosed = new Promise<void>((resolve) => (page.onclose = resolve))
    main.onclose = () => mainClosed++
    await main.close()
    await main.close()
    await pageClosed
    expect(mainClosed).toBe(1)
    await expect(main.send({ jsonrpc: '2.0', method: 'x' })).rejects.toThrow(/closed/)
    await expect(page.send({ jsonrpc: '2.0', method: 'x' })).rejects.toThrow(/closed/)
  })

  it('cannot be started twice', async () => {
    const { main } = await started()
    await expect(main.start()).rejects.toThrow(/already started/)
  })

  it('drops a frame over the size cap with a reason and keeps working', async () => {
    const { main, port2 } = await started(1024)
    const dropped = nextError(main)
    port2.postMessage({ jsonrpc: '2.0', method: 'big', params: { x: 'y'.repeat(2000) } })
    expect((await dropped).message).toMatch(/message too large/)
    const next = nextMessage(main)
    port2.postMessage({ jsonrpc: '2.0', method: 'small' })
    expect(await next).toMatchObject({ method: 'small' })
  })

  it('answers an invalid request with Invalid Request, drops other garbage, and keeps working', async () => {
    const { main, port2 } = await started()
    const errors: string[] = []
    main.onerror = (error) => errors.push(error.message)
    const reply = new Promise<unknown>((resolve) => port2.once('message', resolve))
    port2.postMessage({ jsonrpc: '2.0', id: 5, method: 'ping', params: 'not an object' })
    expect(await reply).toMatchObject({ id: 5, error: { code: -32600 } })
    port2.postMessage('{"jsonrpc":"2.0","method":"as text"}')
    port2.postMessage({ jsonrpc: '2.0', method: 'dated', params: { when: new Date() } })
    const next = nextMessage(main)
    port2.postMessage({ jsonrpc: '2.0', method: 'still-alive' })
    expect(await next).toMatchObject({ method: 'still-alive' })
    expect(errors).toEqual([
      expect.stringMatching(/params must be an object/),
      expect.stringMatching(/not a JSON-RPC object \(string\)/),
      expect.stringMatching(/Date is not JSON/),
    ])
  })
})
