/**
 * Start and idle (issue 20 items 2 and 3), each against a baseline measured in the same run:
 * - host ready: spawn of the real host entry on a fresh data folder until it prints its ready line,
 *   vs. the stack's floor (below; interleaved, medians). Budget ≤ 1.5× the floor. `node -e 0` is
 *   printed beside it for scale, with no budget: loading the MCP SDK alone is over 2× of it.
 * - window usable: spawn until the chat with its session list is drawn in headless Chromium (opened
 *   the moment the host is ready, on one origin with warm browser caches, as the app's window), vs.
 *   host ready in the same start. Budget ≤ 1.5×.
 * - idle memory: the host's resident memory with the built-in extensions (budget ≤ 70 MB, and ≤ 1.3×
 *   the stack's floor at idle), and with 20 idle stdio extensions connected (their processes not
 *   counted) vs. that (budget ≤ 1.3×).
 * - idle wake-ups: event-loop callbacks (timers, immediates, I/O) while idle with 20 extensions,
 *   over BENCH_IDLE_MS (default 10 s; the figure is 60 s: BENCH_IDLE_MS=60000). Budget: 0 timers.
 * - the stack's floor, beside the first and the third: a bundled Node process that only loads the MCP
 *   SDK's server and zod, makes one McpServer and listens (support/stackFloor.ts), started and idled
 *   the same way. What it costs, no host on this stack can go below.
 * Run: npm run bench (or npx tsx bench/startup.ts)
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { ExtensionConfigSchema } from '../src/main/extensions/config/extensionConfig'
import { launchFingerprint } from '../src/main/services/extensions/launchReview'
import { DEFAULT_EXTENSION_IDS } from '../src/main/services/extensions/defaultExtensions'
import { freePort } from '../test/helpers/freePort'
import { median, ms, openApp, openBenchPage, ratio, runBench, sleep, type Cleanup } from './support/browserBench'
import { bareNodeCpuMs, bareNodeMs, cpuMs, residentMb, spawnUntilFirstLine, startHostEntry, type StartedHost } from './support/hostStart'
import { buildStackFloor } from './support/stackFloor'

const STARTS = Number(process.env.BENCH_STARTS ?? 7)
const WINDOW_STARTS = Number(process.env.BENCH_WINDOW_STARTS ?? 3)
const WINDOW_WARM_STARTS = 2
const IDLE_MS = Number(process.env.BENCH_IDLE_MS ?? 10_000)
const EXTENSIONS = 20
/** After the extensions are connected: time for start-up work (first writes, caches) to finish. */
const SETTLE_MS = 3_000
const fixtureServer = fileURLToPath(new URL('../test/fixtures/servers/fixtureServer.mjs', import.meta.url))
const probe = new URL('./support/wakeProbe.mjs', import.meta.url).href
const verdict = (within: boolean) => (within ? 'within' : 'OVER')

async function freshDir(cleanup: Cleanup): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'switchboard-bench-start-'))
  cleanup.add(`remove ${dir}`, () => rm(dir, { recursive: true, force: true }))
  return dir
}

async function started(cleanup: Cleanup, dir: string, flags: string[] = [], hostArgs: string[] = []): Promise<StartedHost> {
  const host = await startHostEntry(dir, flags, {}, hostArgs)
  cleanup.add('stop the host', () => host.stop())
  return host
}

const connected = (name: string) => (line: string) => line.includes(`[extensions] ${name} is ready`)

/** The stack's floor process, bundled once per run (removed by `cleanup`). */
async function floorEntry(cleanup: Cleanup): Promise<string> {
  const floor = await buildStackFloor()
  cleanup.add('remove the floor bundle', floor.remove)
  return floor.entry
}

async function startedFloor(cleanup: Cleanup, entry: string) {
  const floor = await spawnUntilFirstLine([entry])
  cleanup.add('stop the floor process', () => floor.stop())
  return floor
}

async function hostReady(cleanup: Cleanup, floorEntry: string) {
  // One start first, so both sides run with warm file caches (and the host with its compile cache).
  await bareNodeMs()
  const warm = await started(cleanup, await freshDir(cleanup))
  await warm.stop()
  await (await startedFloor(cleanup, floorEntry)).stop()
  const bare: number[] = []
  const bareCpu: number[] = []
  const host: number[] = []
  const hostCpu: number[] = []
  const floor: number[] = []
  const floorCpu: number[] = []
  for (let i = 0; i < STARTS; i++) {
    bare.push(await bareNodeMs())
    bareCpu.push(await bareNodeCpuMs())
    const one = await started(cleanup, await freshDir(cleanup))
    host.push(one.readyMs)
    hostCpu.push(one.readyCpuMs)
    await one.stop()
    const least = await startedFloor(cleanup, floorEntry)
    floor.push(least.readyMs)
    floorCpu.push(cpuMs(least.pid))
    await least.stop()
  }
  const value = median(host) / median(floor)
  console.log(`host ready on a fresh data folder vs the stack's floor (${STARTS} starts each, medians; compile cache warm, as on every start after the first)`)
  console.log(`  the stack's floor (Node + the MCP SDK's server + zod, one McpServer listening) ${ms(median(floor))}  (CPU ${ms(median(floorCpu))})`)
  console.log(`  host ready  ${ms(median(host))}  (CPU ${ms(median(hostCpu))})`)
  console.log(`  ratio ${ratio(value)}  CPU time ratio ${ratio(median(hostCpu) / median(floorCpu))}  (budget ≤ 1.50 × the floor: ${verdict(value <= 1.5)})`)
  // For scale only: no host on Node + the MCP SDK can meet a budget against a process that loads nothing.
  console.log(`  for scale: node -e 0 ${ms(median(bare))} (CPU ${ms(median(bareCpu))}); the floor ${ratio(median(floor) / median(bare))} ×, host ready ${ratio(median(host) / median(bare))} × node -e 0`)
}

async function windowUsable(cleanup: Cleanup) {
  const { page } = await openBenchPage(cleanup)
  // One origin for every start, as the app's window has (app://switchboard): the browser keeps the
  // hashed assets and, from their second load on, their compiled code (the warm starts below), as
  // the host keeps its compile cache. Chromium makes a script's code cache on its second load.
  const port = String(await freePort())
  const ready: number[] = []
  const usable: number[] = []
  for (let i = 0; i < WINDOW_WARM_STARTS + WINDOW_STARTS; i++) {
    const dir = await freshDir(cleanup)
    const began = performance.now()
    const host = await started(cleanup, dir, [], ['--port', port])
    await openApp(page, host.info)
    if (i >= WINDOW_WARM_STARTS) {
      usable.push(performance.now() - began)
      ready.push(host.readyMs)
    }
    await page.goto('about:blank')
    await host.stop()
  }
  const value = median(usable) / median(ready)
  console.log(`window usable (chat with its session list drawn) vs host ready, from spawn (${WINDOW_STARTS} starts after ${WINDOW_WARM_STARTS} warm ones, one origin, medians)`)
  console.log(`  host ready     ${ms(median(ready))}`)
  console.log(`  window usable  ${ms(median(usable))}`)
  console.log(`  ratio ${ratio(value)}  (budget ≤ 1.50: ${verdict(value <= 1.5)})`)
}

/** A data folder whose extensions.json holds the defaults and `count` approved stdio extensions. */
async function withStdioExtensions(cleanup: Cleanup, count: number): Promise<{ dir: string; ids: string[] }> {
  const dir = await freshDir(cleanup)
  const ids = Array.from({ length: count }, (_, i) => `idle-${i + 1}`)
  const extensions = [
    ExtensionConfigSchema.parse({ id: 'system', name: 'System', type: 'builtin', builtin: 'system', trust: 'trusted' }),
    ExtensionConfigSchema.parse({ id: 'frontend', name: 'App window', type: 'frontend', trust: 'trusted' }),
  ]
  const approvedLaunches: Record<string, string> = {}
  for (const id of ids) {
    const config = ExtensionConfigSchema.parse({ id, name: id, type: 'stdio', command: process.execPath, args: [fixtureServer] })
    extensions.push(config)
    approvedLaunches[id] = launchFingerprint(config) ?? ''
  }
  const file = { version: 1, extensions, approvedLaunches, samplingPolicies: {}, defaultsOffered: [...DEFAULT_EXTENSION_IDS] }
  await writeFile(join(dir, 'extensions.json'), JSON.stringify(file))
  return { dir, ids }
}

async function idleHost(cleanup: Cleanup, dir: string, ids: string[], flags: string[] = []): Promise<StartedHost> {
  const host = await started(cleanup, dir, flags)
  for (const id of ['system', ...ids]) await host.waitForLog(connected(id), 60_000)
  await sleep(SETTLE_MS)
  return host
}

async function idleMemory(cleanup: Cleanup, floorEntry: string) {
  if (process.platform !== 'linux') return console.log('idle memory: skipped (reads /proc, Linux only)')
  const builtins = await idleHost(cleanup, await freshDir(cleanup), [])
  const alone = residentMb(builtins.pid)
  await builtins.stop()
  const { dir, ids } = await withStdioExtensions(cleanup, EXTENSIONS)
  const loaded = await idleHost(cleanup, dir, ids)
  const withExtensions = residentMb(loaded.pid)
  await loaded.stop()
  const least = await startedFloor(cleanup, floorEntry)
  await sleep(SETTLE_MS)
  const floor = residentMb(least.pid)
  await least.stop()
  const value = withExtensions / alone
  console.log(`host resident memory at idle (the host process only)`)
  console.log(`  built-in extensions         ${alone.toFixed(1)} MB  (budget ≤ 70 MB: ${verdict(alone <= 70)})`)
  console.log(`  + ${EXTENSIONS} idle stdio extensions  ${withExtensions.toFixed(1)} MB`)
  console.log(`  ratio ${ratio(value)}  (budget ≤ 1.30: ${verdict(value <= 1.3)})`)
  console.log(`  the stack's floor at idle (Node + the MCP SDK's server + zod, one McpServer listening) ${floor.toFixed(1)} MB; the host with its built-ins ${ratio(alone / floor)} × the floor  (budget ≤ 1.30 × the floor: ${verdict(alone / floor <= 1.3)})`)
}

async function idleWakeUps(cleanup: Cleanup) {
  const { dir, ids } = await withStdioExtensions(cleanup, EXTENSIONS)
  const host = await idleHost(cleanup, dir, ids, ['--import', probe])
  process.kill(host.pid, 'SIGUSR2')
  await sleep(IDLE_MS)
  process.kill(host.pid, 'SIGUSR2')
  const line = await new Promise<string>((resolve, reject) => {
    const found = () => host.stderr.find((entry) => entry.startsWith('wake-probe '))
    void host.waitForLog((entry) => entry.startsWith('wake-probe '), 5_000).then(() => resolve(found()!), reject)
  })
  await host.stop()
  const counts = JSON.parse(line.slice('wake-probe '.length)) as Record<string, number>
  const timers = (counts.Timeout ?? 0) + (counts.Immediate ?? 0)
  const all = Object.values(counts).reduce((sum, n) => sum + n, 0)
  console.log(`host wake-ups while idle with ${EXTENSIONS} stdio extensions, over ${(IDLE_MS / 1000).toFixed(0)} s`)
  console.log(`  timers and immediates ${timers}, all callbacks ${all} ${JSON.stringify(counts)}  (budget 0 timers: ${verdict(timers === 0)})`)
}

await runBench('startup', async (cleanup) => {
  // BENCH_ONLY=start or =idle runs one half (while working on it).
  const floor = await floorEntry(cleanup)
  if (process.env.BENCH_ONLY !== 'idle') {
    await hostReady(cleanup, floor)
    await windowUsable(cleanup)
  }
  if (process.env.BENCH_ONLY !== 'start') {
    await idleMemory(cleanup, floor)
    await idleWakeUps(cleanup)
  }
})
