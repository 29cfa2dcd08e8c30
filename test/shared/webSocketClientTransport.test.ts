/** The hand-written WebSocket client transport (SDK v2 has none): subprotocol, frame checks, refused connections. */
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { WebSocketServer, type WebSocket } from 'ws'
import { WebSocketClientTransport } from '../../src/shared/webSocketClientTransport'

let http: Server | undefined
let wss: WebSocketServer | undefined
afterEach(async () => {
  for (const client of wss?.clients ?? []) client.terminate()
  wss?.close()
  await new Promise<void>((resolve) => (http ? http.close(() => resolve()) : resolve()))
  http = wss = undefined
})

/** A WebSocket server that hands each connection (and the subprotocol it asked for) to `onSocket`. */
async function server(onSocket: (socket: WebSocket, protocol: string) => void): Promise<URL> {
  http = createServer()
  wss = new WebSocketServer({ server: http })
  wss.on('connection', (socket) => onSocket(socket, socket.protocol))
  await new Promise<void>((resolve) => http!.listen(0, '127.0.0.1', () => resolve()))
  return new URL(`ws://127.0.0.1:${(http.address() as AddressInfo).port}/mcp`)
}

describe('WebSocketClientTransport', () => {
  it('asks for the mcp subprotocol, delivers valid frames, reports bad ones and carries on', async () => {
    let protocol = ''
    const url = await server((socket, asked) => {
      protocol = asked
      socket.on('message', (data) => {
        socket.send('not json')
        socket.send(JSON.stringify({ jsonrpc: '1.0', id: 1, result: {} }))
        socket.send(data.toString())
      })
    })
    const transport = new WebSocketClientTransport(url)
    const errors: string[] = []
    const messages: unknown[] = []
    transport.onerror = (error) => errors.push(error.message)
    const echoed = new Promise<void>((resolve) => {
      transport.onmessage = (message) => {
        messages.push(message)
        resolve()
      }
    })
    await transport.start()
    await transport.send({ jsonrpc: '2.0', method: 'notifications/ping', params: {} })
    await echoed
    expect(protocol).toBe('mcp')
    expect(messages).toEqual([{ jsonrpc: '2.0', method: 'notifications/ping', params: {} }])
    expect(errors).toEqual([expect.stringMatching(/^Dropped frame: malformed JSON/), expect.stringMatching(/^Dropped frame: not a JSON-RPC message/)])
    const closed = new Promise<void>((resolve) => (transport.onclose = resolve))
    await transport.close()
    await closed
    await expect(transport.send({ jsonrpc: '2.0', method: 'x' })).rejects.toThrow(/not open/)
  })

  it('rejects start when the server refuses the connection, without the token in the message', async () => {
    http = createServer()
    http.on('upgrade', (_request, socket) => socket.end('HTTP/1.1 401 Unauthorized\r\nContent-Length: 0\r\n\r\n'))
    await new Promise<void>((resolve) => http!.listen(0, '127.0.0.1', () => resolve()))
    const url = new URL(`ws://127.0.0.1:${(http.address() as AddressInfo).port}/mcp?token=very-secret`)
    const transport = new WebSocketClientTransport(url)
    transport.onerror = () => {}
    const started = transport.start()
    await expect(started).rejects.toThrow(/127\.0\.0\.1:\d+\/mcp/)
    await started.catch((error: Error) => expect(error.message).not.toContain('very-secret'))
  })

  it('uses a socket opened before it (the page opens its first one at page start), open or still opening, and never a second one', async () => {
    let connections = 0
    const url = await server((socket) => {
      connections += 1
      socket.on('message', (data) => socket.send(data.toString()))
    })
    for (const wait of [false, true]) {
      const early = new globalThis.WebSocket(url, 'mcp')
      if (wait) await new Promise((resolve) => early.addEventListener('open', resolve, { once: true }))
      const transport = new WebSocketClientTransport(url, undefined, early)
      const echoed = new Promise((resolve) => (transport.onmessage = resolve))
      await transport.start()
      await transport.send({ jsonrpc: '2.0', method: 'notifications/ping', params: {} })
      expect(await echoed).toEqual({ jsonrpc: '2.0', method: 'notifications/ping', params: {} })
      await transport.close()
    }
    expect(connections).toBe(2)
  })

  it('rejects start when the socket it was given has closed already', async () => {
    const url = await server(() => {})
    const early = new globalThis.WebSocket(url, 'mcp')
    await new Promise((resolve) => early.addEventListener('open', resolve, { once: true }))
    early.close()
    await new Promise((resolve) => early.addEventListener('close', resolve, { once: true }))
    await expect(new WebSocketClientTransport(url, undefined, early).start()).rejects.toThrow(/closed before it opened/)
  })
})
