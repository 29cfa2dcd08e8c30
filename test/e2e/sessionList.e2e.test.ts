/**
 * Thousands of sessions in the window (issue 43): the sidebar draws only the rows in view, however
 * many sessions there are; it reads the list a page at a time (sessionsPageApi.ts), the newest page
 * first, and scrolling loads the older pages until it reaches the oldest one. Browser mode: the real host over a
 * data folder whose session list was written in today's format, the built renderer in headless Chromium.
 */
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openAppPage, root, stopHostAndClean, type AppPage } from './appPage'
import { startHost, type HostProcess } from './hostProcess'

const SESSIONS = 2000
let host: HostProcess | undefined
let dataDir: string | undefined
let app: AppPage | undefined

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'switchboard-e2e-session-list-'))
  await mkdir(join(dataDir, 'sessions'), { recursive: true })
  const start = Date.parse('2026-01-01T00:00:00Z')
  const sessions = Array.from({ length: SESSIONS }, (_, n) => {
    const at = new Date(start + n * 60_000).toISOString()
    return { id: `session-${String(n).padStart(5, '0')}`, title: `Conversation ${n}`, created: at, updated: at, messageCount: 0, toolOffer: 'auto' }
  })
  await writeFile(join(dataDir, 'sessions', 'index.json'), JSON.stringify({ version: 1, sessions }))
  host = await startHost(root, dataDir)
  app = await openAppPage(host, { viewport: { width: 1180, height: 860 }, timeoutMs: 20_000 })
}, 240_000)

afterAll(async () => {
  await app?.close()
  await stopHostAndClean(host, [dataDir])
}, 60_000)

describe('a session list of thousands', () => {
  it('draws the newest page first, only the rows in view, and scrolling loads older pages to the oldest', async () => {
    const page = app!.page
    const list = page.getByRole('navigation', { name: 'Sessions' })
    await expect.poll(() => list.getByText('Conversation 1999', { exact: true }).count(), { timeout: 20_000 }).toBe(1)
    // One page of 100 read: its last row is there to scroll to, the next page's first is not yet.
    const older = list.getByRole('button', { name: 'Show older sessions' })
    expect(await older.count()).toBe(1)
    await list.evaluate((element) => (element.scrollTop = element.scrollHeight))
    await expect.poll(() => list.getByText('Conversation 1900', { exact: true }).count(), { timeout: 10_000 }).toBe(1)
    // At the end of the loaded rows the next page loads; scrolling on reaches the oldest, drawing only what is in view.
    await expect
      .poll(
        async () => {
          await list.evaluate((element) => (element.scrollTop = element.scrollHeight))
          return list.getByText('Conversation 0', { exact: true }).count()
        },
        { timeout: 60_000, interval: 200 },
      )
      .toBe(1)
    expect(await list.locator('li').count()).toBeLessThan(100)
    expect(await older.count()).toBe(0)
  })
})
