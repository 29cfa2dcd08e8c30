/**
 * MCP Apps end to end in browser mode, against a real App server from npm
 * (`@modelcontextprotocol/server-basic-react`, over stdio): the model calls its tool, the tool card
 * shows the App in the sandbox proxy (a second loopback origin), the App receives the input and the
 * result, its own tools/call goes through the approval dialog ("the App of … asks"), a theme switch
 * reaches it, the CSP blocks a host it did not declare, it cannot reach the window or its token,
 * ui/message adds a message shown as coming from the App, and a reload shows it again.
 */
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { join } from 'node:path'
import type { Client } from '@modelcontextprotocol/client'
import type { Frame, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { AppsResourceSchema, ElicitationsResourceSchema, HostResource, historyUri, HistoryResourceSchema, SessionsResourceSchema } from '../../src/shared/hostApi'
import { addConsentedExtension, poll, read } from '../helpers/hostCalls'
import { openAppPage, root, screenshot, sendMessage, setColorScheme, type AppPage } from './appPage'
import { startChatWorld, type ChatWorld } from './chatWorld'

const serverPath = join(root, 'node_modules/@modelcontextprotocol/server-basic-react/dist/index.js')
const TOOL = 'basic__get-time'

let world: ChatWorld | undefined
let app: AppPage
let page: Page
let client: Client
/** A web server the App never declared: the CSP must keep the App from reaching it. */
let undeclared: Server
let undeclaredHits = 0

const appCard = () => page.locator(`section[aria-label^="Tool call"]`).filter({ has: page.locator('[data-app-of="basic"]') }).first()
const approvals = async () => (await read(client, HostResource.elicitations, ElicitationsResourceSchema)).elicitations.filter((item) => item.kind === 'approval')

/** The App's own document: the inner frame of the sandbox proxy (about:srcdoc, an opaque origin). */
async function appFrame(): Promise<Frame> {
  let found: Frame | undefined
  await expect
    .poll(
      async () => {
        found = page.frames().find((frame) => frame.url() === 'about:srcdoc' && frame.parentFrame()?.url().includes('/app/'))
        return found ? await found.locator('button', { hasText: 'Get Server Time' }).count() : 0
      },
      { timeout: 20_000 },
    )
    .toBe(1)
  return found!
}

async function allowInDialog(title: string): Promise<void> {
  const dialog = page.getByRole('dialog')
  await dialog.getByRole('heading', { name: title }).waitFor()
  await expect.poll(() => dialog.getByRole('button', { name: 'Allow once' }).isEnabled()).toBe(true)
  await dialog.getByRole('button', { name: 'Allow once' }).click()
  await dialog.waitFor({ state: 'detached' })
}

beforeAll(async () => {
  undeclared = createServer((_request, response) => {
    undeclaredHits++
    response.writeHead(200, { 'Access-Control-Allow-Origin': '*' }).end('reached')
  })
  await new Promise<void>((resolve) => undeclared.listen(0, '127.0.0.1', () => resolve()))
  world = await startChatWorld('apps', {
    models: ['scripted-model'],
    turns: [
      { type: 'tool-calls', text: ['Let me look at the clock.'], calls: [{ name: TOOL, args: {} }] },
      { type: 'text', chunks: ['That is the time on the server.'] },
      { type: 'text', chunks: ['Thanks for the note from the App.'] },
    ],
  }, { alwaysOffer: [TOOL] })
  client = world.client
  await addConsentedExtension(client, { id: 'basic', name: 'Basic', type: 'stdio', command: process.execPath, args: [serverPath, '--stdio'], env: {} })
  await poll(() => read(client, HostResource.apps, AppsResourceSchema), (apps) => apps.tools.some((tool) => tool.name === TOOL && tool.available), 'the App tool in switchboard://apps', 30_000)
  app = await openAppPage(world.host, { timeoutMs: 20_000 })
  page = app.page
}, 180_000)

afterAll(async () => {
  await world?.stop(app)
  await new Promise<void>((resolve) => undeclared?.close(() => resolve()))
}, 60_000)

describe('MCP Apps in browser mode (Electron stands in as headless Chromium)', () => {
  it('shows the App in the tool card with the input and the result, in a sandbox on its own origin', async () => {
    await sendMessage(page, 'What time is it on the server?')
    await allowInDialog('asks to run “Get Time” from Basic')
    const frame = await appFrame()
    // The result (an ISO time) reached the App, which shows it.
    await expect.poll(() => frame.locator('code').first().innerText(), { timeout: 20_000 }).toMatch(/^\d{4}-\d\d-\d\dT/)

    const proxy = frame.parentFrame()!
    const windowOrigin = new URL(page.url()).origin
    expect(new URL(proxy.url()).origin).not.toBe(windowOrigin)
    // Another site than the window (127.0.0.1): Chromium gives Apps a process of their own.
    expect(new URL(proxy.url()).hostname).toBe('localhost')
    const sandbox = await appCard().locator('iframe').getAttribute('sandbox')
    expect(sandbox).toBe('allow-scripts allow-same-origin allow-forms')
    expect(await proxy.locator('iframe').getAttribute('sandbox')).toBe('allow-scripts allow-forms')
    await screenshot(appCard(), 'apps-card.png')
  })

  it('cannot reach the window, its token, storage or an undeclared host', async () => {
    const frame = await appFrame()
    // A string: the test project has no DOM types. Each read is tried and reports whether it was blocked.
    const target = `http://127.0.0.1:${(undeclared.address() as AddressInfo).port}/`
    const probe = (await frame.evaluate(`(async () => {
      const attempt = (read) => { try { return 'read:' + String(read()) } catch (error) { return 'blocked:' + error.name } }
      let fetched
      try { await fetch(${JSON.stringify(target)}); fetched = 'reached' } catch { fetched = 'blocked' }
      return {
        origin: window.origin,
        parentDocument: attempt(() => window.parent.document.title),
        topLocation: attempt(() => window.top.location.href),
        storage: attempt(() => window.localStorage.length),
        cookie: attempt(() => document.cookie),
        referrer: document.referrer,
        fetched,
      }
    })()`)) as Record<string, string>
    expect(probe.origin).toBe('null')
    expect(probe.parentDocument).toMatch(/^blocked:/)
    expect(probe.topLocation).toMatch(/^blocked:/)
    expect(probe.storage).toMatch(/^blocked:/)
    expect(probe.cookie).toMatch(/^blocked:/)
    expect(probe.referrer).not.toContain('token')
    expect(probe.fetched).toBe('blocked')
    expect(undeclaredHits).toBe(0)
    // What was applied is shown with the App.
    await appCard().getByText('Sandbox: no network').click()
    await expect.poll(() => appCard().getByText(/connect-src 'none'/).count()).toBe(1)
  })

  it("passes the App's own tools/call through the approval dialog, saying the App asks", async () => {
    const frame = await appFrame()
    const before = await frame.locator('code').first().innerText()
    await frame.locator('button', { hasText: 'Get Server Time' }).click()
    await expect.poll(async () => (await approvals()).map((item) => item.message)).toEqual(['The App “Get Time” of extension Basic asks to run Get Time of Basic.'])
    await screenshot(page, 'apps-approval.png')
    await allowInDialog('The App “Get Time” of extension Basic asks to run “Get Time” from Basic')
    await expect.poll(() => frame.locator('code').first().innerText(), { timeout: 20_000 }).not.toBe(before)
    // A real answer of the tool, not an error text.
    expect(await frame.locator('code').first().innerText()).toMatch(/^\d{4}-\d\d-\d\dT/)
  })

  it('tells the App when the theme changes (host-context-changed, in its own window)', async () => {
    const frame = await appFrame()
    // What the App's window receives: the same postMessage traffic the App's SDK reads.
    await frame.evaluate(`(() => {
      window.seenThemes = []
      window.addEventListener('message', (event) => {
        if (event.data && event.data.method === 'ui/notifications/host-context-changed') window.seenThemes.push(event.data.params.theme)
      })
    })()`)
    const themes = () => frame.evaluate('window.seenThemes')
    await setColorScheme(page, 'dark')
    await expect.poll(themes).toEqual(['dark'])
    await screenshot(appCard(), 'apps-card-dark.png')
    await setColorScheme(page, 'light')
    await expect.poll(themes).toEqual(['dark', 'light'])
  })

  it('floats the App in picture-in-picture and shows it full screen when it asks, and brings it back', async () => {
    const frame = await appFrame()
    // The App asks as its SDK would: a ui/request-display-mode request to its host, answered with the mode in force.
    const ask = (mode: string) =>
      frame.evaluate(`new Promise((resolve) => {
        const id = 'display-mode-' + Math.random()
        const onMessage = (event) => {
          if (!event.data || event.data.id !== id) return
          window.removeEventListener('message', onMessage)
          resolve(event.data.result ? event.data.result.mode : 'error')
        }
        window.addEventListener('message', onMessage)
        window.parent.postMessage({ jsonrpc: '2.0', id, method: 'ui/request-display-mode', params: { mode: ${JSON.stringify(mode)} } }, '*')
      })`)
    expect(await ask('pip')).toBe('pip')
    const floating = page.getByRole('region', { name: 'App of Basic, picture in picture' })
    await floating.waitFor()
    const box = (await floating.boundingBox())!
    const viewport = page.viewportSize()!
    expect(box.width).toBe(360)
    expect(box.x + box.width).toBeGreaterThan(viewport.width - 60)
    // The same App, not a new one: its last answer is still shown.
    expect(await frame.locator('code').first().innerText()).toMatch(/^\d{4}-\d\d-\d\dT/)
    await screenshot(page, 'apps-pip.png')
    await floating.getByRole('button', { name: 'Back into the conversation' }).click()
    await floating.waitFor({ state: 'detached' })

    expect(await ask('fullscreen')).toBe('fullscreen')
    await page.getByRole('button', { name: 'Exit full screen' }).waitFor()
    await page.keyboard.press('Escape')
    await page.getByRole('button', { name: 'Exit full screen' }).waitFor({ state: 'detached' })
    expect(await ask('inline')).toBe('inline')
  })

  it('adds a ui/message to the conversation as coming from the App', async () => {
    const frame = await appFrame()
    await frame.locator('textarea').fill('Hello from inside the App')
    await frame.locator('button', { hasText: 'Send Message' }).click()
    const sessionId = (await read(client, HostResource.sessions, SessionsResourceSchema)).sessions[0]!.id
    await expect
      .poll(async () => (await read(client, historyUri(sessionId), HistoryResourceSchema)).messages.find((message) => message.role === 'user' && message.text === 'Hello from inside the App'))
      .toMatchObject({ from: 'App of Basic' })
    await expect.poll(() => page.getByText('From the App of Basic').count()).toBe(1)
    await page.getByText('Thanks for the note from the App.').waitFor()
  })

  it('shows the App again after a reload, from the saved call', async () => {
    await page.reload()
    await page.getByRole('navigation', { name: 'Sessions' }).waitFor()
    await page.getByRole('navigation', { name: 'Sessions' }).getByRole('button').filter({ hasText: /time/i }).first().click().catch(() => undefined)
    const frame = await appFrame()
    await expect.poll(() => frame.locator('code').first().innerText(), { timeout: 20_000 }).toMatch(/^\d{4}-\d\d-\d\dT/)
    expect(app.pageErrors).toEqual([])
  })

  it("shows the App of a tool run by hand on the extension page, fed that run's result", async () => {
    await page.getByRole('button', { name: 'Settings' }).click()
    await page.getByRole('tab', { name: 'Extensions' }).click()
    await page.getByTitle('Show details of Basic').click()
    await page.getByRole('button', { name: 'Run get-time' }).click()
    const run = page.getByRole('form', { name: 'Run get-time' })
    await run.getByRole('button', { name: 'Run', exact: true }).click()
    // Run by hand, the person is the approver: no dialog, and the App appears under the form.
    await expect.poll(() => run.locator('[data-app-of="basic"] iframe').count(), { timeout: 20_000 }).toBe(1)
    const inRun = async () => page.frames().find((frame) => frame.url() === 'about:srcdoc' && frame.parentFrame()?.url().includes('/app/'))
    await expect.poll(async () => (await (await inRun())?.locator('code').first().innerText().catch(() => '')) ?? '', { timeout: 20_000 }).toMatch(/^\d{4}-\d\d-\d\dT/)
    await screenshot(run, 'apps-run.png')
  })

  it('feeds the App the input while the model is still writing the call (tool-input-partial), then the whole input', async () => {
    // Records, in every new frame, the App notifications its window receives from the host.
    await page.addInitScript({ content: `window.seenMethods = []; window.addEventListener('message', (event) => { if (event.data && typeof event.data.method === 'string' && event.data.method.startsWith('ui/notifications/tool-')) window.seenMethods.push(event.data.method) })` })
    world!.models.push(
      { type: 'tool-calls', text: ['Checking again.'], calls: [{ name: TOOL, args: {}, id: 'call-being-written' }], holdBeforeEnd: 'writing' },
      { type: 'text', chunks: ['Checked.'] },
    )
    await page.getByRole('navigation', { name: 'Sessions' }).getByRole('button').filter({ hasText: /time/i }).first().click()
    // The session's history drawn first: a message typed while the window is still switching to it would be cleared with the old view.
    await page.getByRole('article').filter({ hasText: 'What time is it on the server?' }).first().waitFor()
    await sendMessage(page, 'And once more, please.')
    await page.getByRole('article').filter({ hasText: 'And once more, please.' }).first().waitFor()
    // The model has not finished the call: the App is on screen already, fed the input so far.
    // An App runs only while its card is on screen (AppSlot): the card brought into view, as a person would scroll to it.
    const card = page.locator('[data-app-slot="call-being-written"]')
    await card.waitFor({ state: 'attached', timeout: 20_000 })
    await card.scrollIntoViewIfNeeded()
    const slot = card.locator('iframe')
    // Should the App not start, the failure says what the card showed instead (a placeholder box, "Loading…", an error).
    await slot.waitFor({ timeout: 20_000 }).catch(async (error: unknown) => {
      throw new Error(`the App of the call being written did not start; its card held: ${(await card.evaluate((element) => element.outerHTML)).slice(0, 1_000)}`, { cause: error })
    })
    const proxy = (await (await slot.elementHandle())!.contentFrame())!
    const seen = () => proxy.evaluate('window.seenMethods') as Promise<string[]>
    await expect.poll(seen, { timeout: 20_000 }).toContain('ui/notifications/tool-input-partial')
    expect(await seen()).not.toContain('ui/notifications/tool-input')
    expect(await page.locator('section[aria-label^="Tool call"] [data-state="writing"]').count()).toBe(1)

    world!.models.release('writing')
    await allowInDialog('asks to run “Get Time” from Basic')
    await expect.poll(seen, { timeout: 20_000 }).toContain('ui/notifications/tool-result')
    const methods = await seen()
    expect(methods.indexOf('ui/notifications/tool-input-partial')).toBeLessThan(methods.indexOf('ui/notifications/tool-input'))
    expect(methods.filter((method) => method === 'ui/notifications/tool-input')).toHaveLength(1)
    await page.getByText('Checked.').waitFor()
    // Once the turn is over and in the history, it is still the App that saw the call being written:
    // never started again, never told the call was cancelled on its way into the history.
    await page.getByRole('article', { name: 'Assistant' }).filter({ hasText: 'Checked.' }).getByRole('button', { name: 'Regenerate reply' }).waitFor()
    expect(proxy.isDetached()).toBe(false)
    expect(await seen()).not.toContain('ui/notifications/tool-cancelled')
  })
})
