/**
 * The bridge's transport to an App's proxy frame: it reads messages from that frame only. A message
 * posted to the window from anywhere else (an App past its proxy) is dropped without its data being
 * read or anything logged, and malformed JSON-RPC from the frame is an error.
 */
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { JSONRPCMessage } from '@modelcontextprotocol/client'
import { AppFrameTransport } from '../../../src/renderer/apps/appFrameTransport'

/** A message event whose data counts its reads (the browser deserializes on first read). */
function messageEvent(source: unknown, data: unknown, reads: { count: number }): MessageEvent {
  return {
    source,
    get data() {
      reads.count++
      return data
    },
  } as unknown as MessageEvent
}

function setUp() {
  const listeners: ((event: MessageEvent) => void)[] = []
  const window = {
    addEventListener: (_type: 'message', listener: (event: MessageEvent) => void) => void listeners.push(listener),
    removeEventListener: (_type: 'message', listener: (event: MessageEvent) => void) => void listeners.splice(listeners.indexOf(listener), 1),
  }
  const posted: unknown[] = []
  const frame = { postMessage: (message: unknown) => void posted.push(message) }
  const transport = new AppFrameTransport(frame, window)
  const received: JSONRPCMessage[] = []
  const errors: string[] = []
  transport.onmessage = (message) => received.push(message)
  transport.onerror = (error) => errors.push(error.message)
  const dispatch = (event: MessageEvent) => listeners.forEach((listener) => listener(event))
  return { frame, transport, received, errors, posted, dispatch, listeners }
}

afterEach(() => vi.restoreAllMocks())

describe('AppFrameTransport', () => {
  it("ignores messages from anything but its frame without reading or logging them, and passes on its frame's JSON-RPC", async () => {
    const debug = vi.spyOn(console, 'debug')
    const { frame, transport, received, dispatch } = setUp()
    await transport.start()
    const foreign = { count: 0 }
    for (let i = 0; i < 1000; i++) dispatch(messageEvent({ other: true }, { pad: 'x'.repeat(1000) }, foreign))
    expect(foreign.count).toBe(0)
    expect(debug).not.toHaveBeenCalled()
    const own = { count: 0 }
    dispatch(messageEvent(frame, { jsonrpc: '2.0', id: 1, result: {} }, own))
    expect(received).toEqual([{ jsonrpc: '2.0', id: 1, result: {} }])
  })

  it('reports malformed JSON-RPC from its frame, ignores other messages, posts to its frame and stops listening on close', async () => {
    const { frame, transport, received, errors, posted, dispatch, listeners } = setUp()
    let closed = false
    transport.onclose = () => (closed = true)
    await transport.start()
    dispatch(messageEvent(frame, { jsonrpc: '2.0', id: 1, method: 7 }, { count: 0 }))
    dispatch(messageEvent(frame, 'not json-rpc at all', { count: 0 }))
    expect(received).toEqual([])
    expect(errors).toEqual(['The App sent a malformed message: method must be a string.'])
    await transport.send({ jsonrpc: '2.0', method: 'ui/notifications/tool-input', params: {} })
    expect(posted).toEqual([{ jsonrpc: '2.0', method: 'ui/notifications/tool-input', params: {} }])
    await transport.close()
    expect(closed).toBe(true)
    expect(listeners).toHaveLength(0)
  })
})
