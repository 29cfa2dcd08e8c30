/**
 * Frontend tools end to end in browser mode: the real host (`npm run host`), the built renderer in
 * headless Chromium serving its tools over `/frontend`, and the scripted model server calling
 * `render_chart`. The chart must appear as SVG in the tool card, drawn without eval under the CSP.
 * Then the window reloads while a call is in flight: the call fails with "window unavailable",
 * the extension becomes ready again on its own, and the next call works.
 */
import type { Client } from '@modelcontextprotocol/client'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ExtensionLogResourceSchema, ExtensionsResourceSchema, extensionLogUri, HistoryResourceSchema, HostResource, ProgressResourceSchema, SessionsResourceSchema, SettingsResourceSchema, ToolsResourceSchema, historyUri, progressUri } from '../../src/shared/hostApi'
import type { ScriptedModelServer } from '../fixtures/modelServer/scriptedModelServer'
import { read } from '../helpers/hostCalls'
import { openAppPage, screenshot, sendMessage, type AppPage } from './appPage'
import { startChatWorld, type ChatWorld } from './chatWorld'

const fruitSpec = (scale: number) => ({
  $schema: 'https://vega.github.io/schema/vega-lite/v6.json',
  mark: { type: 'bar', tooltip: true },
  width: 320,
  height: 180,
  data: { values: ['apples', 'pears', 'plums', 'cherries'].map((fruit, index) => ({ fruit, sold: (index + 2) * scale })) },
  // A calculated field: drawing it needs an expression, which must run without eval under the CSP.
  transform: [{ calculate: 'datum.sold * 2', as: 'doubled' }],
  encoding: { x: { field: 'fruit', type: 'nominal' }, y: { field: 'doubled', type: 'quantitative' } },
})

let world: ChatWorld | undefined
let models: ScriptedModelServer | undefined
let app: AppPage
let page: Page
let client: Client | undefined
/** While set, calls from main to the page's frontend server are swallowed: the call stays in flight. */
let holdCalls = false

const frontendStatus = async () => (await read(client!, HostResource.extensions, ExtensionsResourceSchema)).extensions.find((e) => e.id === 'frontend')
const messageBox = () => page.getByRole('textbox', { name: 'Message' })

const send = (text: string) => sendMessage(page, text)

beforeAll(async () => {
  world = await startChatWorld('frontend', {
    models: ['scripted-model'],
    turns: [
      { type: 'tool-calls', text: ['Here is the chart.'], calls: [{ name: 'frontend__render_chart', args: { spec: fruitSpec(1), title: 'Fruit sold' } }] },
      { type: 'text', chunks: ['Apples sold least.'] },
      { type: 'tool-calls', calls: [{ name: 'frontend__render_chart', args: { spec: fruitSpec(2), title: 'Lost in a reload' } }] },
      { type: 'tool-calls', calls: [{ name: 'frontend__render_chart', args: { spec: fruitSpec(3), title: 'Fruit sold again' } }] },
      { type: 'text', chunks: ['Drawn again.'] },
    ],
  }, { alwaysOffer: ['frontend__render_chart'] })
  models = world.models
  client = world.client
  app = await openAppPage(world.host, {
    timeoutMs: 20_000,
    // The real socket to the host, with a tap that can hold back tools/call requests (to have a call in flight at reload).
    beforeLoad: (page) =>
      page.routeWebSocket(/\/frontend\?/, (socket) => {
        const server = socket.connectToServer()
        socket.onMessage((message) => server.send(message))
        server.onMessage((message) => {
          if (holdCalls && typeof message === 'string' && message.includes('"tools/call"')) return
          socket.send(message)
        })
      }),
  })
  page = app.page
}, 180_000)

afterAll(async () => {
  await world?.stop(app)
}, 60_000)

describe('Frontend tools in browser mode (Electron stands in as headless Chromium)', () => {
  it('draws a render_chart call inline, survives a reload mid-call (F19) and works again after', async () => {
    // A new data folder has the window's extension; the page connects it over /frontend.
    await expect.poll(async () => (await frontendStatus())?.status, { timeout: 30_000 }).toBe('ready')
    await expect
      .poll(async () => (await read(client!, HostResource.tools, ToolsResourceSchema)).tools.map((tool) => tool.name).filter((name) => name.startsWith('frontend__')).sort())
      .toEqual(['frontend__copy_to_clipboard', 'frontend__render_chart', 'frontend__show_notification'])

    await page.getByRole('button', { name: 'New session', exact: true }).first().click()
    await messageBox().waitFor()
    await send('Chart the fruit sales, please.')
    const chart = page.getByRole('figure', { name: 'Fruit sold' })
    await chart.locator('svg').first().waitFor()
    // One bar per fruit, drawn by Vega (the calculated field needed the expression interpreter).
    await expect.poll(() => chart.locator('svg .mark-rect path').count()).toBe(4)
    await page.getByText('Apples sold least.').waitFor()
    await chart.scrollIntoViewIfNeeded()
    await screenshot(page, 'frontend-chart.png')
    expect(app.consoleErrors.filter((text) => /Content Security Policy|unsafe-eval/i.test(text))).toEqual([])

    // A call in flight when the window reloads fails cleanly with "window unavailable".
    const { sessions } = await read(client!, HostResource.sessions, SessionsResourceSchema)
    const sessionId = sessions[0]!.id
    holdCalls = true
    await send('Once more, please.')
    await expect
      .poll(async () => (await read(client!, progressUri(sessionId), ProgressResourceSchema)).turn?.toolCalls[0]?.state)
      .toBe('running')
    const startsBefore = (await frontendStatus())!
    holdCalls = false
    await page.reload()
    await expect
      .poll(async () => {
        const history = await read(client!, historyUri(sessionId), HistoryResourceSchema)
        const calls = history.messages.flatMap((message) => (message.role === 'assistant' ? message.toolCalls : []))
        return JSON.stringify(calls[1]?.result?.content ?? null)
      }, { timeout: 20_000 })
      .toMatch(/window unavailable/)

    // The reloaded page connects again: ready, without a storm of restarts.
    await expect.poll(async () => (await frontendStatus())?.status, { timeout: 30_000 }).toBe('ready')
    expect(startsBefore.status).toBe('ready')
    const log = await read(client!, extensionLogUri('frontend'), ExtensionLogResourceSchema)
    const starts = log.entries.filter((entry) => entry.text === 'starting').length
    expect(starts).toBeLessThanOrEqual(4)

    await page.getByRole('navigation', { name: 'Sessions' }).getByRole('button', { name: sessions[0]!.title, exact: true }).click()
    // The first chart comes back from the history after the reload.
    await page.getByRole('figure', { name: 'Fruit sold' }).locator('svg .mark-rect path').first().waitFor()
    // The turn ended there: the person is told the tool could not run because the window went away.
    await page.getByText('could not run: window unavailable', { exact: false }).first().waitFor()
    await send('And again.')
    const again = page.getByRole('figure', { name: 'Fruit sold again' })
    await expect.poll(() => again.locator('svg .mark-rect path').count()).toBe(4)
    // Once the turn has settled the reply is drawn once. A run of the whole suite beside a busy core
    // once found it twice; a strict wait fails at the first sight, so whether for a moment or to stay
    // is not known, nor the cause. Twice to stay still fails here.
    await page.getByText('Drawn again.').first().waitFor()
    await expect.poll(() => page.getByText('Drawn again.').count()).toBe(1)
    expect(models!.remainingTurns).toBe(0)
  }, 180_000)

  it('lets the person choose folders for extensions: globally in Settings → General, and per session in the chat header', async () => {
    await page.getByRole('button', { name: 'Settings', exact: true }).click()
    await page.getByRole('tab', { name: 'General' }).click()
    const section = page.getByRole('region', { name: 'Folders for extensions' })
    const field = section.getByRole('textbox', { name: 'Add a folder' })
    await field.fill('relative/folder')
    await section.getByRole('button', { name: 'Add', exact: true }).click()
    await section.getByRole('alert').getByText('absolute path', { exact: false }).waitFor()
    await field.fill('/srv/shared')
    await page.keyboard.press('Enter')
    await section.getByRole('list', { name: 'Folders for every session' }).getByText('/srv/shared').waitFor()
    await expect.poll(async () => (await read(client!, HostResource.settings, SettingsResourceSchema)).roots).toEqual([{ path: '/srv/shared' }])

    const { sessions } = await read(client!, HostResource.sessions, SessionsResourceSchema)
    await page.getByRole('navigation', { name: 'Sessions' }).getByRole('button', { name: sessions[0]!.title, exact: true }).click()
    const toggle = page.getByRole('button', { name: 'Folders', exact: true })
    await toggle.click()
    const panel = page.getByRole('group', { name: 'Folders for this session' })
    await panel.getByRole('textbox', { name: 'Add a folder' }).fill('/home/me/notes')
    await panel.getByRole('button', { name: 'Add', exact: true }).click()
    await panel.getByRole('list', { name: 'Folders for this session' }).getByText('/home/me/notes').waitFor()
    await expect
      .poll(async () => (await read(client!, HostResource.sessions, SessionsResourceSchema)).sessions[0]?.roots)
      .toEqual([{ path: '/home/me/notes' }])
    await screenshot(page, 'frontend-session-folders.png')
    // Escape closes the panel and gives the focus back to its button, which now counts the folder.
    await page.keyboard.press('Escape')
    await panel.waitFor({ state: 'detached' })
    const reopened = page.getByRole('button', { name: 'Folders (1)', exact: true })
    await reopened.waitFor()
    expect(await page.evaluate('document.activeElement?.textContent')).toBe('Folders (1)')
  }, 60_000)

  it('shows a structured result as name/value rows with the raw JSON one click away (System → get_current_time)', async () => {
    await page.getByRole('button', { name: 'Settings', exact: true }).click()
    await page.getByRole('tab', { name: 'Extensions' }).click()
    await page.getByRole('button', { name: 'System', exact: true }).click()
    await page.getByRole('button', { name: 'Run get_current_time' }).click()
    const run = page.getByRole('form', { name: 'Run get_current_time' })
    await run.getByLabel('Arguments (JSON)').fill('{"timeZone":"UTC"}')
    await run.getByRole('button', { name: 'Run', exact: true }).click()
    const structured = run.getByRole('region', { name: 'Result' }).getByRole('region', { name: 'Structured result' })
    const offset = structured.getByRole('row', { name: /utcOffset/ })
    expect(await offset.getByRole('cell').innerText()).toBe('+00:00')
    expect(await structured.getByRole('rowheader').allInnerTexts()).toEqual(['iso', 'local', 'timeZone', 'utcOffset', 'weekday'])
    await run.scrollIntoViewIfNeeded()
    await screenshot(page, 'structured-result.png')
    const raw = structured.getByRole('button', { name: 'Raw JSON' })
    await raw.click()
    expect(await raw.getAttribute('aria-pressed')).toBe('true')
    expect(JSON.parse(await structured.locator('pre').innerText())).toMatchObject({ timeZone: 'UTC', utcOffset: '+00:00' })
  }, 60_000)
})
