/**
 * Opening a 5,000-message session vs. a 50-message one (docs/architecture.md §9, performance budgets: first paint < 300 ms; DOM
 * nodes O(visible)). Both sessions are written with the real sessions store (no model) into a data
 * dir before the host starts; then each is opened in headless Chromium by clicking it in the sidebar.
 * Measured on the page, from the click (a capture listener) to:
 * - the last message in the DOM (MutationObserver),
 * - the last message inside the scroller's viewport (checked each animation frame),
 * - its first paint (a task posted from that frame's rAF runs after the frame is painted);
 * and, a second later, the page's DOM node count and its JS heap after a garbage collection (CDP
 * Runtime.getHeapUsage: what the open conversation keeps in the page). Each open is a fresh page load; the first open of
 * each session after the host started is reported apart (cold), the rest as the median of the trials,
 * small and large taking turns. The 50-message session is the baseline: ratios large / small.
 * It prints, it does not judge: only a benchmark that cannot run exits non-zero.
 * Run: npx tsx bench/largeSession.ts   (BENCH_TRIALS to vary)
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { openSessionIndex, openSessionStore, type MessageDraft, type SessionStore } from '../src/main/agent'
import { setLogSink } from '../src/main/log/log'
import { startHost, type HostInfo } from '../test/e2e/hostProcess'
import { count, median, ms, openApp, openBenchPage, ratio, root, runBench, sleep } from './support/browserBench'
import { paragraph, reply, seeded } from './support/markdownText'

const TRIALS = Number(process.env.BENCH_TRIALS ?? 5)
const PAINT_BUDGET_MS = 300
const OPEN_TIMEOUT_MS = 20_000

interface SessionSpec {
  label: string
  title: string
  messages: number
  marker: string
}
const small: SessionSpec = { label: '50 messages', title: 'Benchmark: 50 messages', messages: 50, marker: 'LAST-OF-SMALL-SESSION' }
const large: SessionSpec = { label: '5,000 messages', title: 'Benchmark: 5,000 messages', messages: 5000, marker: 'LAST-OF-LARGE-SESSION' }

interface OpenTimes {
  inDom: number
  visible: number
  painted: number
}
interface DomCount {
  nodes: number
  elements: number
  rows: number
  lastVisible: boolean
}
interface Sample extends OpenTimes, DomCount {
  /** Bytes of the page's JS heap in use once open, after a full GC. */
  heap: number
}

setLogSink(() => {}, 'error')

/** user / assistant turns, every fifth reply a whole section (heading, list, code); the last reply carries the marker. */
async function fill(store: SessionStore, sessionId: string, spec: SessionSpec): Promise<void> {
  const random = seeded(spec.messages)
  const appends: Promise<unknown>[] = []
  for (let i = 0; i < spec.messages; i += 2) {
    const turnId = `turn-${i / 2}`
    const user: MessageDraft = { kind: 'user', turnId, text: paragraph(random, 1 + (i % 3)) }
    const last = i + 2 >= spec.messages
    const text = `${reply(random, i % 10 === 8)}${last ? `\n\n${spec.marker}` : ''}`
    const assistant: MessageDraft = { kind: 'assistant', turnId, step: 1, text, toolCalls: [], end: 'complete' }
    // Queued at once: the store still commits them one by one, in order, each with its own fdatasync.
    appends.push(store.append(sessionId, user), store.append(sessionId, assistant))
  }
  await Promise.all(appends)
}

/** Arms the page: the next click starts the clock; `window.__open` resolves with the times (ms after the click). */
const arm = (spec: SessionSpec) => `(() => {
  const marker = ${JSON.stringify(spec.marker)}
  const position = ${spec.messages}
  window.__open = new Promise((resolve, reject) => {
    const times = {}
    let clicked = 0
    let observer
    const last = () => {
      const element = document.querySelector('[role="feed"] article[aria-posinset="' + position + '"]')
      return element && element.textContent.includes(marker) ? element : null
    }
    const inView = (element) => {
      const scroller = document.querySelector('[role="region"][aria-label="Messages"]')
      if (!scroller) return false
      const box = element.getBoundingClientRect()
      const view = scroller.getBoundingClientRect()
      return box.height > 0 && box.bottom > view.top && box.top < view.bottom
    }
    const onFrame = () => {
      const element = last()
      if (element && inView(element)) {
        times.visible = performance.now() - clicked
        // This frame is painted once its rAF callbacks are done; a task posted now runs after that.
        const channel = new MessageChannel()
        channel.port1.onmessage = () => {
          times.painted = performance.now() - clicked
          observer.disconnect()
          clearTimeout(timer)
          resolve(times)
        }
        channel.port2.postMessage(0)
        return
      }
      requestAnimationFrame(onFrame)
    }
    const timer = setTimeout(() => reject(new Error('the last message was not painted within ${OPEN_TIMEOUT_MS} ms of the click')), ${OPEN_TIMEOUT_MS})
    addEventListener('click', () => {
      clicked = performance.now()
      observer = new MutationObserver(() => {
        if (times.inDom === undefined && last()) times.inDom = performance.now() - clicked
      })
      observer.observe(document.body, { childList: true, subtree: true, characterData: true })
      requestAnimationFrame(onFrame)
    }, { capture: true, once: true })
  })
})()`

const domCount = (spec: SessionSpec) => `(() => {
  let nodes = 0
  const walker = document.createTreeWalker(document, NodeFilter.SHOW_ALL)
  while (walker.nextNode()) nodes++
  const feed = document.querySelector('[role="feed"]')
  const last = document.querySelector('[role="feed"] article[aria-posinset="${spec.messages}"]')
  const scroller = document.querySelector('[role="region"][aria-label="Messages"]')
  let lastVisible = false
  if (last && scroller) {
    const box = last.getBoundingClientRect()
    const view = scroller.getBoundingClientRect()
    lastVisible = box.bottom > view.top && box.top < view.bottom
  }
  return { nodes, elements: document.getElementsByTagName('*').length, rows: feed ? feed.querySelectorAll('[data-index]').length : 0, lastVisible }
})()`

/** Loads the app afresh, clicks the session in the sidebar, waits for the paint, then counts the DOM. */
async function openOnce(page: Page, info: HostInfo, spec: SessionSpec): Promise<Sample> {
  await openApp(page, info)
  const button = page.getByRole('navigation', { name: 'Sessions' }).getByRole('button', { name: spec.title, exact: true })
  await button.waitFor()
  // Let the app's own start (resources, first renders) finish before the clock starts.
  await sleep(500)
  await page.evaluate(arm(spec))
  await button.click()
  const times = await page.evaluate<OpenTimes>('window.__open')
  await sleep(1000)
  const dom = await page.evaluate<DomCount>(domCount(spec))
  const cdp = await page.context().newCDPSession(page)
  try {
    await cdp.send('HeapProfiler.collectGarbage')
    const { usedSize } = await cdp.send('Runtime.getHeapUsage')
    return { ...times, ...dom, heap: usedSize }
  } finally {
    await cdp.detach()
  }
}

const row = (label: string, sample: Pick<Sample, 'inDom' | 'visible' | 'painted'>) =>
  `      ${label.padEnd(16)} in DOM ${ms(sample.inDom).padStart(9)}   in view ${ms(sample.visible).padStart(9)}   painted ${ms(sample.painted).padStart(9)}`

function medianOf(samples: readonly Sample[]): Sample {
  const of = (key: keyof Sample) => median(samples.map((sample) => Number(sample[key])))
  return { inDom: of('inDom'), visible: of('visible'), painted: of('painted'), nodes: of('nodes'), elements: of('elements'), rows: of('rows'), heap: of('heap'), lastVisible: samples.every((s) => s.lastVisible) }
}

await runBench('largeSession', async (cleanup) => {
  const dataDir = await mkdtemp(join(tmpdir(), 'switchboard-bench-large-session-'))
  cleanup.add('remove the data dir', () => rm(dataDir, { recursive: true, force: true }))

  // The sessions, through the real store, before the host owns the data dir.
  const fillStart = performance.now()
  const index = await openSessionIndex(dataDir)
  const store = await openSessionStore({ dataDir, index })
  for (const spec of [small, large]) {
    const session = await index.create(spec.title)
    await fill(store, session.id, spec)
  }
  await store.close()
  const fillMs = performance.now() - fillStart

  const host = await startHost(root, dataDir)
  cleanup.add('stop the host', () => host.stop())
  const { page, pageErrors } = await openBenchPage(cleanup)

  const cold = new Map<SessionSpec, Sample>()
  const samples = new Map<SessionSpec, Sample[]>([
    [small, []],
    [large, []],
  ])
  for (const spec of [small, large]) cold.set(spec, await openOnce(page, host.info, spec))
  for (let trial = 0; trial < TRIALS; trial++) {
    for (const spec of trial % 2 === 0 ? [large, small] : [small, large]) samples.get(spec)!.push(await openOnce(page, host.info, spec))
  }
  if (pageErrors.length > 0) throw new Error(`the page reported errors: ${pageErrors.join('; ')}`)

  const typical = new Map([small, large].map((spec) => [spec, medianOf(samples.get(spec)!)] as const))
  const s = typical.get(small)!
  const l = typical.get(large)!
  console.log(`Opening a session in headless Chromium: ${large.label} vs ${small.label} (written with the sessions store in ${ms(fillMs)}), clicked in the sidebar, fresh page load each time`)
  console.log('   click → last message, cold (first open after the host started)')
  for (const spec of [small, large]) console.log(row(spec.label, cold.get(spec)!))
  console.log(`   click → last message, median of ${TRIALS} opens each (range of "painted" in brackets)`)
  for (const spec of [small, large]) {
    const painted = samples.get(spec)!.map((sample) => sample.painted)
    console.log(`${row(spec.label, typical.get(spec)!)}  [${ms(Math.min(...painted))} … ${ms(Math.max(...painted))}]`)
  }
  console.log(`      ratio large / small: painted ${ratio(l.painted / s.painted)}, cold ${ratio(cold.get(large)!.painted / cold.get(small)!.painted)}`)
  console.log(`      large vs the ${PAINT_BUDGET_MS} ms budget: ${ratio(l.painted / PAINT_BUDGET_MS)} (cold ${ratio(cold.get(large)!.painted / PAINT_BUDGET_MS)}; budget < 1)`)
  console.log('   DOM once open (median): all nodes / elements / message rows rendered')
  for (const spec of [small, large]) {
    const t = typical.get(spec)!
    console.log(`      ${spec.label.padEnd(16)} ${count(t.nodes)} / ${count(t.elements)} / ${t.rows} rows${t.lastVisible ? '' : '  (last message no longer in view!)'}`)
  }
  console.log(`      ratio large / small: nodes ${ratio(l.nodes / s.nodes)}, elements ${ratio(l.elements / s.elements)}, rows ${ratio(l.rows / s.rows)} (O(visible): close to 1)`)
  const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`
  console.log('   page JS heap once open, after a full GC (median)')
  for (const spec of [small, large]) console.log(`      ${spec.label.padEnd(16)} ${mb(typical.get(spec)!.heap)}`)
  console.log(`      ratio large / small: heap ${ratio(l.heap / s.heap)} (budget ≤ 1.5)`)
})
