/**
 * 1 KB frame round trips: our MessagePort transport vs. a raw MessageChannel echo, and our WebSocket
 * transport vs. a raw `ws` echo, measured in the same run. Budget (quality.md §C): ratio ≤ 2.
 * Run: npm run bench
 */
import { MessageChannel } from 'node:worker_threads'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { WebSocket, WebSocketServer } from 'ws'
import type { JSONRPCMessage } from '@modelcontextprotocol/client'
import { WebSocketClientTransport } from '../src/shared/webSocketClientTransport'
import { PortTransport, domPort, emitterPort, type DomPortLike } from '../src/shared/portTransport'
import { WebSocketServerTransport } from '../src/main/host/webSocketTransport'
import { fakeElectronPort } from '../test/helpers/testHost'

const WARMUP = 500
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5000)
const payload = 'x'.repeat(1024 - 60)
const message: JSONRPCMessage = { jsonrpc: '2.0', method: 'notifications/bench', params: { payload } }
const rawFrame = JSON.stringify(message)

type RoundTrip = () => Promise<void>

async function measure(roundTrip: RoundTrip): Promise<{ p50: number; p99: number }> {
  for (let i = 0; i < WARMUP; i++) await roundTrip()
  const samples = new Float64Array(ROUNDS)
  for (let i = 0; i < ROUNDS; i++) {
    const start = performance.now()
    await roundTrip()
    samples[i] = performance.now() - start
  }
  samples.sort()
  return { p50: samples[Math.floor(ROUNDS * 0.5)] ?? 0, p99: samples[Math.floor(ROUNDS * 0.99)] ?? 0 }
}

/** Turns "send, then wait for the echo" into a round-trip function. */
function echoRoundTrip(send: () => void | Promise<void>, onReply: (listener: () => void) => void): RoundTrip {
  let pending: (() => void) | undefined
  onReply(() => pending?.())
  return () =>
    new Promise<void>((resolve) => {
      pending = resolve
      void send()
    })
}

/** A raw MessageChannel echo of one frame: as the object our transport posts, or as its JSON text. */
function rawChannel(frame: unknown) {
  return async () => {
    const { port1, port2 } = new MessageChannel()
    port2.on('message', (data) => port2.postMessage(data))
    const trip = echoRoundTrip(() => port1.postMessage(frame), (listener) => port1.on('message', listener))
    return { trip, close: () => port1.close() }
  }
}

async function portTransport() {
  const { port1, port2 } = new MessageChannel()
  const main = new PortTransport(emitterPort(fakeElectronPort(port1)))
  const page = new PortTransport(domPort(port2 as unknown as DomPortLike))
  main.onmessage = (received) => void main.send(received)
  await main.start()
  await page.start()
  const trip = echoRoundTrip(() => page.send(message), (listener) => (page.onmessage = listener))
  return { trip, close: () => page.close() }
}

async function wsServer(onSocket: (socket: WebSocket) => void) {
  const http = createServer()
  const wss = new WebSocketServer({ server: http, handleProtocols: () => 'mcp' })
  wss.on('connection', onSocket)
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve))
  const url = `ws://127.0.0.1:${(http.address() as AddressInfo).port}/`
  const close = async () => {
    for (const client of wss.clients) client.terminate()
    wss.close()
    await new Promise((resolve) => http.close(resolve))
  }
  return { url, close }
}

async function rawWebSocket() {
  const server = await wsServer((socket) => socket.on('message', (data) => socket.send(data, { binary: false })))
  const client = new WebSocket(server.url, 'mcp')
  await new Promise((resolve) => client.on('open', resolve))
  const trip = echoRoundTrip(() => client.send(rawFrame), (listener) => client.on('message', listener))
  return { trip, close: async () => (client.close(), server.close()) }
}

async function webSocketTransport() {
  const server = await wsServer((socket) => {
    const transport = new WebSocketServerTransport(socket)
    transport.onmessage = (received) => void transport.send(received)
    void transport.start()
  })
  const client = new WebSocketClientTransport(new URL(server.url))
  await client.start()
  const trip = echoRoundTrip(() => client.send(message), (listener) => (client.onmessage = listener))
  return { trip, close: async () => (await client.close(), server.close()) }
}

async function compare(name: string, baseline: () => Promise<{ trip: RoundTrip; close: () => unknown }>, ours: () => Promise<{ trip: RoundTrip; close: () => unknown }>) {
  const base = await baseline()
  const a = await measure(base.trip)
  await base.close()
  const mine = await ours()
  const b = await measure(mine.trip)
  await mine.close()
  const fmt = (ms: number) => `${(ms * 1000).toFixed(1)} µs`
  console.log(`${name}`)
  console.log(`  baseline  p50 ${fmt(a.p50)}  p99 ${fmt(a.p99)}`)
  console.log(`  ours      p50 ${fmt(b.p50)}  p99 ${fmt(b.p99)}`)
  const ratio = b.p50 / a.p50
  console.log(`  ratio p50 ${ratio.toFixed(2)}  p99 ${(b.p99 / a.p99).toFixed(2)}  (budget ≤ 2.00: ${ratio <= 2 ? 'within' : 'OVER'})`)
}

console.log(`1 KB frame round trip, ${ROUNDS} rounds after ${WARMUP} warm-up`)
// Our port frames are structured-clone objects; cloning an object costs more than a string, so both
// baselines are shown: the same frame object (what the transport adds) and its JSON text (the floor).
await compare('MessagePort transport vs raw MessageChannel echo of the same frame object', rawChannel(message), portTransport)
await compare('MessagePort transport vs raw MessageChannel echo of the frame as JSON text', rawChannel(rawFrame), portTransport)
await compare('WebSocket transport vs raw ws echo', rawWebSocket, webSocketTransport)
