/**
 * 1 KB frame round trips: our MessagePort transport vs. a raw MessageChannel echo, and our WebSocket
 * transport vs. a raw `ws` echo server answering the same platform WebSocket client our transport
 * uses (and, for reference, the `ws` client), measured in the same run. Budget (issue 20): ratio ≤ 1.5.
 * Fair comparison: the same message on both sides, and a baseline that sends text parses and
 * re-serializes it at each end as any real JSON-RPC peer must (JSON.stringify to send, JSON.parse
 * on receipt). Baseline and ours alternate in blocks, so a busy machine slows both alike.
 * Run: npm run bench
 */
import { MessageChannel } from 'node:worker_threads'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { WebSocket, WebSocketServer } from 'ws'
import type { JSONRPCMessage } from '@modelcontextprotocol/client'
import { WebSocketClientTransport } from '../src/shared/webSocketClientTransport'
import { PortTransport, domPort, emitterPort, type DomPortLike } from '../src/shared/portTransport'
import { WebSocketServerTransport } from '../src/main/host/web/webSocketTransport'
import { fakeElectronPort } from '../test/helpers/testHost'

const WARMUP = 500
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5000)
const payload = 'x'.repeat(1024 - 60)
const message: JSONRPCMessage = { jsonrpc: '2.0', method: 'notifications/bench', params: { payload } }

type RoundTrip = () => Promise<void>

const BLOCKS = 10

/** p50 and p99 of `ROUNDS` round trips each, baseline and ours alternating in blocks after a warm-up. */
async function measurePair(a: RoundTrip, b: RoundTrip): Promise<[{ p50: number; p99: number }, { p50: number; p99: number }]> {
  for (let i = 0; i < WARMUP; i++) {
    await a()
    await b()
  }
  const perBlock = Math.ceil(ROUNDS / BLOCKS)
  const samples = [new Float64Array(perBlock * BLOCKS), new Float64Array(perBlock * BLOCKS)] as const
  for (let block = 0; block < BLOCKS; block++) {
    for (const [side, trip] of [a, b].entries()) {
      for (let i = 0; i < perBlock; i++) {
        const start = performance.now()
        await trip()
        samples[side]![block * perBlock + i] = performance.now() - start
      }
    }
  }
  return samples.map((values) => {
    values.sort()
    return { p50: values[Math.floor(values.length * 0.5)] ?? 0, p99: values[Math.floor(values.length * 0.99)] ?? 0 }
  }) as [{ p50: number; p99: number }, { p50: number; p99: number }]
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

/** A raw MessageChannel echo of the frame object (structured clone, what our transport posts). */
function rawChannel() {
  return async () => {
    const { port1, port2 } = new MessageChannel()
    port2.on('message', (data) => port2.postMessage(data))
    const trip = echoRoundTrip(() => port1.postMessage(message), (listener) => port1.on('message', listener))
    return { trip, close: () => port1.close() }
  }
}

/** A raw MessageChannel echo of the frame as JSON text, serialized and parsed at each end. */
function rawChannelText() {
  return async () => {
    const { port1, port2 } = new MessageChannel()
    port2.on('message', (data: string) => port2.postMessage(JSON.stringify(JSON.parse(data))))
    const trip = echoRoundTrip(
      () => port1.postMessage(JSON.stringify(message)),
      (listener) => port1.on('message', (data: string) => (JSON.parse(data), listener())),
    )
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

/** A raw `ws` server that echoes each text frame, parsed and re-serialized, as both of our transports do. */
const rawEchoServer = () => wsServer((socket) => socket.on('message', (data) => socket.send(JSON.stringify(JSON.parse(data.toString())), { binary: false })))

async function rawWebSocket() {
  const server = await rawEchoServer()
  const client = new WebSocket(server.url, 'mcp')
  await new Promise((resolve) => client.on('open', resolve))
  const trip = echoRoundTrip(
    () => client.send(JSON.stringify(message)),
    (listener) => client.on('message', (data) => (JSON.parse(data.toString()), listener())),
  )
  return { trip, close: async () => (client.close(), server.close()) }
}

/**
 * The same raw echo with the client our transport runs on: the platform's WebSocket (the browser's in
 * the window, Node's global one here), not `ws`. Ours minus our two transports, so the ratio is what
 * they add; the `ws` client baseline above also counts the difference between two client libraries.
 */
async function rawPlatformWebSocket() {
  const server = await rawEchoServer()
  const client = new globalThis.WebSocket(server.url, 'mcp')
  await new Promise((resolve) => (client.onopen = resolve))
  let reply: (() => void) | undefined
  client.onmessage = (event) => (JSON.parse(String(event.data)), reply?.())
  const trip = echoRoundTrip(
    () => client.send(JSON.stringify(message)),
    (listener) => (reply = listener),
  )
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

type Side = () => Promise<{ trip: RoundTrip; close: () => unknown }>

async function compare(name: string, baseline: Side, ours: Side, budgeted = true) {
  const base = await baseline()
  const mine = await ours()
  const [a, b] = await measurePair(base.trip, mine.trip)
  await base.close()
  await mine.close()
  const fmt = (ms: number) => `${(ms * 1000).toFixed(1)} µs`
  console.log(`${name}`)
  console.log(`  baseline  p50 ${fmt(a.p50)}  p99 ${fmt(a.p99)}`)
  console.log(`  ours      p50 ${fmt(b.p50)}  p99 ${fmt(b.p99)}`)
  const ratio = b.p50 / a.p50
  const verdict = budgeted ? `  (budget ≤ 1.50: ${ratio <= 1.5 ? 'within' : 'OVER'})` : ''
  console.log(`  ratio p50 ${ratio.toFixed(2)}  p99 ${(b.p99 / a.p99).toFixed(2)}${verdict}`)
}

console.log(`1 KB frame round trip, ${ROUNDS} rounds each after ${WARMUP} warm-up, baseline and ours alternating in ${BLOCKS} blocks`)
// Our port frames are structured-clone objects: both baselines are shown, the same frame object
// (what the transport adds) and the frame as JSON text with its serialization at both ends.
await compare('MessagePort transport vs raw MessageChannel echo of the same frame object', rawChannel(), portTransport)
await compare('MessagePort transport vs raw MessageChannel echo of the frame as JSON text (stringify/parse at each end)', rawChannelText(), portTransport)
await compare('WebSocket transport vs raw ws echo, the same platform WebSocket client (stringify/parse at each end)', rawPlatformWebSocket, webSocketTransport)
await compare('WebSocket transport vs raw ws echo with the ws client (for reference: two client libraries differ too)', rawWebSocket, webSocketTransport, false)
