/**
 * Many tools, end to end through browser mode: the real host (`npm run host`), the built renderer in
 * headless Chromium, the scripted model server as an OpenAI-compatible provider, and the fixture MCP
 * server over stdio offering 45 tools. By default ("Auto") a session with more than 40 tools offers
 * find_tools and no extension tool;
 * the person switches the session to "Offer all tools" (at most 40): the chat warns, the person
 * chooses which extensions the session offers, the model is then offered only those, and both
 * choices are still there after a reload.
 */
import { join } from 'node:path'
import type { Client } from '@modelcontextprotocol/client'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { HostResource, SessionsResourceSchema, ToolsResourceSchema } from '../../src/shared/hostApi'
import type { ScriptedModelServer } from '../fixtures/modelServer/scriptedModelServer'
import { addConsentedExtension, read } from '../helpers/hostCalls'
import { openAppPage, root, type AppPage } from './appPage'
import { startChatWorld, type ChatWorld } from './chatWorld'

const fixtureServerPath = join(root, 'test/fixtures/servers/fixtureServer.mjs')

const SEARCH_REPLY = 'I can look tools up when I need them.'
const firstReply = 'I can see a great many tools, more than I am offered at once. '.repeat(3).match(/[\s\S]{1,8}/g)!
const FIRST_DONE = 'offered at once.'
const SECOND_REPLY = 'Now I am offered the system tools only.'

let world: ChatWorld | undefined
let models: ScriptedModelServer | undefined
let client: Client | undefined
let app: AppPage | undefined
let page: Page

/** The tool names the model was offered in its latest request. */
function offered(): string[] {
  const body = models!.modelRequests.at(-1)?.body as { tools?: { function: { name: string } }[] } | undefined
  return (body?.tools ?? []).map((tool) => tool.function.name)
}

const chooser = () => page.getByRole('button', { name: 'Choose extensions for this session' })
const toolOffer = () => page.getByRole('button', { name: /^Tools: / })
const offerPanel = () => page.getByRole('group', { name: 'Tools for this session' })
const panel = () => page.getByRole('group', { name: 'Extensions for this session' })
const messageBox = () => page.getByRole('textbox', { name: 'Message' })

beforeAll(async () => {
  // A model, set up through the host API (its screen has its own tests).
  world = await startChatWorld('chat-extensions', {
    turns: [
      { type: 'text', chunks: SEARCH_REPLY.match(/[\s\S]{1,8}/g)! },
      { type: 'text', chunks: firstReply, delayMs: 50 },
      { type: 'text', chunks: SECOND_REPLY.match(/[\s\S]{1,8}/g)! },
    ],
  })
  models = world.models
  client = world.client
  app = await openAppPage(world.host, { viewport: { width: 1180, height: 860 }, timeoutMs: 15_000 })
  page = app.page
}, 180_000)

afterAll(async () => {
  await world?.stop(app)
}, 60_000)

describe('Choosing the extensions of a session in browser mode (Electron stands in as headless Chromium)', () => {
  it('searches by default; with "Offer all tools" warns over the limit, offers the extensions the person chose, and keeps both choices across a reload', async () => {
    // An extension with more tools than the limit, added through the host API (its screen has its own tests).
    await addConsentedExtension(client!, { id: 'big', name: 'Big', type: 'stdio', command: process.execPath, args: [fixtureServerPath, '--tools=45'], env: {} })
    const catalog = () => read(client!, HostResource.tools, ToolsResourceSchema)
    await expect.poll(async () => (await catalog()).tools.filter((tool) => tool.extensionId === 'big').length, { timeout: 30_000 }).toBeGreaterThan(40)
    const { tools } = await catalog()
    const systemTools = tools.filter((tool) => tool.extensionId === 'system')
    expect(systemTools.length).toBeGreaterThan(0)
    const systemName = systemTools[0]!.extensionName || 'system'

    // The first message: by default ("Auto") more than 40 tools are searched, so only find_tools is offered, and there is no limit note.
    await page.getByRole('button', { name: 'New session', exact: true }).first().click()
    await expect.poll(() => messageBox().isEnabled()).toBe(true)
    await messageBox().fill('What can you do?')
    await page.keyboard.press('Enter')
    await page.getByText(SEARCH_REPLY).waitFor()
    await page.getByRole('button', { name: 'Send', exact: true }).waitFor()
    expect(offered()).toEqual(['find_tools'])
    expect(await page.getByText('more than the 40 a model is offered at once', { exact: false }).count()).toBe(0)
    // Its weight is shown under the reply, labelled with the tokenizer.
    await page.getByText(/^Sent ≈ [\d,]+ tokens \(o200k\), of which tool definitions \d+/).first().waitFor()
    // "Auto" offers the extensions chosen for the session, so the chooser is there already.
    expect(await chooser().count()).toBe(1)

    // The person switches this session to all tools.
    expect(await toolOffer().textContent()).toBe('Tools: auto')
    await toolOffer().click()
    await offerPanel().getByRole('radio', { name: /^Offer all tools/ }).check()
    const sessionsNow = () => read(client!, HostResource.sessions, SessionsResourceSchema)
    await expect.poll(async () => (await sessionsNow()).sessions[0]?.toolOffer).toBe('all')
    await page.keyboard.press('Escape')
    await offerPanel().waitFor({ state: 'detached' })
    // The header follows the session list, which reaches the page a moment after the host saved it.
    await expect.poll(() => toolOffer().textContent()).toBe('Tools: all')

    // The next message: the turn has more tools than the limit, and the chat says so while it runs.
    await messageBox().fill('Which tools do you have?')
    await page.keyboard.press('Enter')
    await page.getByText('more than the 40 a model is offered at once', { exact: false }).first().waitFor()
    await page.getByText(FIRST_DONE, { exact: false }).first().waitFor()
    await page.getByRole('button', { name: 'Send', exact: true }).waitFor()
    expect(offered()).toHaveLength(40)

    // The chooser: nothing chosen yet (automatic); choosing Big alone would still be over the limit.
    expect(await chooser().getAttribute('aria-expanded')).toBe('false')
    await chooser().click()
    await panel().getByText('Now chosen automatically.', { exact: false }).waitFor()
    const big = panel().getByRole('checkbox', { name: /^Big/ })
    const system = panel().getByRole('checkbox', { name: new RegExp(`^${systemName}`, 'i') })
    expect(await big.isChecked()).toBe(false)
    await big.check()
    const bigTools = tools.filter((tool) => tool.extensionId === 'big').length
    await panel().getByRole('status').getByText(`${bigTools} of 40 tools selected; only the first ones will be offered.`).waitFor()
    // Escape closes without saving and gives the focus back to the button.
    await page.keyboard.press('Escape')
    await panel().waitFor({ state: 'detached' })
    expect(await page.evaluate('document.activeElement?.textContent')).toBe('Choose extensions for this session')

    // The system extension only, saved for this session.
    await chooser().click()
    expect(await big.isChecked()).toBe(false)
    await system.check()
    await panel().getByRole('status').getByText(`${systemTools.length} of 40 tools selected.`).waitFor()
    await panel().getByRole('button', { name: 'Save' }).click()
    await panel().waitFor({ state: 'detached' })
    await expect.poll(async () => (await sessionsNow()).sessions[0]?.activeExtensions).toEqual(['system'])

    // The next turn offers the system tools and nothing else.
    await messageBox().fill('And now?')
    await page.keyboard.press('Enter')
    await page.getByText(SECOND_REPLY).waitFor()
    await page.getByRole('button', { name: 'Send', exact: true }).waitFor()
    expect(offered().length).toBe(systemTools.length)
    expect(offered().every((name) => name.startsWith('system__'))).toBe(true)
    expect(models!.remainingTurns).toBe(0)

    // A reload: the session still offers only the system extension, and the chooser says so.
    const { sessions } = await sessionsNow()
    expect(sessions).toHaveLength(1)
    await page.reload()
    await page.getByRole('navigation', { name: 'Sessions' }).getByRole('button', { name: sessions[0]!.title, exact: true }).click()
    await page.getByText(SECOND_REPLY).waitFor()
    // The header follows the session list, which reaches the page a moment after the host saved it.
    await expect.poll(() => toolOffer().textContent()).toBe('Tools: all')
    // The over-the-limit turn's note is part of the conversation, not only of the turn while it ran.
    await page.getByText('more than the 40 a model is offered at once', { exact: false }).first().waitFor()
    await chooser().click()
    await panel().getByText('Now: 1 extension chosen.', { exact: false }).waitFor()
    expect(await system.isChecked()).toBe(true)
    expect(await big.isChecked()).toBe(false)
    await panel().getByRole('button', { name: 'Cancel' }).click()
    await panel().waitFor({ state: 'detached' })

    expect(app!.pageErrors).toEqual([])
  }, 180_000)
})
