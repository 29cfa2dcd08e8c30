/**
 * Extension core benchmarks (docs/architecture.md §9, performance budgets), each against a baseline in the same run:
 * 1. a stdio echo call through the manager + dispatcher vs. a bare SDK client (budget: ratio ≤ 1.3,
 *    overhead < 1 ms p50);
 * 2. 20 stdio extensions started in parallel vs. one after another, and how long the manager takes
 *    to answer `list()` after `start()` with 20 configured vs. none;
 * 3. the catalog of 1,000 tools across 20 extensions: time to fill it, and tools/list requests on
 *    a cache hit (must be 0);
 * 4. the event loop's lag (p99) while a server floods 20,000 notifications (F12) vs. during a quiet
 *    call of the same length (budget: flood p99 < 50 ms).
 * Run: npx tsx bench/extensions.ts
 */
import { monitorEventLoopDelay } from 'node:perf_hooks'
import { fileURLToPath } from 'node:url'
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio'
import { Client } from '@modelcontextprotocol/client'
import type { ExtensionConfig } from '../src/main/extensions/config/extensionConfig'
import { setLogSink } from '../src/main/log/log'
import { benchExtensionsCore, stdioConfig } from './support/benchCore'
import { measureLatency } from './support/latency'

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2000)
const WARMUP = 200
const fixtureServer = fileURLToPath(new URL('../test/fixtures/servers/fixtureServer.mjs', import.meta.url))

setLogSink(() => {}, 'error')

const fixtureConfig = (id: string, flags: string[] = []): ExtensionConfig => stdioConfig(id, fixtureServer, flags)
const core = benchExtensionsCore

/** Polls `check`; fails loudly after 60 s instead of hanging a CI run. */
async function until(check: () => boolean): Promise<void> {
  const deadline = Date.now() + 60_000
  while (!check()) {
    if (Date.now() > deadline) throw new Error('bench: a condition never came true within 60 s')
    await new Promise((resolve) => setTimeout(resolve, 2))
  }
}

const percentiles = (run: () => Promise<unknown>) => measureLatency(run, ROUNDS, WARMUP)

const ms = (value: number) => `${value.toFixed(3)} ms`

async function benchCall(): Promise<void> {
  const bare = new Client({ name: 'bare', version: '0' })
  await bare.connect(new StdioClientTransport({ command: process.execPath, args: [fixtureServer], stderr: 'ignore' }))
  const managed = core([fixtureConfig('echo')])
  managed.start()
  await until(() => managed.cache.lookup('echo__echo') !== undefined)

  const args = { text: 'x'.repeat(100) }
  const direct = await percentiles(() => bare.callTool({ name: 'echo', arguments: args }))
  const through = await percentiles(() => managed.dispatcher.call({ name: 'echo__echo', arguments: args }))
  console.log('1. stdio echo call, p50 (p99)')
  console.log(`   bare SDK client        ${ms(direct.p50)} (${ms(direct.p99)})`)
  console.log(`   manager + dispatcher   ${ms(through.p50)} (${ms(through.p99)})`)
  console.log(`   overhead p50 ${ms(through.p50 - direct.p50)} (budget < 1 ms), ratio ${(through.p50 / direct.p50).toFixed(2)} (budget ≤ 1.3)`)
  await bare.close()
  await managed.stop()
}

async function benchStartup(): Promise<void> {
  const configs = Array.from({ length: 20 }, (_, i) => fixtureConfig(`ext-${i}`))

  const empty = core([])
  let start = performance.now()
  empty.start()
  empty.manager.list()
  const answerEmpty = performance.now() - start
  await empty.stop()

  const parallel = core(configs)
  start = performance.now()
  parallel.start()
  parallel.manager.list()
  const answer20 = performance.now() - start
  await until(() => parallel.manager.list().every((extension) => extension.status === 'ready'))
  const parallelMs = performance.now() - start
  await parallel.stop()

  const sequential = core([])
  sequential.start()
  start = performance.now()
  for (const config of configs) {
    await sequential.manager.add(config)
    await until(() => sequential.manager.get(config.id)?.status === 'ready')
  }
  const sequentialMs = performance.now() - start
  await sequential.stop()

  console.log('2. 20 stdio extensions')
  console.log(`   all ready: parallel ${ms(parallelMs)}, sequential ${ms(sequentialMs)}, ratio ${(parallelMs / sequentialMs).toFixed(2)}`)
  console.log(`   start() + list() answered: 20 configured ${ms(answer20)}, none ${ms(answerEmpty)}`)
}

async function benchCatalog(): Promise<void> {
  // 13 fixed tools + 37 generated = 50 per extension, 1,000 in all.
  const configs = Array.from({ length: 20 }, (_, i) => fixtureConfig(`cat-${i}`, ['--tools=37']))
  const catalog = core(configs)
  catalog.start()
  await until(() => catalog.manager.list().every((extension) => extension.status === 'ready'))
  const start = performance.now()
  await until(() => catalog.cache.catalog().tools.length === 1000)
  const fillMs = performance.now() - start

  const requestsBefore = catalog.cache.listRequests.tools
  const hitStart = performance.now()
  for (let i = 0; i < 1000; i++) {
    catalog.cache.catalog()
    catalog.cache.lookup(`cat-${i % 20}__generated_${i % 37}`)
  }
  const hitMs = performance.now() - hitStart
  const requestsOnHit = catalog.cache.listRequests.tools - requestsBefore

  const refreshStart = performance.now()
  const version = catalog.cache.catalog().version
  for (const config of configs) catalog.cache.refresh(config.id)
  await catalog.cache.idle()
  const refreshMs = performance.now() - refreshStart

  console.log('3. catalog of 1,000 tools across 20 extensions')
  console.log(`   filled after ready in ${ms(fillMs)}; full refresh of all 20 in ${ms(refreshMs)} (version ${version} → ${catalog.cache.catalog().version})`)
  console.log(`   cache hit: 1,000 reads + lookups in ${ms(hitMs)}, tools/list requests ${requestsOnHit} (must be 0)`)
  await catalog.stop()
  if (requestsOnHit !== 0) process.exitCode = 1
}

/** The event loop's p99 delay while `run` runs, and how long it ran. */
async function loopLag(run: () => Promise<unknown>): Promise<{ p99: number; elapsed: number }> {
  const lag = monitorEventLoopDelay({ resolution: 1 })
  const start = performance.now()
  lag.enable()
  await run()
  lag.disable()
  return { p99: lag.percentile(99) / 1e6, elapsed: performance.now() - start }
}

async function benchFloodLag(): Promise<void> {
  const flooding = core([fixtureConfig('flood')])
  flooding.start()
  await until(() => flooding.cache.lookup('flood__flood') !== undefined)
  const flood = await loopLag(() => flooding.dispatcher.call({ name: 'flood__flood', arguments: { count: 20_000 } }, { onProgress: () => {} }))
  const quiet = await loopLag(() => flooding.dispatcher.call({ name: 'flood__sleep', arguments: { ms: Math.round(flood.elapsed) } }))
  console.log('4. event-loop lag (p99) while one server floods 20,000 notifications (F12)')
  console.log(`   flood ${ms(flood.p99)} over ${ms(flood.elapsed)}; a quiet call as long ${ms(quiet.p99)}; ratio ${(flood.p99 / quiet.p99).toFixed(2)} (budget: flood p99 < 50 ms)`)
  await flooding.stop()
}

await benchCall()
await benchStartup()
await benchCatalog()
await benchFloodLag()
