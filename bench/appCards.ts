/**
 * Scrolling a conversation with 20 MCP App cards vs the same conversation without Apps (issue 14:
 * 0 long tasks > 50 ms while scrolling; only the Apps on screen mounted). Both sessions are written
 * with the real sessions store: 20 calls of `get-time` each, the App session to the real
 * `@modelcontextprotocol/server-basic-react` (installed through the host API), the baseline to a
 * tool without an App. Each opens at its newest message (as sessions do), then is scrolled to the top in steps of 240 px,
 * one step per two animation frames. Measured on the page: long tasks (PerformanceObserver
 * 'longtask') from the first step to the end, the scroll's duration, and after each step how many
 * App frames exist and how many App cards intersect the view. Ratios: Apps / baseline.
 * It prints, it does not judge: only a benchmark that cannot run exits non-zero.
 * Run: npx tsx bench/appCards.ts   (BENCH_TRIALS to vary)
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { openSessionIndex, openSessionStore, type SessionStore } from '../src/main/agent'
import { setLogSink } from '../src/main/log/log'
import { HostResource } from '../src/shared/hostApi'
import { startHost, type HostInfo } from '../test/e2e/hostProcess'
import { callHost, connectHostClient, median, ms, openApp, openBenchPage, ratio, root, runBench, sleep } from './support/browserBench'

const TRIALS = Number(process.env.BENCH_TRIALS ?? 3)
const CARDS = 20
const STEP_PX = 240
const serverPath = join(root, 'node_modules/@modelcontextprotocol/server-basic-react/dist/index.js')

interface SessionSpec {
  label: string
  title: string
  tool: string
}
const withApps: SessionSpec = { label: '20 App cards', title: 'Benchmark: 20 App cards', tool: 'basic__get-time' }
const without: SessionSpec = { label: 'same, no Apps', title: 'Benchmark: no Apps', tool: 'plain__get-time' }

setLogSink(() => {}, 'error')

async function fill(store: SessionStore, sessionId: string, spec: SessionSpec): Promise<void> {
  for (let i = 0; i < CARDS; i++) {
    const turnId = `turn-${i}`
    const callId = `call-${i}`
    await store.append(sessionId, { kind: 'user', turnId, text: `What time is it now? (${i + 1})` })
    await store.append(sessionId, { kind: 'assistant', turnId, step: 1, text: 'Let me look at the clock.', toolCalls: [{ callId, name: spec.tool, arguments: {} }], end: 'complete' })
    await store.append(sessionId, { kind: 'tool-result', turnId, callId, name: spec.tool, status: 'ok', content: [{ type: 'text', text: new Date(Date.UTC(2026, 0, 1, 12, i)).toISOString() }] })
    await store.append(sessionId, { kind: 'assistant', turnId, step: 2, text: `That is the time on the server, reading ${i + 1}.`, toolCalls: [], end: 'complete' })
  }
}

/** Installed before the app loads: collects long tasks. */
const PROBE = `(() => {
  window.__longTasks = []
  new PerformanceObserver((list) => { for (const entry of list.getEntries()) window.__longTasks.push({ start: entry.startTime, duration: entry.duration, where: entry.attribution.map((a) => a.containerSrc || a.containerName || a.name).join(',') }) }).observe({ type: 'longtask', buffered: true })
  window.__loafs = []
  new PerformanceObserver((list) => { for (const entry of list.getEntries()) if (entry.duration > 50) window.__loafs.push({ start: entry.startTime, duration: entry.duration, scripts: entry.scripts.map((s) => s.invoker + ' ' + s.sourceURL.slice(-40) + ' ' + Math.round(s.duration)) }) }).observe({ type: 'long-animation-frame', buffered: true })
})()`

/** Scrolls the conversation from top to bottom; resolves with what it saw. */
const SCROLL = `(async () => {
  const scroller = document.querySelector('[role="region"][aria-label="Messages"]')
  const frame = () => new Promise((resolve) => requestAnimationFrame(() => resolve()))
  const view = () => scroller.getBoundingClientRect()
  const onScreen = (element) => { const box = element.getBoundingClientRect(), v = view(); return box.bottom > v.top && box.top < v.bottom }
  for (let i = 0; i < 10; i++) await frame()
  const started = performance.now()
  let maxFrames = 0, maxVisibleCards = 0, overMounted = 0, steps = 0
  while (scroller.scrollTop > 0 && steps < 2000) {
    // As the person's wheel: the list lets go of the bottom only for their own scrolling.
    scroller.dispatchEvent(new WheelEvent('wheel', { deltaY: -${STEP_PX}, bubbles: true }))
    scroller.scrollTop -= ${STEP_PX}
    steps++
    await frame(); await frame()
    const frames = document.querySelectorAll('iframe[title^="App of"]').length
    const visibleCards = [...document.querySelectorAll('[data-app-slot]')].filter(onScreen).length
    maxFrames = Math.max(maxFrames, frames)
    maxVisibleCards = Math.max(maxVisibleCards, visibleCards)
    if (frames > visibleCards) overMounted++
  }
  const ended = performance.now()
  const longTasks = window.__longTasks.filter((task) => task.start >= started && task.start <= ended)
  return { durationMs: ended - started, steps, longTasks: longTasks.length, longestMs: Math.max(0, ...longTasks.map((task) => task.duration)), maxFrames, maxVisibleCards, overMounted, detail: { tasks: longTasks, loafs: window.__loafs.filter((l) => l.start >= started) } }
})()`

interface ScrollSample {
  durationMs: number
  steps: number
  longTasks: number
  longestMs: number
  maxFrames: number
  maxVisibleCards: number
  overMounted: number
  detail: unknown
}

async function scrollOnce(page: Page, info: HostInfo, spec: SessionSpec): Promise<ScrollSample> {
  await openApp(page, info)
  await page.getByRole('navigation', { name: 'Sessions' }).getByRole('button', { name: spec.title, exact: true }).click()
  await page.getByText(`reading ${CARDS}.`).waitFor()
  // Let the Apps at the bottom (where a session opens) start before the clock does.
  await sleep(1500)
  return page.evaluate<ScrollSample>(SCROLL)
}

await runBench('appCards', async (cleanup) => {
  const dataDir = await mkdtemp(join(tmpdir(), 'switchboard-bench-app-cards-'))
  cleanup.add('remove the data dir', () => rm(dataDir, { recursive: true, force: true }))
  const index = await openSessionIndex(dataDir)
  const store = await openSessionStore({ dataDir, index })
  for (const spec of [withApps, without]) await fill(store, (await index.create(spec.title)).id, spec)
  await store.close()

  const host = await startHost(root, dataDir)
  cleanup.add('stop the host', () => host.stop())
  const client = await connectHostClient(host, 'bench-app-cards')
  cleanup.add('close the host client', () => client.close())
  await callHost(client, 'extension_add', { config: { id: 'basic', name: 'Basic', type: 'stdio', command: process.execPath, args: [serverPath, '--stdio'], env: {} } })
  const read = async (uri: string) => JSON.parse(((await client.readResource({ uri })).contents[0] as { text: string }).text)
  const consent = (await read(HostResource.elicitations)).elicitations[0]
  await callHost(client, 'elicitation_respond', { id: consent.id, action: 'accept', content: { decision: 'allow_always' } })
  for (let waited = 0; !(await read(HostResource.apps)).tools.some((tool: { name: string; available: boolean }) => tool.name === withApps.tool && tool.available); waited += 100) {
    if (waited > 30_000) throw new Error('the App server did not come up')
    await sleep(100)
  }

  const { page, pageErrors } = await openBenchPage(cleanup)
  await page.addInitScript(PROBE)
  const samples = new Map<SessionSpec, ScrollSample[]>([
    [withApps, []],
    [without, []],
  ])
  for (let trial = 0; trial < TRIALS; trial++) {
    for (const spec of trial % 2 === 0 ? [withApps, without] : [without, withApps]) samples.get(spec)!.push(await scrollOnce(page, host.info, spec))
  }
  if (process.env.BENCH_DETAIL === '1') console.log(JSON.stringify(samples.get(withApps)!.map((sample) => sample.detail), null, 1).slice(0, 6000))
  if (pageErrors.length > 0) throw new Error(`the page reported errors: ${pageErrors.join('; ')}`)

  type Figure = Exclude<keyof ScrollSample, 'detail'>
  const of = (spec: SessionSpec, key: Figure) => median(samples.get(spec)!.map((sample) => sample[key]))
  const worst = (spec: SessionSpec, key: Figure) => Math.max(...samples.get(spec)!.map((sample) => sample[key]))
  console.log(`Scrolling a conversation of ${CARDS} tool cards from the newest to the oldest in headless Chromium, ${STEP_PX} px per two frames, ${TRIALS} trials each (median; worst in brackets)`)
  for (const spec of [withApps, without]) {
    console.log(
      `   ${spec.label.padEnd(14)} ${ms(of(spec, 'durationMs')).padStart(10)} for ${of(spec, 'steps')} steps   long tasks > 50 ms: ${of(spec, 'longTasks')} [${worst(spec, 'longTasks')}], longest ${ms(worst(spec, 'longestMs'))}`,
    )
  }
  console.log(`      ratio Apps / no Apps: scroll duration ${ratio(of(withApps, 'durationMs') / of(without, 'durationMs'))}`)
  console.log(
    `   App frames mounted at once: at most ${worst(withApps, 'maxFrames')} of ${CARDS}; App cards on screen at once: at most ${worst(withApps, 'maxVisibleCards')}; steps with more frames than cards on screen: ${worst(withApps, 'overMounted')}`,
  )
})
