// A host client in its own process (as another app window would be) that keeps N `tools/list`
// requests open until stdin closes, then prints how many were answered.
// Usage: node bench/support/floodClient.mjs <ws url with ?token=…> <N>
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { WebSocketClientTransport } from '@modelcontextprotocol/sdk/client/websocket.js'
import { WebSocket } from 'ws'
import { z } from 'zod'

globalThis.WebSocket ??= WebSocket
const [url, inFlight] = process.argv.slice(2)
const client = new Client({ name: 'bench-flooder', version: '1.0.0' })
await client.connect(new WebSocketClientTransport(new URL(url)))
const shape = z.looseObject({ tools: z.array(z.unknown()) })
let running = true
let answered = 0
const lane = async () => {
  while (running) {
    await client.request({ method: 'tools/list', params: {} }, shape)
    answered++
  }
}
const lanes = Array.from({ length: Number(inFlight) }, lane)
process.stdout.write('flooding\n')
process.stdin.resume()
process.stdin.on('end', async () => {
  running = false
  await Promise.all(lanes)
  process.stdout.write(`${answered}\n`)
  await client.close()
  process.exit(0)
})
