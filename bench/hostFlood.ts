/**
 * One client flooding the host (docs/architecture.md §9, performance budgets, "one client's requests while another floods the host":
 * ≤ 2× its latency alone; issue 12 item 8).
 *
 * The real host (`npm run host`) and two host clients over WebSocket, as two windows would be, each
 * in its own process (so B's figures are the host's, not the benchmark's own event loop).
 * Client B reads `switchboard://sessions` one request after another: first alone (the baseline),
 * then while client A keeps 200 `tools/list` requests in flight at all times. Printed: B's p50 and
 * p99 both ways and their ratio. Also the host's `tools/list`: the first answer (built from the app
 * tools' zod schemas) against the following ones (answered from the cache).
 * It prints, it does not judge: only a benchmark that cannot run exits non-zero.
 * Run: npx tsx bench/hostFlood.ts   (BENCH_ROUNDS, BENCH_FLOOD to vary)
 */
import { spawn } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { createInterface } from 'node:readline'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Client } from '@modelcontextprotocol/client'
import { z } from 'zod'
import { HostResource } from '../src/shared/hostApi'
import { startHost } from '../test/e2e/hostProcess'
import { connectHostClient, ms, ratio, root, runBench } from './support/browserBench'
import { measureLatency } from './support/latency'

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 300)
const FLOOD = Number(process.env.BENCH_FLOOD ?? 200)
const WARMUP = 30

/** tools/list as a bare request: Client.listTools would also compile every output schema on the client's side. */
const ToolListShape = z.looseObject({ tools: z.array(z.unknown()) })
const listTools = (client: Client) => client.request({ method: 'tools/list', params: {} }, ToolListShape)
const readSessions = (client: Client) => client.readResource({ uri: HostResource.sessions })


/** Client A in its own process, keeping `inFlight` tools/list requests open; `stop` resolves with how many were answered. */
async function startFlood(url: string, inFlight: number): Promise<{ stop: () => Promise<number> }> {
  const child = spawn(process.execPath, ['--import', 'tsx', join(root, 'bench/support/floodClient.ts'), url, String(inFlight)], { stdio: ['pipe', 'pipe', 'inherit'] })
  const lines = createInterface({ input: child.stdout! })
  const next = () => new Promise<string>((resolve, reject) => {
    lines.once('line', resolve)
    child.once('exit', (code) => reject(new Error(`the flooding client exited (${code})`)))
  })
  if ((await next()) !== 'flooding') throw new Error('the flooding client did not start')
  return {
    async stop() {
      const answered = next()
      child.stdin!.end()
      return Number(await answered)
    },
  }
}

await runBench('hostFlood', async (cleanup) => {
  const dataDir = await mkdtemp(join(tmpdir(), 'switchboard-bench-flood-'))
  cleanup.add('remove the data folder', () => rm(dataDir, { recursive: true, force: true }))
  const host = await startHost(root, dataDir)
  cleanup.add('stop the host', () => host.stop())
  const other = await connectHostClient(host, 'bench-other')
  cleanup.add('close the client', () => other.close())

  const { p50: first } = await measureLatency(() => listTools(other), 1)
  const cached = await measureLatency(() => listTools(other), 100)

  const alone = await measureLatency(() => readSessions(other), ROUNDS, WARMUP)
  const flooding = await startFlood(`${host.info.mcp}?token=${host.info.token}`, FLOOD)
  cleanup.add('stop the flooding client', () => flooding.stop().catch(() => 0))
  const during = await measureLatency(() => readSessions(other), ROUNDS, WARMUP)
  const floodAnswers = await flooding.stop()

  console.log(`host tools/list: first ${ms(first)} (built), then p50 ${ms(cached.p50)} (cached), ratio ${ratio(first / cached.p50)}`)
  console.log(`client B reads switchboard://sessions, ${ROUNDS} rounds, p50 (p99)`)
  console.log(`   alone                        ${ms(alone.p50)} (${ms(alone.p99)})`)
  console.log(`   while A keeps ${FLOOD} tools/list open  ${ms(during.p50)} (${ms(during.p99)})   [A answered ${floodAnswers}]`)
  console.log(`   ratio p50 ${ratio(during.p50 / alone.p50)}, p99 ${ratio(during.p99 / alone.p99)} (budget ≤ 2)`)
})
