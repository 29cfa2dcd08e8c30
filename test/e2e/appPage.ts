/**
 * What every end-to-end test does around its own steps: the app in headless Chromium, signed in to
 * a running host (`openAppPage`), a second MCP client of that host (`connectHostClient`), pictures
 * in test-results/ (`screenshot`), and the teardown that checks the host left no process behind.
 */
import { mkdir, rm } from 'node:fs/promises'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { Client } from '@modelcontextprotocol/client'
import { WebSocketClientTransport } from '../../src/shared/webSocketClientTransport'
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core'
import { expect } from 'vitest'
import { launchChromium } from './chromium'
import { groupIsAlive, type HostProcess } from './hostProcess'

export const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..')
export const resultsDir = join(root, 'test-results')

export interface AppPageOptions {
  viewport?: { width: number; height: number }
  colorScheme?: 'light' | 'dark'
  /** The page's default timeout for waits and clicks. */
  timeoutMs?: number
  /** A browser to open the window in (it stays open on close); without one, a browser of its own. */
  browser?: Browser
  /** Runs before the app loads: listeners or routes that must see the page's first WebSocket frames. */
  beforeLoad?: (page: Page) => void | Promise<void>
}

export interface AppPage {
  browser: Browser
  context: BrowserContext
  page: Page
  /** Uncaught errors in the page; a test expects none. */
  pageErrors: string[]
  /** console.error lines of the page. */
  consoleErrors: string[]
  /** Closes the window, and the browser if it opened one. */
  close(): Promise<void>
}

/** The app at the host's address with its token, once the Sessions sidebar is there. */
export async function openAppPage(host: HostProcess, options: AppPageOptions = {}): Promise<AppPage> {
  const ownBrowser = !options.browser
  const browser = options.browser ?? (await launchChromium())
  const context = await browser.newContext({ viewport: options.viewport ?? { width: 1180, height: 900 }, colorScheme: options.colorScheme ?? 'light' })
  const page = await context.newPage()
  page.setDefaultTimeout(options.timeoutMs ?? 10_000)
  const app: AppPage = {
    browser,
    context,
    page,
    pageErrors: [],
    consoleErrors: [],
    async close() {
      await context.close()
      if (ownBrowser) await browser.close()
    },
  }
  page.on('pageerror', (error) => app.pageErrors.push(error.message))
  page.on('console', (message) => {
    if (message.type() === 'error') app.consoleErrors.push(message.text())
  })
  await options.beforeLoad?.(page)
  await page.goto(`${host.info.url}?token=${host.info.token}`)
  await page.getByRole('navigation', { name: 'Sessions' }).waitFor()
  return app
}

/** Every WebSocket frame text the page sends (and, with `received`, gets), for `beforeLoad`. */
export function recordFrames(page: Page, sent: string[], received?: string[]): void {
  const text = (payload: string | Buffer) => (typeof payload === 'string' ? payload : payload.toString('utf8'))
  page.on('websocket', (socket) => {
    if (received) socket.on('framereceived', ({ payload }) => received.push(text(payload)))
    socket.on('framesent', ({ payload }) => sent.push(text(payload)))
  })
}

/** A picture of `target` in test-results/, with the mouse moved out of the way (no hover in it). */
export async function screenshot(target: Page | Locator, name: string): Promise<void> {
  const page = 'mouse' in target ? target : target.page()
  await mkdir(resultsDir, { recursive: true })
  await page.mouse.move(0, 0)
  await target.screenshot({ path: join(resultsDir, name), animations: 'disabled' })
}

/** `name`.png in the light scheme and `name`-dark.png in the dark one (the app follows the system's); ends light. */
export async function screenshotLightAndDark(target: Page | Locator, name: string): Promise<void> {
  const page = 'mouse' in target ? target : target.page()
  await screenshot(target, `${name}.png`)
  await setColorScheme(page, 'dark')
  await screenshot(target, `${name}-dark.png`)
  await setColorScheme(page, 'light')
}

/** Switches the scheme the page sees and waits until the app follows it. */
export async function setColorScheme(page: Page, scheme: 'light' | 'dark'): Promise<void> {
  const isDark = async () => ((await page.locator('html').getAttribute('class')) ?? '').split(/\s+/).includes('dark')
  await page.emulateMedia({ colorScheme: scheme })
  await expect.poll(isDark).toBe(scheme === 'dark')
}

/** A second MCP client of the host: any client with the token is a window as far as the host is concerned. */
export async function connectHostClient(host: HostProcess, name: string): Promise<Client> {
  const client = new Client({ name, version: '1.0.0' })
  await client.connect(new WebSocketClientTransport(new URL(`${host.info.mcp}?token=${host.info.token}`)))
  return client
}

/** Runs `use` with a short-lived second client of the host, closed afterwards. */
export async function withHostClient<T>(host: HostProcess, use: (client: Client) => Promise<T>): Promise<T> {
  const client = await connectHostClient(host, 'e2e-observer')
  try {
    return await use(client)
  } finally {
    await client.close()
  }
}

/** Stops the host, removes the test's folders, and checks that nothing of the host's process group is left. */
export async function stopHostAndClean(host: HostProcess | undefined, folders: (string | undefined)[]): Promise<void> {
  await host?.stop()
  for (const folder of folders) if (folder) await rm(folder, { recursive: true, force: true })
  expect(host ? groupIsAlive(host.pid) : false).toBe(false)
}

/** Types `text` into the chat's message box once it is enabled, and sends it with Enter. */
export async function sendMessage(page: Page, text: string): Promise<void> {
  const box = page.getByRole('textbox', { name: 'Message' })
  await expect.poll(() => box.isEnabled()).toBe(true)
  // While a turn is still ending (its reply drawn, its last commit not yet) the composer takes text but
  // shows Stop, and Enter does not send: wait for Send, so the message is not left in the box.
  await page.getByRole('button', { name: 'Send', exact: true }).waitFor()
  await box.fill(text)
  await page.keyboard.press('Enter')
}

/** Answers the dialog asking to run `extensionName` with "Allow once", once its buttons are armed. */
export async function allowOnceInConsentDialog(page: Page, extensionName: string): Promise<void> {
  const dialog = page.getByRole('dialog')
  await dialog.getByRole('heading', { name: `The extension “${extensionName}” asks to run on this computer` }).waitFor()
  // The allow buttons arm after a moment, so that a stray key press cannot approve.
  await expect.poll(() => dialog.getByRole('button', { name: 'Allow once' }).isEnabled()).toBe(true)
  await dialog.getByRole('button', { name: 'Allow once' }).click()
}
