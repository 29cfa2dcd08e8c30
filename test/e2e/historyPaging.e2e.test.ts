/**
 * A long conversation opened in the window reads its history in pages, end to end through browser
 * mode (the real host over a data folder written with the real sessions store, the built renderer in
 * headless Chromium): the newest messages are shown at open and only the newest page travels;
 * scrolling up loads older pages and keeps what the person looks at in place; a search result far
 * back opens the page around it, and "Jump to latest" goes back to the newest messages.
 */
import { mkdtemp } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openSessionIndex, openSessionStore } from '../../src/main/agent'
import { HISTORY_PAGE_SIZE } from '../../src/shared/hostApi'
import { openAppPage, recordFrames, root, screenshot, stopHostAndClean, type AppPage } from './appPage'
import { startHost, type HostProcess } from './hostProcess'

const EXCHANGES = 200
const TOTAL = EXCHANGES * 2
const TITLE = 'A long conversation'
const FAR_BACK = 12
const question = (n: number) => (n === FAR_BACK ? `Question ${n}: what does the albatross do?` : `Question ${n}`)
const answer = (n: number) => (n === FAR_BACK ? `Answer ${n}: the wandering albatross glides for days without a wingbeat.` : `Answer ${n}: ${'a line of filler text. '.repeat(6)}`)

let host: HostProcess | undefined
let dataDir: string | undefined
let app: AppPage | undefined
let page: Page
const received: string[] = []

const article = (position: number) => page.locator(`[role="feed"] article[aria-posinset="${position}"]`)
const scroller = () => page.getByRole('region', { name: 'Messages' })
async function inView(position: number): Promise<boolean> {
  // Not in the DOM at all (the list renders only the rows near the view): not in view.
  if ((await article(position).count()) === 0) return false
  const box = await article(position).boundingBox({ timeout: 2_000 }).catch(() => null)
  const view = await scroller().boundingBox()
  return box !== null && view !== null && box.y + box.height > view.y && box.y < view.y + view.height
}

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'switchboard-e2e-history-pages-'))
  const index = await openSessionIndex(dataDir)
  const store = await openSessionStore({ dataDir, index })
  const session = await index.create(TITLE)
  for (let n = 1; n <= EXCHANGES; n++) {
    await store.append(session.id, { kind: 'user', turnId: `t${n}`, text: question(n) })
    await store.append(session.id, { kind: 'assistant', turnId: `t${n}`, step: 1, text: answer(n), toolCalls: [], end: 'complete' })
  }
  await store.close()
  host = await startHost(root, dataDir)
  app = await openAppPage(host, { viewport: { width: 1180, height: 860 }, timeoutMs: 20_000, beforeLoad: (p) => recordFrames(p, [], received) })
  page = app.page
}, 240_000)

afterAll(async () => {
  await app?.close()
  await stopHostAndClean(host, [dataDir])
}, 60_000)

/** The history payloads the page received (JSON-RPC results of resources/read of a history URI). */
function historyReads(): { uri: string; messages: number; offset: number; total: number }[] {
  const reads: { uri: string; messages: number; offset: number; total: number }[] = []
  for (const frame of received) {
    if (!frame.includes('/history')) continue
    const content = (JSON.parse(frame) as { result?: { contents?: { uri: string; text: string }[] } }).result?.contents?.[0]
    if (!content || !/\/history(\?|$)/.test(content.uri)) continue
    const value = JSON.parse(content.text) as { messages: unknown[]; offset: number; total: number }
    reads.push({ uri: content.uri, messages: value.messages.length, offset: value.offset, total: value.total })
  }
  return reads
}

const beforeReads = () => historyReads().filter((read) => read.uri.includes('?before=')).length

/** What the conversation shows after a change to it: the first row drawn, and where each drawn row stands from the top of the view (px). */
interface Shown {
  firstDrawn: number
  offsets: Record<number, number>
}
/**
 * Records, in the page, what the conversation shows after every change of its rows (a
 * MutationObserver callback runs once the update that changed them is done, scroll adjustments
 * included): the moment older rows are put in front is one change, seen before and after.
 */
const RECORD_SHOWN = `(() => {
  const scroller = document.querySelector('[role="region"][aria-label="Messages"]')
  window.__shown = []
  window.__offsets = () => {
    const view = scroller.getBoundingClientRect()
    const rows = [...scroller.querySelectorAll('[role="feed"] article')]
    return { firstDrawn: rows[0] ? Number(rows[0].getAttribute('aria-posinset')) : 0, offsets: Object.fromEntries(rows.map((row) => [row.getAttribute('aria-posinset'), row.getBoundingClientRect().top - view.top])) }
  }
  new MutationObserver(() => window.__shown.push(window.__offsets())).observe(scroller, { childList: true, subtree: true })
})()`
/** How far the row the person looks at may move on screen while rows are put in front: estimated heights corrected within a frame or two. */
const STAYS_WITHIN_PX = 32

describe('History in pages in browser mode (Electron stands in as headless Chromium)', () => {
  it('opens at the newest messages, reads only the newest page, and loads older pages when scrolled up', async () => {
    await page.getByRole('navigation', { name: 'Sessions' }).getByRole('button', { name: TITLE, exact: true }).click()
    await article(TOTAL).getByText(`Answer ${EXCHANGES}:`).waitFor()
    await expect.poll(() => inView(TOTAL)).toBe(true)
    expect(await article(TOTAL).getAttribute('aria-setsize')).toBe(String(TOTAL))
    // Only the newest page came to the window.
    const first = historyReads()
    expect(first.length).toBeGreaterThan(0)
    expect(first.every((read) => read.messages === HISTORY_PAGE_SIZE && read.offset === TOTAL - HISTORY_PAGE_SIZE && read.total === TOTAL)).toBe(true)

    // Scrolling up: near the top of the page held, the one before it is read, and the row the person
    // looks at stays where it is on screen (without that, the rows put in front would push it down, out of view).
    await scroller().focus()
    await page.evaluate(RECORD_SHOWN)
    await page.keyboard.press('Home')
    const top = TOTAL - HISTORY_PAGE_SIZE + 1
    await expect.poll(() => beforeReads(), { timeout: 20_000 }).toBe(1)
    await expect.poll(() => article(top - 1).count(), { timeout: 20_000 }).toBe(1)
    const shown = (await page.evaluate('window.__shown')) as Shown[]
    const putInFront = shown.findIndex((entry) => entry.firstDrawn < top)
    expect(putInFront).toBeGreaterThan(0)
    // The row the person looks at: the first one whose top is in view just before.
    const before = shown[putInFront - 1]!
    const looked = Number(Object.entries(before.offsets).find(([, offset]) => offset >= 0)![0])
    expect(looked).toBeGreaterThanOrEqual(top)
    // The first change that draws it again with the rows in front (one drawn at the old offset, if any, draws neither).
    const after = shown.slice(putInFront).find((entry) => entry.offsets[looked] !== undefined)!
    expect(Math.abs(after.offsets[looked]! - before.offsets[looked]!)).toBeLessThanOrEqual(STAYS_WITHIN_PX)
    // …and once the rows in front are measured too (their estimated heights corrected), it is still there.
    await page.waitForTimeout(500)
    const settled = (await page.evaluate('window.__offsets()')) as Shown
    expect(Math.abs(settled.offsets[looked]! - before.offsets[looked]!)).toBeLessThanOrEqual(STAYS_WITHIN_PX)
    expect(await inView(top - HISTORY_PAGE_SIZE)).toBe(false)

    // All the way up, page by page, to the first message: the person keeps going up (Home again
    // once a scroll has ended) and each page arrives before the top.
    const pagesBefore = Math.ceil((TOTAL - HISTORY_PAGE_SIZE) / HISTORY_PAGE_SIZE)
    for (let presses = 0; presses < 60 && !(await inView(1)); presses++) {
      await page.keyboard.press('Home')
      await page.waitForTimeout(400)
    }
    await article(1).getByText('Question 1', { exact: true }).waitFor()
    await expect.poll(() => inView(1), { timeout: 20_000 }).toBe(true)
    await expect.poll(() => beforeReads()).toBe(pagesBefore)
    // Rows in the DOM stay a window onto the conversation, not all of it.
    expect(await page.locator('[role="feed"] [data-index]').count()).toBeLessThan(40)
    await screenshot(page, 'history-pages-oldest.png')
    expect(app!.pageErrors).toEqual([])
  }, 120_000)

  it('opens a search result far back at the page around it, and goes back to the newest with Jump to latest', async () => {
    // A fresh window: only the newest page is held again.
    await page.reload()
    await page.getByRole('navigation', { name: 'Sessions' }).waitFor()
    await page.keyboard.press('Control+k')
    const dialog = page.getByRole('dialog', { name: 'Search conversations' })
    await dialog.getByRole('combobox', { name: 'Search all conversations' }).fill('wandering albatross')
    await dialog.getByRole('listbox', { name: 'Matching messages' }).getByRole('option').first().waitFor()
    await page.keyboard.press('Enter')
    await dialog.waitFor({ state: 'detached' })
    const marked = page.locator('[data-marked]')
    await marked.getByText('the wandering albatross glides for days').waitFor()
    const position = FAR_BACK * 2
    expect(await marked.locator('article').getAttribute('aria-posinset')).toBe(String(position))
    await expect.poll(() => inView(position)).toBe(true)
    expect(historyReads().some((read) => read.uri.includes('?around='))).toBe(true)
    await screenshot(page, 'history-pages-search.png')

    const latest = page.getByRole('button', { name: 'Jump to latest' })
    await latest.click()
    await article(TOTAL).getByText(`Answer ${EXCHANGES}:`).waitFor()
    await expect.poll(() => inView(TOTAL)).toBe(true)
    expect(app!.pageErrors).toEqual([])
    expect(app!.consoleErrors).toEqual([])
  }, 120_000)
})
