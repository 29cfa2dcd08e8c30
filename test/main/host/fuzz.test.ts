/** F23: thousands of garbage frames from the renderer side; the host session survives, nothing crashes. */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { WebSocket } from 'ws'
import { MessageChannel, type MessagePort } from 'node:worker_threads'
import { PortTransport, emitterPort } from '../../../src/shared/portTransport'
import { setLogSink } from '../../../src/main/log/log'
import { fakeElectronPort, startTestHost, type TestHost } from '../../helpers/testHost'
import { garbageFrames } from '../../helpers/fuzzFrames'

const FRAMES = 3000
const unhandled: unknown[] = []
const onUnhandled = (reason: unknown) => unhandled.push(reason)
let h: TestHost
let restoreLog: () => void
const logLines: string[] = []

beforeAll(async () => {
  process.on('unhandledRejection', onUnhandled)
  process.on('uncaughtException', onUnhandled)
  restoreLog = setLogSink((line) => logLines.push(line), 'debug')
  h = await startTestHost()
})
afterAll(async () => {
  process.off('unhandledRejection', onUnhandled)
  process.off('uncaughtException', onUnhandled)
  restoreLog()
  await h.stop()
})
afterEach(() => expect(unhandled).toEqual([]))

/** A raw renderer end: send anything, and wait for the answer to a given request id. */
interface RawEnd {
  send(frame: unknown): void
  answer(id: number): Promise<Record<string, unknown>>
}

function rawEnd(post: (frame: unknown) => void, subscribe: (listener: (text: string) => void) => void): RawEnd {
  const waiting = new Map<number, (message: Record<string, unknown>) => void>()
  subscribe((text) => {
    const message = JSON.parse(text) as Record<string, unknown>
    if (typeof message.id === 'number') waiting.get(message.id)?.(message)
  })
  return {
    send: post,
    answer: (id) => new Promise((resolve) => waiting.set(id, resolve)),
  }
}

async function exercise(end: RawEnd): Promise<void> {
  const initialized = end.answer(900001)
  end.send(JSON.stringify({ jsonrpc: '2.0', id: 900001, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'fuzz', version: '0' } } }))
  expect(await initialized).toHaveProperty('result')
  end.send(JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }))

  for (const frame of garbageFrames(FRAMES, 7)) end.send(frame)

  const created = end.answer(900002)
  end.send(JSON.stringify({ jsonrpc: '2.0', id: 900002, method: 'tools/call', params: { name: 'session_create', arguments: { title: 'after the storm' } } }))
  const result = (await created).result as { structuredContent: { title: string } }
  expect(result.structuredContent.title).toBe('after the storm')
}

describe('fuzzing the renderer transports', () => {
  it(`survives ${FRAMES} garbage frames over the WebSocket`, async () => {
    const { mcp, token } = await h.browser()
    const socket = new WebSocket(`${mcp}?token=${token}`, 'mcp')
    await new Promise((resolve, reject) => socket.on('open', resolve).on('error', reject))
    const end = rawEnd(
      (frame) => (typeof frame === 'string' ? socket.send(frame) : frame instanceof Uint8Array ? socket.send(frame, { binary: true }) : socket.send(JSON.stringify(frame))),
      (listener) => socket.on('message', (data) => listener(String(data))),
    )
    await exercise(end)
    expect(socket.readyState).toBe(WebSocket.OPEN)
    socket.close()
  })

  it(`survives ${FRAMES} garbage frames over the MessagePort pair`, async () => {
    const { port1, port2 } = new MessageChannel()
    const mainSide = new PortTransport(emitterPort(fakeElectronPort(port1)))
    await h.host.connect(mainSide, 'fuzz')
    const page: MessagePort = port2
    // Ports carry structured-clone objects: send JSON garbage as objects, the rest as it is.
    const asObject = (frame: unknown) => {
      try {
        return typeof frame === 'string' ? JSON.parse(frame) : frame
      } catch {
        return frame
      }
    }
    const end = rawEnd(
      (frame) => page.postMessage(asObject(frame)),
      (listener) => page.on('message', (data: unknown) => listener(JSON.stringify(data))),
    )
    await exercise(end)
    await mainSide.close()
  })

  it('logged why frames were dropped', () => {
    expect(logLines.some((line) => line.includes('Dropped frame: malformed JSON'))).toBe(true)
    expect(logLines.some((line) => line.includes('Dropped frame: not a JSON-RPC message'))).toBe(true)
  })
})
