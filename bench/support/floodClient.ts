// A host client in its own process (as another app window would be) that keeps N `tools/list`
// requests open until stdin closes, then prints how many were answered.
// Usage: node --import tsx bench/support/floodClient.ts <ws url with ?token=…> <N>
// (Node 22 has a global WebSocket; the transport is the app's own, as SDK v2 ships none.)
import { Client } from '@modelcontextprotocol/client'
import { z } from 'zod'
import { WebSocketClientTransport } from '../../src/shared/webSocketClientTransport'

const [url = '', inFlight = '1'] = process.argv.slice(2)
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
