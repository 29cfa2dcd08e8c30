/**
 * The window's first draw with 10,000 sessions vs. with 10 (issue 43, goal ≤ 1.3×): the real host
 * (`npm run host` on the built app, test/e2e/hostProcess.ts) on a data folder whose session list is
 * written in the app's format (sessionIndex.ts's `index.json`), and headless Chromium loading the
 * window afresh each time. Measured from the page's navigation start to the first session row in the
 * sidebar (the page's own clock), with the rows in the DOM and the bytes the page read for the list.
 * Both folders are opened turn about, in the same run; the ratio is the figure.
 *
 * Needs `npm run build` first. BENCH_SESSIONS: the large size (default 10,000); BENCH_TRIALS (default 7).
 * It prints, it does not judge. Run: npx tsx bench/sessionsFirstDraw.ts
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import type { SessionSummary } from '../src/shared/hostApi'
import { setLogSink } from '../src/main/log/log'
import { startHost, type HostInfo } from '../test/e2e/hostProcess'
import { count, median, ms, openBenchPage, ratio, root, runBench, sleep } from './support/browserBench'

setLogSink(() => {}, 'error')
const LARGE = Number(process.env.BENCH_SESSIONS ?? 10_000)
const SMALL = 10
const TRIALS = Number(process.env.BENCH_TRIALS ?? 7)

/** A data folder with `sessions` sessions (no messages), a minute apart. */
async function dataFolder(base: string, sessions: number): Promise<string> {
  const dir = join(base, `sessions-${sessions}`)
  await mkdir(join(dir, 'sessions'), { recursive: true, mode: 0o700 })
  const start = Date.parse('2024-01-01T00:00:00Z')
  const list = Array.from({ length: sessions }, (_, i): SessionSummary => {
    const at = new Date(start + i * 60_000).toISOString()
    return { id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`, title: `Conversation number ${i}`, created: at, updated: at, messageCount: 12, toolOffer: 'auto' }
  })
  await writeFile(join(dir, 'sessions', 'index.json'), JSON.stringify({ version: 1, sessions: list }), { mode: 0o600 })
  return dir
}

interface Sample {
  /** Navigation start → the first session row in the DOM, on the page's clock. */
  drawn: number
  rows: number
  /** Bytes of the host's answers to resources/read of the session list, as the page received them. */
  listBytes: number
}

/** Loads the window afresh and waits for its first session row. */
async function drawOnce(page: Page, info: HostInfo): Promise<Sample> {
  let listBytes = 0
  const onFrame = (frame: { payload: string | Buffer }) => {
    const text = frame.payload.toString()
    // The session list's resources/read answers (the resource's JSON is a string inside the JSON-RPC frame).
    if (text.includes('"uri":"switchboard://sessions')) listBytes += text.length
  }
  page.on('websocket', (socket) => socket.on('framereceived', onFrame))
  try {
    await page.goto(`${info.url}?token=${info.token}`)
    const firstRow = page.getByRole('navigation', { name: 'Sessions' }).locator('li').first()
    await firstRow.waitFor()
    const drawn = await page.evaluate<number>('performance.now()')
    const rows = await page.evaluate<number>(`document.querySelectorAll('nav[aria-labelledby="sessions-heading"] li').length`)
    // Let the page settle before the next load (the later resources, the search index's start).
    await sleep(300)
    return { drawn, rows, listBytes }
  } finally {
    page.removeAllListeners('websocket')
  }
}

await runBench('bench/sessionsFirstDraw.ts', async (cleanup) => {
  const base = await mkdtemp(join(tmpdir(), 'switchboard-bench-first-draw-'))
  cleanup.add('remove the data folders', () => rm(base, { recursive: true, force: true }))
  const folders = new Map<number, string>()
  for (const size of [SMALL, LARGE]) folders.set(size, await dataFolder(base, size))
  const hosts = new Map<number, HostInfo>()
  for (const size of [SMALL, LARGE]) {
    const host = await startHost(root, folders.get(size)!)
    cleanup.add(`stop the host of ${size} sessions`, () => host.stop())
    hosts.set(size, host.info)
  }
  const { page, pageErrors } = await openBenchPage(cleanup)
  const samples = new Map<number, Sample[]>([
    [SMALL, []],
    [LARGE, []],
  ])
  // One load of each first (the hosts' own first requests), then turn about.
  for (const size of [SMALL, LARGE]) await drawOnce(page, hosts.get(size)!)
  for (let trial = 0; trial < TRIALS; trial++) {
    for (const size of trial % 2 === 0 ? [LARGE, SMALL] : [SMALL, LARGE]) samples.get(size)!.push(await drawOnce(page, hosts.get(size)!))
  }
  if (pageErrors.length > 0) throw new Error(`the page reported errors: ${pageErrors.join('; ')}`)
  const of = (size: number, key: keyof Sample) => median(samples.get(size)!.map((sample) => sample[key]))
  console.log(`The window's first draw (navigation start → first session row), headless Chromium, median of ${TRIALS} fresh loads`)
  for (const size of [SMALL, LARGE]) {
    console.log(`  ${count(size).padStart(6)} sessions: ${ms(of(size, 'drawn'))}, ${of(size, 'rows')} rows in the DOM, session list read ${(of(size, 'listBytes') / 1024).toFixed(1)} KB`)
  }
  console.log(`  goal: first draw ${count(LARGE)} / ${count(SMALL)} = ${ratio(of(LARGE, 'drawn') / of(SMALL, 'drawn'))} (≤ 1.3); list bytes ${ratio(of(LARGE, 'listBytes') / of(SMALL, 'listBytes'))}`)
})
