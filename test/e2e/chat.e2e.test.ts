/**
 * Chat end to end through browser mode: the real host (`npm run host`), the built renderer in
 * headless Chromium, the scripted model server as an OpenAI-compatible provider (real HTTP, real
 * SSE), and the fixture MCP server over stdio for a tool call that needs approval. Only Electron is
 * absent (browser mode stands in for its window).
 */
import { join } from 'node:path'
import type { Client } from '@modelcontextprotocol/client'
import type { Locator, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ExtensionsResourceSchema, HostResource, SessionsResourceSchema, ToolsResourceSchema } from '../../src/shared/hostApi'
import type { ScriptedModelServer } from '../fixtures/modelServer/scriptedModelServer'
import { call, read } from '../helpers/hostCalls'
import { allowOnceInConsentDialog, openAppPage, root, screenshot, screenshotLightAndDark, type AppPage } from './appPage'
import { startChatWorld, type ChatWorld } from './chatWorld'

const fixtureServerPath = join(root, 'test/fixtures/servers/fixtureServer.mjs')

/** The first reply, cut into many small chunks so that the page has to show it growing. */
const firstReply = [
  '## A plan in three steps\n\n',
  'Here is what I would do, **one step at a time**:\n\n',
  '1. Read the `README` first.\n',
  '2. Run the tests.\n',
  '3. Ship it.\n\n',
  'A small helper:\n\n',
  '```ts\n',
  'export function add(a: number, b: number): number {\n',
  '  return a + b\n',
  '}\n',
  '```\n\n',
  'That is all for now.',
]
  .join('')
  .match(/[\s\S]{1,6}/g)!
const FIRST_DONE = 'That is all for now.'
const ECHOED = 'hello from the scripted model'
const FINAL = `The echo tool answered with **${ECHOED}**, so the round trip works.`

let world: ChatWorld | undefined
let models: ScriptedModelServer | undefined
let app: AppPage
let page: Page
let client: Client | undefined

const conversation = () => page.getByRole('feed', { name: 'Conversation' })
const assistantReplies = () => page.getByRole('article', { name: 'Assistant' })
const messageBox = () => page.getByRole('textbox', { name: 'Message' })

/** Samples the text of `target` until it contains `done`; returns every distinct text seen on the way. */
async function watchGrow(target: Locator, done: string, timeoutMs = 20_000): Promise<string[]> {
  const seen: string[] = []
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    const text = (await target.innerText().catch(() => '')).trim()
    if (text !== '' && text !== seen.at(-1)) seen.push(text)
    if (text.includes(done)) return seen
    await new Promise((settle) => setTimeout(settle, 40))
  }
  throw new Error(`"${done}" did not arrive; last text: ${seen.at(-1) ?? '(none)'}`)
}

beforeAll(async () => {
  world = await startChatWorld('chat', {
    models: ['scripted-model', 'scripted-large'],
    turns: [
      { type: 'text', chunks: firstReply, delayMs: 40 },
      { type: 'tool-calls', text: ['Let me check that with the echo tool.'], calls: [{ name: 'fixture__echo', args: { text: ECHOED } }] },
      { type: 'text', chunks: FINAL.match(/[\s\S]{1,8}/g)!, delayMs: 20 },
    ],
  }, { selectModel: false, alwaysOffer: ['fixture__echo'] })
  models = world.models
  client = world.client
  app = await openAppPage(world.host, { viewport: { width: 1180, height: 860 }, timeoutMs: 15_000 })
  page = app.page
}, 180_000)

afterAll(async () => {
  await world?.stop(app)
}, 60_000)

describe('Chat in browser mode (Electron stands in as headless Chromium)', () => {
  it('sets up a provider from the first-run screen, streams a reply, runs an approved tool call, and keeps it all across a reload', async () => {
    // First run: no provider yet, so the main area leads to Settings → Models & keys.
    await page.getByRole('heading', { level: 1, name: 'Set up a model to start chatting' }).waitFor()
    await screenshot(page, 'chat-first-run.png')
    await page.getByRole('button', { name: 'Open Models & keys' }).click()
    expect(await page.getByRole('tab', { name: 'Models & keys' }).getAttribute('aria-selected')).toBe('true')
    await page.getByText('No providers yet').waitFor()

    // Add the scripted server as a custom OpenAI-compatible provider with one model typed in.
    await page.getByRole('button', { name: 'Add provider' }).click()
    const form = page.getByRole('form', { name: 'Add a provider' })
    await form.getByRole('radio', { name: 'OpenAI-compatible server' }).check()
    // Nothing filled in: the form says what is missing and sends nothing.
    await form.getByRole('button', { name: 'Add provider' }).click()
    await form.getByText('Give the provider a name.').waitFor()
    await form.getByText('Give the server’s base URL', { exact: false }).waitFor()
    await form.getByLabel('Name', { exact: true }).fill('Scripted server')
    expect(await form.getByLabel('Id', { exact: true }).inputValue()).toBe('scripted-server')
    await form.getByLabel('Base URL').fill(models!.baseUrl)
    expect(await form.getByLabel('API key (optional)').getAttribute('type')).toBe('password')
    await form.getByRole('textbox', { name: 'Model name' }).fill('scripted-model')
    await page.keyboard.press('Enter') // adds the model, does not submit
    await form.getByRole('list', { name: 'Models' }).getByText('scripted-model', { exact: true }).waitFor()
    await screenshot(page, 'chat-provider-form.png')
    await form.getByRole('button', { name: 'Add provider' }).click()

    // Back on the list: the new provider is tested at once and offers its other model.
    const providers = page.getByRole('list', { name: 'Providers' })
    const row = providers.getByRole('listitem', { name: 'Scripted server' })
    await row.getByText('Connected.', { exact: false }).waitFor()
    await row.getByRole('button', { name: 'Add model scripted-large' }).click()
    await row.getByRole('list', { name: 'Models of Scripted server' }).getByText('scripted-large').waitFor()
    // The first model was selected for new messages; choose it explicitly all the same.
    const picker = page.getByRole('combobox', { name: 'Model' })
    await picker.selectOption({ label: 'scripted-model' })
    await expect.poll(() => row.locator('[aria-current="true"]').innerText()).toContain('scripted-model')
    await screenshot(page, 'chat-models-settings.png')

    // A new session: the composer is ready, the picker shows the model.
    await page.getByRole('button', { name: 'New session', exact: true }).first().click()
    await messageBox().waitFor()
    await expect.poll(() => messageBox().isEnabled()).toBe(true)
    await messageBox().fill('Give me a plan')
    await page.keyboard.press('Shift+Enter')
    await page.keyboard.type('with a code sample, please.')
    expect(await messageBox().inputValue()).toBe('Give me a plan\nwith a code sample, please.')
    await page.keyboard.press('Enter')
    expect(await messageBox().inputValue()).toBe('')

    // It streams: the reply is seen growing, with Stop offered meanwhile, then it is committed.
    await page.getByRole('button', { name: 'Stop' }).waitFor()
    const growing = await watchGrow(assistantReplies().last(), FIRST_DONE)
    expect(growing.length).toBeGreaterThanOrEqual(3)
    await page.getByRole('button', { name: 'Send', exact: true }).waitFor()
    const first = conversation().getByRole('article', { name: 'Assistant' }).first()
    await first.getByRole('heading', { name: 'A plan in three steps' }).waitFor()
    await first.getByRole('button', { name: 'Copy ts code' }).waitFor()
    expect(await first.locator('code.hljs .hljs-keyword').count()).toBeGreaterThan(0)
    expect(await first.getByRole('listitem').allInnerTexts()).toEqual(['Read the README first.', 'Run the tests.', 'Ship it.'])
    await expect.poll(() => assistantReplies().count()).toBe(1)

    // The fixture extension: added through the host, started after its consent dialog.
    await call(client!, 'extension_add', {
      config: { id: 'fixture', name: 'Fixture', type: 'stdio', command: process.execPath, args: [fixtureServerPath], env: {} },
    })
    const dialog = page.getByRole('dialog')
    await allowOnceInConsentDialog(page, 'Fixture')
    await dialog.waitFor({ state: 'detached' })
    await expect
      .poll(async () => (await read(client!, HostResource.extensions, ExtensionsResourceSchema)).extensions[0]?.status, { timeout: 30_000 })
      .toBe('ready')
    // Ready, and its tools are in the catalog the next turn offers the model.
    await expect
      .poll(async () => (await read(client!, HostResource.tools, ToolsResourceSchema)).tools.map((tool) => tool.name), { timeout: 30_000 })
      .toContain('fixture__echo')
    // Every call asks first.
    await call(client!, 'permission_mode_set', { mode: 'ask' })

    // The second message: the model calls echo, which waits for approval in the dialog.
    await messageBox().fill('Now try the echo tool.')
    await page.keyboard.press('Enter')
    const card = page.getByRole('region', { name: 'Tool call: echo' })
    await card.getByText('Waiting for approval').waitFor()
    await dialog.waitFor()
    await expect.poll(() => dialog.getByRole('button', { name: 'Allow once' }).isEnabled()).toBe(true)
    await dialog.getByRole('button', { name: 'Allow once' }).click()
    await dialog.waitFor({ state: 'detached' })

    // The card shows the result; the final answer follows.
    await card.getByText('Done', { exact: true }).waitFor()
    // The card is drawn anew when the turn moves from the turn in flight to the history, which can
    // happen while the click lands (on a loaded machine it did: the card stayed closed and the wait
    // for its result ran out). A click that opened nothing is made again on the card as it is now;
    // whether it is open is the card's own aria-expanded, and it stays open across the move.
    await expect
      .poll(async () => {
        const closed = card.getByRole('button', { expanded: false })
        if ((await closed.count()) === 1) await closed.click({ timeout: 2_000 }).catch(() => undefined)
        return card.getByRole('button', { expanded: true }).count()
      })
      .toBe(1)
    // The result is in the card from the moment it says Done; the bound is for a busy machine.
    await card.getByText(ECHOED, { exact: true }).waitFor({ timeout: 30_000 })
    expect(await card.innerText()).toContain('"text"')
    await page.getByText('so the round trip works.', { exact: false }).first().waitFor()
    await page.getByRole('button', { name: 'Send', exact: true }).waitFor()
    // Moved from the turn in flight to the history, the answer is drawn once (within a second).
    await expect.poll(() => assistantReplies().filter({ hasText: 'so the round trip' }).count(), { timeout: 1000 }).toBe(1)
    await expect.poll(() => assistantReplies().count(), { timeout: 1000 }).toBe(3)
    // The model got the tool's result in its third request.
    expect(JSON.stringify(models!.modelRequests[2]?.body)).toContain(ECHOED)
    expect(models!.remainingTurns).toBe(0)

    // Opening the card while the answer streamed let go of the bottom; the button brings it back.
    const jump = page.getByRole('button', { name: 'Jump to latest' })
    if (await jump.isVisible()) await jump.click()
    await jump.waitFor({ state: 'detached' })
    await page.setViewportSize({ width: 1180, height: 1120 }) // the whole conversation
    await screenshotLightAndDark(page, 'chat')
    await page.setViewportSize({ width: 1180, height: 860 })

    // A reload: the whole conversation is still there, read back from the host.
    const { sessions } = await read(client!, HostResource.sessions, SessionsResourceSchema)
    expect(sessions).toHaveLength(1)
    await page.reload()
    await page.getByRole('navigation', { name: 'Sessions' }).getByRole('button', { name: sessions[0]!.title, exact: true }).click()
    await conversation().waitFor()
    const mine = conversation().getByRole('article', { name: 'You' })
    await expect.poll(() => mine.allInnerTexts()).toEqual(['Give me a plan\nwith a code sample, please.', 'Now try the echo tool.'])
    const replies = conversation().getByRole('article', { name: 'Assistant' })
    await replies.filter({ hasText: FIRST_DONE }).waitFor()
    await replies.filter({ hasText: 'Let me check that with the echo tool.' }).getByRole('region', { name: 'Tool call: echo' }).getByText('Done').waitFor()
    await replies.filter({ hasText: 'so the round trip works.' }).waitFor()
    // The card kept its result through the reload.
    await page.getByRole('region', { name: 'Tool call: echo' }).getByRole('button').first().click()
    await page.getByRole('region', { name: 'Tool call: echo' }).getByText(ECHOED, { exact: true }).waitFor()

    // Stop: the reply ends at once, what had arrived is kept and marked.
    models!.push({ type: 'stall', chunks: ['I will think about this ', 'for a very long time'] })
    await messageBox().fill('Think hard.')
    await page.keyboard.press('Enter')
    await page.getByText('for a very long time').waitFor()
    await page.getByRole('button', { name: 'Stop' }).click()
    const stopped = conversation().getByRole('article', { name: 'Assistant' }).filter({ hasText: 'for a very long time' })
    await stopped.getByText('Stopped', { exact: true }).waitFor()
    await page.getByRole('button', { name: 'Send', exact: true }).waitFor()

    // A reply that fails says why, with what to do.
    models!.push({ type: 'error', status: 401 })
    await messageBox().fill('One more?')
    await page.keyboard.press('Enter')
    const failure = conversation().getByRole('alert')
    await failure.getByText('The reply stopped with an error.').waitFor()
    await failure.getByRole('button', { name: 'Send again' }).waitFor()
    await page.getByRole('button', { name: 'Send', exact: true }).waitFor()
    await screenshot(page, 'chat-stopped-error.png')

    expect(app.pageErrors).toEqual([])
    expect(app.consoleErrors).toEqual([])
  }, 180_000)
})
