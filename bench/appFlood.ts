/**
 * What an App can make the window do (issue 44): the window's longest stall — the longest gap
 * between two of its timer ticks (a chain of setTimeout 0) — while one App floods it, against the
 * same measurement while nothing happens. Floods, each from the App's own document:
 * - one 50 MB ui/message (the sandbox proxy drops it: over the size limit),
 * - 10,000 small ui/update-model-context requests at once (the proxy lets a burst through, then
 *   its steady rate, and answers the rest with an error),
 * and, for what no proxy can stop, the same two posted straight to the window (`window.top`),
 * which the window's listeners ignore without reading them.
 * The App is test/fixtures/servers/hostileAppServer.mjs (its WebRTC attempts at load go nowhere),
 * shown from a saved tool call. It prints, it does not judge: only a benchmark that cannot run exits non-zero.
 * Run: npx tsx bench/appFlood.ts   (BENCH_BURST to vary the burst's size)
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Frame, Page } from 'playwright-core'
import { openSessionIndex, openSessionStore } from '../src/main/agent'
import { setLogSink } from '../src/main/log/log'
import { HostResource } from '../src/shared/hostApi'
import { startHost } from '../test/e2e/hostProcess'
import { callHost, connectHostClient, count, ms, openApp, openBenchPage, ratio, root, runBench, sleep } from './support/browserBench'

const TITLE = 'Benchmark: App flood'
const TOOL = 'hostile__show'
const serverPath = join(root, 'test/fixtures/servers/hostileAppServer.mjs')
const BURST = Number(process.env.BENCH_BURST ?? 10_000)
const BIG = 50 * 1024 * 1024
/** How long the window is watched with nothing happening. */
const QUIET_MS = 3000

setLogSink(() => {}, 'error')

/** Starts watching the window's timers: every gap between two ticks of a setTimeout(0) chain. */
const START_PROBE = `(() => {
  const probe = { running: true, longest: 0, ticks: 0 }
  window.__probe = probe
  let last = performance.now()
  const tick = () => {
    const now = performance.now()
    probe.longest = Math.max(probe.longest, now - last)
    probe.ticks++
    last = now
    if (probe.running) setTimeout(tick, 0)
  }
  setTimeout(tick, 0)
})()`
const STOP_PROBE = `(() => { window.__probe.running = false; return { longest: window.__probe.longest, ticks: window.__probe.ticks } })()`

/** In the App: sends `how many` requests made by `make(i)` to `target` and resolves with how they were answered (nothing answers what the window ignores). */
const flood = (target: 'proxy' | 'window', howMany: number, make: string, waitMs: number) => `(async () => {
  const target = ${target === 'proxy' ? 'window.parent' : 'window.top'}
  const prefix = 'flood-' + Math.random() + '-'
  const counts = { answered: 0, refused: 0 }
  let pending = ${howMany}
  const done = new Promise((resolve) => {
    window.addEventListener('message', (event) => {
      const data = event.data
      if (!data || typeof data.id !== 'string' || !data.id.startsWith(prefix) || data.method) return
      if (data.error) counts.refused++
      else counts.answered++
      if (--pending === 0) resolve()
    })
  })
  const make = ${make}
  for (let i = 0; i < ${howMany}; i++) target.postMessage({ jsonrpc: '2.0', id: prefix + i, ...make(i) }, '*')
  await Promise.race([done, new Promise((resolve) => setTimeout(resolve, ${waitMs}))])
  return counts
})()`

const bigMessage = `() => ({ method: 'ui/message', params: { role: 'user', content: [{ type: 'text', text: 'x'.repeat(${BIG}) }] } })`
const smallContext = `(i) => ({ method: 'ui/update-model-context', params: { content: [{ type: 'text', text: 'context ' + i }] } })`

interface Stall {
  label: string
  longest: number
  ticks: number
  counts?: { answered: number; refused: number }
}

async function measure(page: Page, label: string, during: () => Promise<Stall['counts'] | undefined>): Promise<Stall> {
  await page.evaluate(START_PROBE)
  const counts = await during()
  // What the window still had queued runs out before the probe stops.
  await sleep(500)
  const { longest, ticks } = await page.evaluate<{ longest: number; ticks: number }>(STOP_PROBE)
  return { label, longest, ticks, ...(counts ? { counts } : {}) }
}

async function appFrame(page: Page): Promise<Frame> {
  for (let waited = 0; waited < 30_000; waited += 100) {
    const frame = page.frames().find((candidate) => candidate.url() === 'about:srcdoc' && candidate.parentFrame()?.url().includes('/app/'))
    if (frame && (await frame.evaluate('window.ready === true').catch(() => false))) return frame
    await sleep(100)
  }
  throw new Error('the App did not start in its card')
}

await runBench('appFlood', async (cleanup) => {
  const dataDir = await mkdtemp(join(tmpdir(), 'switchboard-bench-app-flood-'))
  cleanup.add('remove the data dir', () => rm(dataDir, { recursive: true, force: true }))
  const index = await openSessionIndex(dataDir)
  const store = await openSessionStore({ dataDir, index })
  const sessionId = (await index.create(TITLE)).id
  await store.append(sessionId, { kind: 'user', turnId: 't1', text: 'Show me the App.' })
  await store.append(sessionId, { kind: 'assistant', turnId: 't1', step: 1, text: 'Showing it.', toolCalls: [{ callId: 'c1', name: TOOL, arguments: {} }], end: 'complete' })
  await store.append(sessionId, { kind: 'tool-result', turnId: 't1', callId: 'c1', name: TOOL, status: 'ok', content: [{ type: 'text', text: 'shown' }] })
  await store.append(sessionId, { kind: 'assistant', turnId: 't1', step: 2, text: 'There it is.', toolCalls: [], end: 'complete' })
  await store.close()

  const host = await startHost(root, dataDir)
  cleanup.add('stop the host', () => host.stop())
  const client = await connectHostClient(host, 'bench-app-flood')
  cleanup.add('close the host client', () => client.close())
  // Its WebRTC attempts at load aim at the discard port; the guard stops them anyway.
  await callHost(client, 'extension_add', { config: { id: 'hostile', name: 'Hostile', type: 'stdio', command: process.execPath, args: [serverPath], env: { CANARY_PORT: '9' } } })
  const read = async (uri: string) => JSON.parse(((await client.readResource({ uri })).contents[0] as { text: string }).text)
  const consent = (await read(HostResource.elicitations)).elicitations[0]
  await callHost(client, 'elicitation_respond', { id: consent.id, action: 'accept', content: { decision: 'allow_always' } })
  for (let waited = 0; !(await read(HostResource.apps)).tools.some((tool: { name: string; available: boolean }) => tool.name === TOOL && tool.available); waited += 100) {
    if (waited > 30_000) throw new Error('the App server did not come up')
    await sleep(100)
  }

  const { page, pageErrors } = await openBenchPage(cleanup)
  await openApp(page, host.info)
  await page.getByRole('navigation', { name: 'Sessions' }).getByRole('button', { name: TITLE, exact: true }).click()
  const frame = await appFrame(page)
  await sleep(1000)

  const stalls: Stall[] = []
  stalls.push(await measure(page, 'quiet', async () => (await sleep(QUIET_MS), undefined)))
  stalls.push(await measure(page, 'one 50 MB ui/message, through the proxy', () => frame.evaluate(flood('proxy', 1, bigMessage, 30_000))))
  stalls.push(await measure(page, `${count(BURST)} requests at once, through the proxy`, () => frame.evaluate(flood('proxy', BURST, smallContext, 60_000))))
  stalls.push(await measure(page, 'one 50 MB message, straight to the window', () => frame.evaluate(flood('window', 1, bigMessage, 3000))))
  stalls.push(await measure(page, `${count(BURST)} messages at once, straight to the window`, () => frame.evaluate(flood('window', BURST, smallContext, 3000))))
  if (pageErrors.length > 0) throw new Error(`the page reported errors: ${pageErrors.join('; ')}`)

  const quiet = stalls[0]!
  console.log("The window's longest stall (longest gap between two ticks of a setTimeout(0) chain) while one App floods it, in headless Chromium")
  for (const stall of stalls) {
    const counts = stall.counts ? `   answered ${count(stall.counts.answered)}, refused ${count(stall.counts.refused)}` : ''
    console.log(`   ${stall.label.padEnd(48)} ${ms(stall.longest).padStart(10)}   ratio to quiet ${ratio(stall.longest / quiet.longest).padStart(6)}   ${count(stall.ticks)} ticks${counts}`)
  }
})
