/**
 * Questions from extensions and tool progress end to end in browser mode: the real host (`npm run
 * host`), the built renderer in headless Chromium, server-everything over stdio, and the scripted
 * model server. A question is started by running server-everything's tool through the host (as the
 * extension page does); the page shows the generated form, checks it, survives a reload, and sends
 * the answer. A chat turn runs trigger-long-running-operation and the tool card's bar is caught
 * mid-way. Screenshots go to test-results/.
 */
import { mkdtemp } from 'node:fs/promises'
import { createServer, type Server } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Client } from '@modelcontextprotocol/client'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ElicitationsResourceSchema, HostResource, ToolsResourceSchema } from '../../src/shared/hostApi'
import { startScriptedModelServer, type ScriptedModelServer } from '../fixtures/modelServer/scriptedModelServer'
import { addConsentedExtension, alwaysOfferTools, call, poll, read, selectScriptedModel } from '../helpers/hostCalls'
import { connectHostClient, openAppPage, root, screenshot, stopHostAndClean, type AppPage } from './appPage'
import { startHost, type HostProcess } from './hostProcess'

const everythingPath = join(root, 'node_modules/@modelcontextprotocol/server-everything/dist/index.js')

let host: HostProcess | undefined
let models: ScriptedModelServer | undefined
let pages: Server | undefined
let pageRequests = 0
let dataDir: string
let app: AppPage
let page: Page
let client: Client | undefined

/** Runs a server-everything tool by hand through the host (what the extension page's Run button does); resolves with its text. */
const runTool = (name: string, args: Record<string, unknown> = {}) =>
  call(client!, 'tool_call', { name: `everything__${name}`, arguments: args }, { timeout: 120_000 }).then((result) => (result.content as { text?: string }[]).map((block) => block.text ?? '').join('\n'))

const dialog = () => page.getByRole('dialog')

beforeAll(async () => {
  models = await startScriptedModelServer({
    turns: [
      { type: 'tool-calls', text: ['Starting the long operation.'], calls: [{ name: 'everything__trigger-long-running-operation', args: { duration: 12, steps: 4 } }] },
      { type: 'text', chunks: ['The operation finished.'] },
    ],
  })
  pages = createServer((_request, response) => {
    pageRequests++
    response.end('<!doctype html><title>Signed in</title>')
  })
  await new Promise<void>((listening) => pages!.listen(0, '127.0.0.1', listening))
  dataDir = await mkdtemp(join(tmpdir(), 'switchboard-e2e-elicitation-'))
  host = await startHost(root, dataDir)
  client = await connectHostClient(host, 'e2e-elicitation')

  await addConsentedExtension(client, { id: 'everything', name: 'Everything', type: 'stdio', command: process.execPath, args: [everythingPath, 'stdio'] })
  await poll(
    () => read(client!, HostResource.tools, ToolsResourceSchema),
    ({ tools }) => tools.some((tool) => tool.name === 'everything__trigger-url-elicitation'),
    'server-everything to list its URL elicitation tool',
    30_000,
  )
  await selectScriptedModel(client, models.baseUrl)
  await alwaysOfferTools(client, ['everything__trigger-long-running-operation'])
  await call(client, 'permission_mode_set', { mode: 'autonomous' })

  app = await openAppPage(host, { timeoutMs: 15_000 })
  page = app.page
}, 180_000)

afterAll(async () => {
  await client?.close()
  await app?.close()
  await models?.stop()
  await new Promise((closed) => (pages ? pages.close(closed) : closed(undefined)))
  await stopHostAndClean(host, [dataDir])
}, 60_000)

describe('Questions from extensions and tool progress in Chromium', () => {
  it('shows a generated form with defaults, checks it before sending, survives a reload, and sends the answer', async () => {
    const result = runTool('trigger-elicitation-request')
    await dialog().getByRole('heading', { name: 'Everything has a question' }).waitFor()
    const form = dialog().getByRole('form', { name: 'Answer' })
    // Defaults are prefilled; the required field is marked.
    expect(await form.getByLabel('String with default').inputValue()).toBe('It was a dark and stormy night.')
    expect(await form.getByLabel('Integer', { exact: true }).inputValue()).toBe('42')
    expect(await form.getByLabel('Titled Single Select Enum', { exact: true }).locator('option:checked').innerText()).toBe('Superman')
    expect(await form.getByRole('group', { name: 'Titled Multiple Select Enum', exact: true }).getByLabel('Tuna').isChecked()).toBe(true)
    expect(await form.getByRole('textbox', { name: 'String', exact: true }).getAttribute('aria-required')).toBe('true')

    // Main keeps the question: a reload shows it again.
    await page.reload()
    await dialog().getByRole('heading', { name: 'Everything has a question' }).waitFor()

    // Checked before sending: nothing goes to the host while something is wrong.
    await form.getByLabel('String with email format').fill('not an email')
    await form.getByLabel('Integer', { exact: true }).fill('500')
    await dialog().getByRole('button', { name: 'Send answer' }).click()
    await form.getByText('String is required.').waitFor()
    await form.getByText('String with email format must be an email address', { exact: false }).waitFor()
    await form.getByText('Integer must be at most 100.').waitFor()
    await screenshot(page, 'elicitation-form-invalid.png')
    expect((await read(client!, HostResource.elicitations, ElicitationsResourceSchema)).elicitations.length).toBe(1)

    await form.getByRole('textbox', { name: 'String', exact: true }).fill('Ada Lovelace')
    await form.getByLabel('String with email format').fill('ada@example.com')
    await form.getByLabel('Integer', { exact: true }).fill('7')
    await form.getByLabel('Boolean').check()
    await form.getByLabel('String with date format').fill('1815-12-10')
    // The extension's message and the first fields in view.
    await dialog().getByRole('group', { name: 'What it will do' }).evaluate((body) => body.scrollTo(0, 0))
    await screenshot(page, 'elicitation-form.png')
    // Enter in a field sends the form.
    await form.getByRole('textbox', { name: 'String', exact: true }).press('Enter')
    const answered = await result
    expect(answered).toContain('User provided the requested information')
    const raw = JSON.parse(answered.split('Raw result: ')[1]!) as { action: string; content: Record<string, unknown> }
    expect(raw).toMatchObject({
      action: 'accept',
      content: { name: 'Ada Lovelace', email: 'ada@example.com', integer: 7, check: true, birthdate: '1815-12-10', firstLine: 'It was a dark and stormy night.', number: 3.14, titledMultipleSelectEnum: ['fish-1'] },
    })
    await expect.poll(() => dialog().count()).toBe(0)

    // Escape cancels.
    const second = runTool('trigger-elicitation-request')
    await dialog().getByRole('heading', { name: 'Everything has a question' }).waitFor()
    await page.keyboard.press('Escape')
    expect(await second).toContain('User cancelled')
  })

  it('shows a URL question in full, loads nothing until Open is clicked, then opens it in a new tab', async () => {
    const link = `http://127.0.0.1:${(pages!.address() as { port: number }).port}/authorize?state=e2e`
    const result = runTool('trigger-url-elicitation', { url: link, message: 'Sign in to the demo service.', elicitationId: 'e2e-flow' })
    await dialog().getByRole('heading', { name: 'Open a page for Everything?' }).waitFor()
    const shown = dialog().getByTestId('question-url')
    expect(await shown.innerText()).toBe(link)
    expect(await shown.locator('strong').innerText()).toBe(`http://127.0.0.1:${(pages!.address() as { port: number }).port}`)
    await dialog().getByText('not encrypted', { exact: false }).waitFor()
    // No preview, no prefetch: the link is only text.
    expect(await page.locator(`a[href^="${link}"], img[src^="${link}"], link[href^="${link}"], iframe`).count()).toBe(0)
    await screenshot(page, 'elicitation-url.png')
    expect(pageRequests).toBe(0)

    const tab = app.context.waitForEvent('page')
    await dialog().getByRole('button', { name: 'Open in browser' }).click()
    const opened = await tab
    await opened.waitForLoadState()
    expect(opened.url()).toBe(link)
    expect(await opened.evaluate('window.opener')).toBeNull()
    await opened.close()
    expect(await result).toContain('User completed the URL elicitation flow')
    expect(pageRequests).toBeGreaterThanOrEqual(1)
  })

  it('draws the tool card progress from notifications/progress: indeterminate before the first step, then determinate', async () => {
    await page.getByRole('button', { name: 'New session', exact: true }).first().click()
    const messageBox = page.getByRole('textbox', { name: 'Message' })
    await expect.poll(() => messageBox.isEnabled()).toBe(true)
    await messageBox.fill('Run the long operation')
    await page.keyboard.press('Enter')
    const bar = page.getByRole('progressbar', { name: /Progress of/ })
    await bar.waitFor({ timeout: 30_000 })
    // Before the first step's notification the tool gave no total yet: an indeterminate bar.
    expect(await bar.getAttribute('aria-valuenow')).toBeNull()
    await expect.poll(() => bar.getAttribute('aria-valuenow'), { timeout: 20_000 }).toBe('50')
    await screenshot(page, 'progress-bar-midway.png')
    await page.getByText('The operation finished.').waitFor({ timeout: 30_000 })
    expect(app.pageErrors).toEqual([])
  })

  it("sets an extension's server log level on its page and shows the server's log lines with level badges and a level filter", async () => {
    await page.getByRole('button', { name: 'Settings' }).click()
    await page.getByRole('tab', { name: 'Extensions' }).click()
    await page.getByRole('button', { name: 'Everything', exact: true }).click()
    await page.getByRole('heading', { level: 2, name: 'Everything' }).waitFor()
    const level = page.getByRole('combobox', { name: 'Server log level' })
    expect(await level.inputValue()).toBe('')
    await level.selectOption('debug')
    await expect.poll(() => level.inputValue()).toBe('debug')
    await page.getByRole('tab', { name: 'Log' }).click()
    const log = page.getByRole('log', { name: 'Extension log' })
    await log.getByText('asked the server for log messages of level "debug" and above').waitFor()
    // Each start of simulated logging sends one message of a random level at once (other server lines may be there already).
    const before = await log.locator('[data-level]').count()
    for (let i = 0; i < 12; i++) {
      await runTool('toggle-simulated-logging')
      await runTool('toggle-simulated-logging')
    }
    await expect.poll(() => log.locator('[data-level]').count()).toBe(before + 12)
    await screenshot(page, 'extension-log-levels.png')
    const levels = await log.locator('[data-level]').evaluateAll((badges) => badges.map((badge) => badge.getAttribute('data-level')))
    const severe = levels.filter((name) => ['error', 'critical', 'alert', 'emergency'].includes(name ?? '')).length
    await page.getByRole('combobox', { name: 'Level', exact: true }).selectOption('error')
    await expect.poll(() => log.locator('[data-level]').count()).toBe(severe)
  })
})
