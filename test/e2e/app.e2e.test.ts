/**
 * End to end through browser mode: the real host (`npm run host`) and the built renderer in headless
 * Chromium. Everything is real; only Electron is absent (browser mode stands in for its window).
 */
import { mkdir, mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { type Browser, type Page } from 'playwright-core'
import { launchChromium } from './chromium'
import WebSocket from 'ws'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { groupIsAlive, startHost, type HostProcess } from './hostProcess'

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..')
const resultsDir = join(root, 'test-results')

let dataDir: string
let host: HostProcess | undefined
const hostPids: number[] = []
let browser: Browser
let page: Page
const pageErrors: string[] = []
const consoleErrors: string[] = []

async function launchHost(): Promise<HostProcess> {
  const started = await startHost(root, dataDir)
  hostPids.push(started.pid)
  return started
}

/** What a non-browser client gets when it opens /mcp: 'open' or the HTTP status of the refusal. */
function openMcpSocket(url: string): Promise<'open' | number | string> {
  return new Promise((settle) => {
    const socket = new WebSocket(url, 'mcp')
    socket.once('open', () => {
      socket.close()
      settle('open')
    })
    socket.once('unexpected-response', (request, response) => {
      settle(response.statusCode ?? 0)
      request.destroy()
    })
    socket.once('error', (error) => settle(error.message))
  })
}

const sessionsNav = (on = page) => on.getByRole('navigation', { name: 'Sessions' })
const sessionTitles = async (on = page) => (await sessionsNav(on).getByRole('listitem').allInnerTexts()).map((text) => text.trim())
const newSessionButton = () =>
  // An untitled session is called "New session" too; the sidebar's button comes before the list.
  page.getByRole('button', { name: 'New session', exact: true }).first()
const isDark = async () => ((await page.locator('html').getAttribute('class')) ?? '').split(/\s+/).includes('dark')

async function openApp(url: string, token: string): Promise<void> {
  await page.goto(`${url}?token=${token}`)
  await sessionsNav().waitFor()
}

/** The state this test builds must be there, whether after a reload or after a host restart. */
async function expectPersistedState(): Promise<void> {
  await expect.poll(() => sessionTitles()).toEqual(['Research notes', 'New session'])
  await expect.poll(isDark).toBe(true)
  await page.getByRole('button', { name: 'Settings' }).click()
  expect(await page.getByRole('radio', { name: 'Dark' }).isChecked()).toBe(true)
  expect(await page.getByRole('radio', { name: 'Light' }).isChecked()).toBe(false)
}

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'switchboard-e2e-'))
  host = await launchHost()
  browser = await launchChromium()
  const context = await browser.newContext({ viewport: { width: 1100, height: 700 }, colorScheme: 'light' })
  page = await context.newPage()
  page.setDefaultTimeout(10_000)
  page.on('pageerror', (error) => pageErrors.push(error.message))
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message.text())
  })
}, 180_000)

afterAll(async () => {
  await browser?.close()
  await host?.stop()
  if (dataDir) await rm(dataDir, { recursive: true, force: true })
  expect(hostPids.filter(groupIsAlive)).toEqual([])
}, 60_000)

describe('Switchboard in browser mode (Electron stands in as headless Chromium)', () => {
  it('refuses the MCP WebSocket without the right token', async () => {
    const { mcp, token } = host!.info
    expect(await openMcpSocket(mcp)).toBe(401)
    expect(await openMcpSocket(`${mcp}?token=not-the-token`)).toBe(401)
    expect(await openMcpSocket(`${mcp}?token=${token}`)).toBe('open')

    await page.goto(host!.info.url)
    await page.getByRole('heading', { name: 'Open Switchboard from the address it printed' }).waitFor()
    // The same from the page itself (a browser sends its Origin); a string, as the test project has no DOM types.
    const fromPage = await page.evaluate(
      `new Promise((settle) => {
        const socket = new WebSocket(${JSON.stringify(mcp)}, 'mcp')
        socket.onopen = () => settle('open')
        socket.onerror = () => settle('refused')
      })`,
    )
    expect(fromPage).toBe('refused')
    consoleErrors.length = 0 // the refused handshake above is logged by Chromium on purpose
  })

  it('creates, renames and deletes sessions and switches the theme; a reload keeps it all', async () => {
    await openApp(host!.info.url, host!.info.token)
    expect(page.url()).not.toContain('token=')
    // No model provider yet: the main area is the first-run screen, the sidebar lists no sessions.
    await page.getByRole('heading', { name: 'Set up a model to start chatting' }).waitFor()
    await sessionsNav().getByText('No sessions yet.').waitFor()

    const newSession = newSessionButton()
    await newSession.click()
    await expect.poll(() => sessionTitles()).toEqual(['New session'])
    await newSession.click()
    await expect.poll(() => sessionTitles()).toEqual(['New session', 'New session'])

    // The newest session is selected: rename it with its Rename button.
    const nav = sessionsNav()
    await nav.getByRole('listitem').first().getByRole('button', { name: 'Rename New session' }).click()
    await page.getByRole('textbox', { name: 'Session title' }).fill('Research notes')
    await page.keyboard.press('Enter')
    await expect.poll(() => sessionTitles()).toEqual(['Research notes', 'New session'])
    await page.getByRole('heading', { level: 1, name: 'Research notes' }).waitFor()

    // A second window shows the same list and follows changes live: it is subscribed, nothing polls.
    const otherWindow = await browser.newContext({ viewport: { width: 800, height: 600 } })
    const other = await otherWindow.newPage()
    await other.goto(`${host!.info.url}?token=${host!.info.token}`)
    // 800 px wide: the sidebar starts folded into a rail; unfolded, it shows the same list.
    await other.getByRole('button', { name: 'Show sidebar' }).click()
    await page.bringToFront() // a background tab gets no animation frames, which slows every action
    await expect.poll(() => sessionTitles(other)).toEqual(['Research notes', 'New session'])

    // Double-click renames too; Escape cancels.
    await nav.getByRole('button', { name: 'New session', exact: true }).dblclick()
    await page.getByRole('textbox', { name: 'Session title' }).fill('Not this')
    await page.keyboard.press('Escape')
    await expect.poll(() => sessionTitles()).toEqual(['Research notes', 'New session'])

    // Delete asks first.
    await newSession.click()
    await expect.poll(() => sessionTitles()).toEqual(['New session', 'Research notes', 'New session'])
    await expect.poll(() => sessionTitles(other)).toEqual(['New session', 'Research notes', 'New session'])
    await nav.getByRole('listitem').first().getByRole('button', { name: 'Delete New session' }).click()
    const confirm = page.getByRole('group', { name: 'Delete New session?' })
    await confirm.getByRole('button', { name: 'Delete', exact: true }).click()
    await expect.poll(() => sessionTitles()).toEqual(['Research notes', 'New session'])
    await expect.poll(() => sessionTitles(other)).toEqual(['Research notes', 'New session'])
    await otherWindow.close()

    await page.getByRole('button', { name: 'Settings' }).click()
    await page.getByText(dataDir).waitFor()
    expect(await isDark()).toBe(false)
    await page.getByRole('radio', { name: 'Dark' }).check()
    await expect.poll(isDark).toBe(true)

    await page.reload()
    await sessionsNav().waitFor()
    expect(page.url()).not.toContain('token=')
    await expectPersistedState()
    expect(consoleErrors).toEqual([])
  })

  it('shows a lost connection, and a restarted host on the same data dir serves the same state', async () => {
    const before = host!
    await before.stop()
    await page.getByText('Connection lost.', { exact: false }).waitFor()

    // A tool call while disconnected fails visibly, and the error can be dismissed.
    await newSessionButton().click()
    const alert = page.getByRole('alert')
    await alert.getByText('Not connected to the Switchboard host', { exact: false }).waitFor()
    await alert.getByRole('button', { name: 'Dismiss error' }).click()
    await alert.waitFor({ state: 'detached' })

    host = await launchHost()
    expect(host.info.token).not.toBe(before.info.token)
    await openApp(host.info.url, host.info.token)
    await expectPersistedState()

    await sessionsNav().getByRole('button', { name: 'Research notes', exact: true }).click()
    await page.getByRole('heading', { level: 1, name: 'Research notes' }).waitFor()
    await mkdir(resultsDir, { recursive: true })
    await page.screenshot({ path: join(resultsDir, 'app.png'), animations: 'disabled' })

    // The light theme, for the record.
    await page.getByRole('button', { name: 'Settings' }).click()
    await page.getByRole('radio', { name: 'Light' }).check()
    await expect.poll(isDark).toBe(false)
    await sessionsNav().getByRole('button', { name: 'Research notes', exact: true }).click()
    await page.screenshot({ path: join(resultsDir, 'app-light.png'), animations: 'disabled' })
    expect(pageErrors).toEqual([])
  })

  it('fits a narrow window (800 px): the sidebar folds into a rail, the settings sections into a menu, every one reachable', async () => {
    await page.setViewportSize({ width: 800, height: 640 })
    try {
      const show = page.getByRole('button', { name: 'Show sidebar' })
      await show.waitFor()
      expect(await show.getAttribute('aria-expanded')).toBe('false')
      await page.getByRole('button', { name: 'Settings' }).click()
      const tabs = page.getByRole('tablist', { name: 'Settings sections' })
      await page.getByRole('button', { name: 'Settings section: General' }).click()
      await tabs.getByRole('tab', { name: 'General' }).focus()
      for (const name of ['Models & keys', 'Secrets', 'Extensions', 'Permissions']) {
        await page.keyboard.press('ArrowDown')
        const tab = tabs.getByRole('tab', { name, exact: true })
        expect(await tab.getAttribute('aria-selected')).toBe('true')
        // The menu fits the window: nothing is cut off or unreachable.
        const box = (await tab.boundingBox())!
        expect(box.x).toBeGreaterThanOrEqual(0)
        expect(box.x + box.width).toBeLessThanOrEqual(800)
      }
      await page.keyboard.press('Enter')
      await page.getByRole('button', { name: 'Settings section: Permissions' }).waitFor()
      const back = page.getByRole('button', { name: 'Back to the chat' })
      expect((await back.boundingBox())!.x + (await back.boundingBox())!.width).toBeLessThanOrEqual(800)
      await page.screenshot({ path: join(resultsDir, 'app-narrow-settings.png'), animations: 'disabled' })
      await back.click()
      await show.click()
      await page.getByRole('button', { name: 'Hide sidebar' }).waitFor()
      await sessionsNav().waitFor()
      await page.screenshot({ path: join(resultsDir, 'app-narrow-sidebar.png'), animations: 'disabled' })
      await page.getByRole('button', { name: 'Hide sidebar' }).click()
      await show.waitFor()
    } finally {
      await page.setViewportSize({ width: 1180, height: 900 })
    }
    // Wide again: the sidebar unfolds by itself.
    await sessionsNav().waitFor()
  })
})
